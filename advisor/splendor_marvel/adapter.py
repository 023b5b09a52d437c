"""Splendor: Marvel behind the service's `GameAdapter` interface."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from google.protobuf.message import Message

from advisor.coaching import Reason
from advisor.moves import decode_move
from advisor.splendor_marvel import coach
from advisor.splendor_marvel.events import events
from advisor.splendor_marvel.validate import validate_observation, validate_state
from contract.codecs import splendor_marvel as codec
from contract.v1 import advisor_pb2, common_pb2
from contract.v1 import splendor_marvel_pb2 as pb
from games.registry import GAMES
from games.splendor_marvel import (
    DEFAULT_TURN_CAP,
    GAME,
    Action,
    Observation,
    Phase,
    SplendorState,
    describe,
    legal_actions,
    new_game,
    parse,
    sample,
    summarize,
    why_illegal,
)
from games.splendor_marvel.catalogue import NUM_CARDS


def _world(view: SplendorState | Observation) -> SplendorState:
    """A full state for rules questions whose answer is public (any consistent world will do)."""
    return view if isinstance(view, SplendorState) else sample(view, random.Random(0))


class SplendorAdapter:
    """Stateless; one instance serves every request."""

    name = "splendor_marvel"
    game_id = common_pb2.GAME_SPLENDOR_MARVEL
    max_list_length = NUM_CARDS
    engine = GAME

    def info(self) -> advisor_pb2.GameInfo:
        return advisor_pb2.GameInfo(
            game=common_pb2.GAME_SPLENDOR_MARVEL,
            title=GAMES[self.name].title,
            player_counts=GAMES[self.name].player_counts,
            splendor_marvel=codec.catalogue_to_proto(),
        )

    def observation(self, msg: Message, path: str) -> Observation:
        assert isinstance(msg, pb.SplendorObservation)
        validate_observation(msg, path)
        return codec.observation_from_proto(msg)

    def state(self, msg: Message, path: str) -> SplendorState:
        assert isinstance(msg, pb.SplendorState)
        validate_state(msg, path)
        return codec.state_from_proto(msg)

    def observation_message(self, obs: Observation) -> common_pb2.Observation:
        return common_pb2.Observation(splendor_marvel=codec.observation_to_proto(obs))

    def state_message(self, state: SplendorState) -> common_pb2.GameState:
        return common_pb2.GameState(splendor_marvel=codec.state_to_proto(state))

    def move(self, msg: common_pb2.Move, path: str) -> Action:
        return decode_move(
            msg,
            path,
            self.name,
            lambda inner: codec.move_from_proto(cast(pb.SplendorMove, inner)),
            parse,
        )

    def move_message(self, action: Action, seat: int) -> common_pb2.Move:
        return common_pb2.Move(
            splendor_marvel=codec.move_to_proto(action),
            notation=action.notation(),
            description=describe(action),
            seat=seat,
        )

    def new_game(
        self, players: int, seed: int | None, start_seat: int, turn_cap: int
    ) -> SplendorState:
        return new_game(players, seed, start_seat=start_seat, turn_cap=turn_cap or DEFAULT_TURN_CAP)

    def to_move(self, view: SplendorState | Observation) -> int:
        return view.current

    def is_over(self, view: SplendorState | Observation) -> bool:
        return view.result is not None

    def legal_moves(self, view: SplendorState | Observation) -> Sequence[Action]:
        return legal_actions(_world(view))

    def hides_moves(self, view: SplendorState | Observation) -> bool:
        """Only a blind reserve the observer cannot see makes the mover's moves private."""
        if isinstance(view, SplendorState) or view.seat == view.current:
            return False
        return any(not card.card for card in view.reserved[view.current])

    def why_illegal(self, state: SplendorState, action: Action) -> str | None:
        return why_illegal(state, action)

    def play(self, state: SplendorState, action: Action) -> list[common_pb2.Event]:
        before = state.clone()
        # Through the game, so that the history records it; the decks are in order, so the
        # move draws nothing from the generator.
        GAME.apply(state, action, random.Random(0))
        return [
            common_pb2.Event(kind=e.kind, seat=e.seat, card=e.card, description=e.description)
            for e in events(before, state, action)
        ]

    def summaries(self, view: SplendorState | Observation) -> list[common_pb2.SeatSummary]:
        return [
            common_pb2.SeatSummary(
                seat=s.seat, points=s.points, splendor_marvel=codec.summary_to_proto(s)
            )
            for s in summarize(_world(view))
        ]

    def in_follow_up(self, state: SplendorState, seat: int) -> bool:
        return state.result is None and state.current == seat and state.phase is not Phase.MAIN

    def points(self, state: SplendorState, seat: int) -> float:
        return float(state.points(seat))

    def reasons(
        self, obs: Observation, action: Action, alternative: Action | None, rng: random.Random
    ) -> list[Reason]:
        return coach.reasons(obs, action, alternative, rng)

    def match_wins(self, obs: Observation, seed: int, deadline: float | None) -> list[float]:
        return []  # no matches in Splendor: Marvel


ADAPTER: Any = SplendorAdapter()
