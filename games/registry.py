"""Every game the project serves, listed once: what the service, the CLI and the arena need.

An entry is plain data (no engine is imported until `load`), so a client can read it cheaply.

>>> GAMES["challengers"].player_counts
(1, 2, 3, 4, 5, 6, 7, 8)
>>> GAMES["challengers"].hides("pick:cow"), GAMES["splendor_marvel"].hides("take:YPB")
(True, False)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.splendor_marvel.catalogue import PLAYER_COUNTS as SPLENDOR_PLAYER_COUNTS


@dataclass(frozen=True)
class GameEntry:
    """One game: names, table sizes, notation examples, secret moves, and where its engine is."""

    name: str
    """The game's name everywhere: `Game.name`, the oneof branch of the messages, `--game`."""
    title: str
    player_counts: tuple[int, ...]
    engine_module: str
    """The package whose `GAME` (the `search.game.Game` object) and `new_game` play it."""
    examples: str
    """A few moves in notation, for help texts."""
    private_moves: frozenset[str] = frozenset()
    """Move kinds (the notation before ':') the other seats do not see."""
    results_between_moves: bool = False
    """Whether standings change between decisions (matches run by themselves)."""

    def hides(self, notation: str) -> bool:
        """Whether a move written so is hidden from the other seats."""
        return notation.partition(":")[0] in self.private_moves

    def load(self) -> LoadedGame:
        """The engine's `GAME` object and `new_game` (imports the engine)."""
        module = importlib.import_module(self.engine_module)
        return LoadedGame(self.name, module.GAME, module.new_game)


@dataclass(frozen=True)
class LoadedGame:
    """A game's engine: its `search.game.Game` object and `new_game(num_players, seed)`."""

    name: str
    game: Any
    new_game: Callable[..., Any]


GAMES: dict[str, GameEntry] = {
    "splendor_marvel": GameEntry(
        "splendor_marvel", "Splendor: Marvel", SPLENDOR_PLAYER_COUNTS, "games.splendor_marvel",
        "take:YPB, recruit:62, return:S",
    ),
    "challengers": GameEntry(
        "challengers", "Challengers!", tuple(range(1, 9)), "games.challengers",  # the rules: 1-8
        "opt:2A, pick:cow, trim:newcomer, done",
        # picks, payments and trims stay secret until the reveal; reorders after a private look
        frozenset({"pick", "trim", "top", "bottom", "order"}),
        results_between_moves=True,
    ),
}
DEFAULT_GAME = "splendor_marvel"


def entry(name: str) -> GameEntry:
    """The entry of `name`; ValueError naming the games there are."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(GAMES)}")
    return GAMES[name]
