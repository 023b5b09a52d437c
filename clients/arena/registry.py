"""The arena's view of the games: their engines, loaded through the one registry."""

from __future__ import annotations

from typing import Any

from games.registry import GAMES, LoadedGame, entry


def game_names() -> list[str]:
    """Every game the arena can referee."""
    return list(GAMES)


def load_game(name: str) -> LoadedGame:
    """The engine of `name`; ValueError if the game is unknown."""
    return entry(name).load()


def is_capped(state: Any) -> bool:
    """True when a finished game ended by the engine's own turn cap rather than by the rules.

    Convention: an engine with a cap keeps `round` and `turn_cap` on its state.
    """
    cap = getattr(state, "turn_cap", None)
    rounds = getattr(state, "round", None)
    return isinstance(cap, int) and isinstance(rounds, int) and rounds >= cap
