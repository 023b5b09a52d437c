"""The games the arena can referee, loaded lazily by name (one line per game)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from search.game import AnyGame

_MODULES = {
    "splendor_marvel": ("games.splendor_marvel", "GAME"),
    "challengers": ("games.challengers", "Challengers"),
}
"""Game name → (module, attribute holding the `Game` object or class)."""


@dataclass(frozen=True)
class GameEntry:
    """A game's rules object and its set-up function `new_game(num_players, seed)`."""

    name: str
    game: AnyGame
    new_game: Callable[[int, int], Any]


def game_names() -> list[str]:
    """Every game name the arena knows (whether or not its engine is installed yet)."""
    return list(_MODULES)


def load_game(name: str) -> GameEntry:
    """The entry for `name`; raises ValueError for an unknown or not yet importable game."""
    if name not in _MODULES:
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(_MODULES)}")
    module_name, attribute = _MODULES[name]
    try:
        module = importlib.import_module(module_name)
        game = getattr(module, attribute)
        new_game = module.new_game
    except (ImportError, AttributeError) as err:
        raise ValueError(f"game {name!r} is not available yet ({err})") from err
    if isinstance(game, type):
        game = game()
    return GameEntry(name, game, new_game)


def is_capped(state: Any) -> bool:
    """True when a finished game ended by the engine's own turn cap rather than by the rules.

    Convention: an engine with a cap keeps `round` and `turn_cap` on its state.
    """
    cap = getattr(state, "turn_cap", None)
    rounds = getattr(state, "round", None)
    return isinstance(cap, int) and isinstance(rounds, int) and rounds >= cap
