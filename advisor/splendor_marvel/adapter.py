"""Splendor: Marvel behind the service's `GameAdapter` interface."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from advisor.engine_adapter import EngineAdapter
from advisor.splendor_marvel import coach, validate
from advisor.splendor_marvel.events import events
from contract.codecs import splendor_marvel as codec
from contract.v1 import common_pb2
from games.splendor_marvel import (
    DEFAULT_TURN_CAP,
    GAME,
    Action,
    Observation,
    Phase,
    SplendorState,
    new_game,
    summarize,
    why_illegal,
)
from games.splendor_marvel.catalogue import NUM_CARDS

if TYPE_CHECKING:
    from advisor.adapters import GameAdapter


class SplendorAdapter(EngineAdapter[SplendorState, Observation, Action]):
    """The engine's defaults, with the game's settings, its referee's events and summaries."""

    name = "splendor_marvel"
    engine = GAME
    state_type = SplendorState
    codec = codec
    validator = validate
    coach = coach
    max_list_length = NUM_CARDS

    def new_game(
        self, players: int, seed: int | None, start_seat: int, turn_cap: int
    ) -> SplendorState:
        return new_game(players, seed, start_seat=start_seat, turn_cap=turn_cap or DEFAULT_TURN_CAP)

    def to_move(self, view: SplendorState | Observation) -> int:
        return view.current

    def is_over(self, view: SplendorState | Observation) -> bool:
        return view.result is not None

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
            for s in summarize(self.world(view))
        ]

    def in_follow_up(self, state: SplendorState, seat: int) -> bool:
        return state.result is None and state.current == seat and state.phase is not Phase.MAIN

    def points(self, state: SplendorState, seat: int) -> float:
        return float(state.points(seat))


ADAPTER: GameAdapter = SplendorAdapter()
