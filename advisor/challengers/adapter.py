"""Challengers! behind the service's `GameAdapter` interface."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from google.protobuf.message import Message

from advisor.challengers import coach
from advisor.challengers.validate import validate_observation, validate_state
from advisor.coaching import Reason
from advisor.moves import decode_move
from contract.codecs import challengers as codec
from contract.v1 import advisor_pb2, common_pb2
from contract.v1 import challengers_pb2 as pb
from games.challengers import (
    CARDS,
    GAME,
    Action,
    Observation,
    State,
    describe,
    new_game,
    observe,
)
from games.challengers.flow import fan_total
from games.challengers.odds import match_win_chances
from games.challengers.state import Phase
from games.registry import GAMES

MATCH_PLAYOUTS = 100  # about 0.1 s; the chances are good to about +-5 points


def referee_rng(state: State) -> random.Random:
    """The randomness of the next referee move: a function of the full state."""
    digest = hashlib.sha256(codec.state_to_proto(state).SerializeToString(deterministic=True))
    return random.Random(digest.digest())


def _seat_to_decide(view: State | Observation) -> int:
    if view.phase == Phase.MATCH:
        return view.pending_participant
    if view.phase in (Phase.DECK, Phase.FINAL_TRIM):
        return view.finalists[view.turn] if view.finalists else view.turn
    return -1


def _world(view: State | Observation) -> State:
    """A full state for rules questions whose answer is public to the seat to decide."""
    return view if isinstance(view, State) else GAME.sample(view, random.Random(0))


def _structured(msg: Message) -> Action:
    assert isinstance(msg, pb.ChallengersMove)
    return codec.move_from_proto(msg)


def _summary(o: Observation, p: int) -> common_pb2.SeatSummary:
    trophy_fans = sum(max(o.trophy_fans[(t >> 2) - 1][t & 3], 0) for t in o.trophies[p])
    fans = max(o.fans[p] + trophy_fans, 0)
    return common_pb2.SeatSummary(
        seat=p, points=fans,
        challengers=pb.ChallengersSeatSummary(
            visible_fans=fans, trophies=len(o.trophies[p]), deck_size=len(o.decks[p])
        ),
    )


def _game_over(result: tuple[float, ...], robot: int) -> common_pb2.Event:
    """Who won: the seats with the best share, or the robot (its participant index as the
    event's seat) when every seat's share is 0 (a solo tournament the robot won)."""
    best = max(result)
    if best <= 0:
        return common_pb2.Event(kind="game_over", seat=max(robot, 0),
                                description="the robot wins the tournament")
    winners = [p for p, share in enumerate(result) if share == best]
    if len(winners) == 1 and best < 1 and robot >= 0 and len(result) == 1:
        text = f"seat {winners[0]} ties with the robot"
    elif len(winners) == 1:
        text = f"seat {winners[0]} wins the tournament"
    else:
        text = f"seats {', '.join(map(str, winners))} share the tournament"
    return common_pb2.Event(kind="game_over", seat=winners[0], description=text)


class ChallengersAdapter:
    """Stateless; one instance serves every request."""

    name = "challengers"
    game_id = common_pb2.GAME_CHALLENGERS
    max_list_length = sum(card.copies for card in CARDS)
    engine = GAME

    def info(self) -> advisor_pb2.GameInfo:
        return advisor_pb2.GameInfo(
            game=common_pb2.GAME_CHALLENGERS,
            title=GAMES[self.name].title,
            player_counts=GAMES[self.name].player_counts,
            challengers=codec.catalogue_to_proto(),
        )

    def observation(self, msg: Message, path: str) -> Observation:
        assert isinstance(msg, pb.ChallengersObservation)
        return validate_observation(msg, path)

    def state(self, msg: Message, path: str) -> State:
        assert isinstance(msg, pb.ChallengersState)
        return validate_state(msg, path)

    def observation_message(self, obs: Observation) -> common_pb2.Observation:
        return common_pb2.Observation(challengers=codec.observation_to_proto(obs))

    def state_message(self, state: State) -> common_pb2.GameState:
        return common_pb2.GameState(challengers=codec.state_to_proto(state))

    def move(self, msg: common_pb2.Move, path: str) -> Action:
        return decode_move(msg, path, self.name, _structured, Action.parse)

    def move_message(self, action: Action, seat: int) -> common_pb2.Move:
        return common_pb2.Move(
            challengers=codec.move_to_proto(action), notation=str(action),
            description=describe(action), seat=seat,
        )

    def new_game(self, players: int, seed: int | None, start_seat: int, turn_cap: int) -> State:
        if start_seat:
            raise ValueError("start_seat: in Challengers! seat 0 always drafts first")
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        return new_game(players, seed)

    def to_move(self, view: State | Observation) -> int:
        return max(_seat_to_decide(view), 0)

    def is_over(self, view: State | Observation) -> bool:
        return view.phase == Phase.OVER

    def legal_moves(self, view: State | Observation) -> Sequence[Action]:
        return GAME.legal_actions(_world(view))

    def hides_moves(self, view: State | Observation) -> bool:
        """Another drafter's offer, deck and pending choices are its own: only the deciding
        seat (or a full state) knows its moves."""
        if isinstance(view, State) or view.phase == Phase.OVER:
            return False
        return view.seat != _seat_to_decide(view)

    def why_illegal(self, state: State, action: Action) -> str | None:
        if state.phase == Phase.OVER:
            return "the tournament is over"
        if action in GAME.legal_actions(state):
            return None
        legal = ", ".join(str(a) for a in GAME.legal_actions(state)[:12])
        return f"not a legal move now (legal: {legal})"

    def play(self, state: State, action: Action) -> list[common_pb2.Event]:
        seat = _seat_to_decide(state)
        GAME.apply(state, action, referee_rng(state))
        out = [common_pb2.Event(kind="move_played", seat=seat, description=describe(action))]
        if state.phase == Phase.OVER and state.result is not None:
            out.append(_game_over(state.result, state.robot))
        return out

    def summaries(self, view: State | Observation) -> list[common_pb2.SeatSummary]:
        if isinstance(view, Observation):
            return [_summary(view, p) for p in range(view.num_players)]
        return [_summary(observe(view, p), p) for p in range(view.num_players)]

    def in_follow_up(self, state: State, seat: int) -> bool:
        return state.phase != Phase.OVER and _seat_to_decide(state) == seat

    def points(self, state: State, seat: int) -> float:
        return float(fan_total(state, seat))

    def reasons(
        self, obs: Observation, action: Action, alternative: Action | None, rng: random.Random
    ) -> list[Reason]:
        return coach.reasons(obs, action, alternative, rng)

    def match_wins(self, obs: Observation, seed: int, deadline: float | None) -> list[float]:
        rng = random.Random(f"matches/{seed}")
        return match_win_chances(obs, rng, MATCH_PLAYOUTS, until=deadline)


ADAPTER: Any = ChallengersAdapter()
