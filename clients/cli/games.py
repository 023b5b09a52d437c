"""What the command line needs to know per game: its id, table sizes, notation, secrets."""

from __future__ import annotations

from dataclasses import dataclass

from contract.v1 import common_pb2


@dataclass(frozen=True)
class GameSpec:
    """One game as the command line offers it."""

    name: str
    game: common_pb2.Game
    min_seats: int
    max_seats: int
    examples: str
    """A few moves in notation, for help texts."""
    private: frozenset[str] = frozenset()
    """Move kinds (the notation before ':') the other seats do not see."""
    standings: bool = False
    """Whether `play` prints the standings when they change (results happen between moves)."""

    def hides(self, notation: str) -> bool:
        """Whether a move written so is hidden from the other seats."""
        return notation.partition(":")[0] in self.private


GAMES = {
    "splendor_marvel": GameSpec(
        "splendor_marvel", common_pb2.GAME_SPLENDOR_MARVEL, 2, 4,
        "take:YPB, recruit:62, return:S",
    ),
    "challengers": GameSpec(
        "challengers", common_pb2.GAME_CHALLENGERS, 1, 8,
        "opt:2A, pick:cow, trim:newcomer, done",
        # picks, payments and trims stay secret until the reveal; reorders after a private look
        frozenset({"pick", "trim", "top", "bottom", "order"}),
        standings=True,
    ),
}
DEFAULT_GAME = "splendor_marvel"
