"""Challengers! behind the service's `GameAdapter` interface."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from advisor.challengers import coach, validate
from advisor.engine_adapter import EngineAdapter
from contract.codecs import challengers as codec
from contract.v1 import challengers_pb2 as pb
from contract.v1 import common_pb2
from games.challengers import CARDS, GAME, Action, Observation, State, observe
from games.challengers.flow import fan_total
from games.challengers.odds import match_win_chances
from games.challengers.state import Phase
from search import SearchConfig

if TYPE_CHECKING:
    from advisor.adapters import GameAdapter

MATCH_PLAYOUTS = 100  # about 0.1 s; the chances are good to about +-5 points


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


class ChallengersAdapter(EngineAdapter[State, Observation, Action]):
    """The engine's defaults, with the tournament's seat to decide, summaries and matches."""

    name = "challengers"
    engine = GAME
    state_type = State
    codec = codec
    validator = validate
    coach = coach
    max_list_length = sum(card.copies for card in CARDS)

    def new_game(self, players: int, seed: int | None, start_seat: int, turn_cap: int) -> State:
        if start_seat:
            raise ValueError("start_seat: in Challengers! seat 0 always drafts first")
        return super().new_game(players, seed, 0, turn_cap)

    def seat_to_decide(self, view: State | Observation) -> int:
        """The deck owner in a match, the drafter in a draft or trim; -1 otherwise."""
        if view.phase == Phase.MATCH:
            return view.pending_participant
        if view.phase in (Phase.DECK, Phase.FINAL_TRIM):
            return view.finalists[view.turn] if view.finalists else view.turn
        return -1

    def is_over(self, view: State | Observation) -> bool:
        return view.phase == Phase.OVER

    def why_illegal(self, state: State, action: Action) -> str | None:
        if state.phase == Phase.OVER:
            return "the tournament is over"
        return super().why_illegal(state, action)

    def game_over(self, state: State) -> list[common_pb2.Event]:
        if state.phase == Phase.OVER and state.result is not None:
            return [_game_over(state.result, state.robot)]
        return []

    def summaries(self, view: State | Observation) -> list[common_pb2.SeatSummary]:
        if isinstance(view, Observation):
            return [_summary(view, p) for p in range(view.num_players)]
        return [_summary(observe(view, p), p) for p in range(view.num_players)]

    def points(self, state: State, seat: int) -> float:
        return float(fan_total(state, seat))

    def judging(self, config: SearchConfig) -> SearchConfig:
        """Own searches play their playouts to the end: cut after a few plies, the static
        evaluation behind them misses what a thin deck loses in the matches to come (a trim
        to an empty deck read 62% where played out it wins 6%:
        benchmarks/coaching/deck_decisions.py)."""
        return replace(config, rollout_depth=None)

    def match_wins(self, obs: Observation, seed: int, deadline: float | None) -> list[float]:
        rng = random.Random(f"matches/{seed}")
        return match_win_chances(obs, rng, MATCH_PLAYOUTS, until=deadline)


CHALLENGERS = ChallengersAdapter()
ADAPTER: GameAdapter = CHALLENGERS
