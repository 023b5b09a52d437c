"""Nim behind the service's `GameAdapter` interface: the engine adapter's defaults, with no
hidden moves (perfect information)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from advisor.engine_adapter import EngineAdapter
from advisor.nim import validate
from contract.codecs import nim as codec
from games.nim import GAME, PILES, Action, NimObservation, NimState

if TYPE_CHECKING:
    from advisor.adapters import GameAdapter


class NimAdapter(EngineAdapter[NimState, NimObservation, Action]):
    name = "nim"
    engine = GAME
    state_type = NimState
    codec = codec
    validator = validate
    max_list_length = len(PILES)

    def hides_moves(self, view: NimState | NimObservation) -> bool:
        """Every seat sees the whole table."""
        return False


ADAPTER: GameAdapter = NimAdapter()
