"""Nim, the test suite's toy third game: a whole game behind the facade in a few lines.

It shows what adding a game is (games/README.md, "Adding a game"): this package, its messages
(`proto/advisor/v1/nim.proto`), its codec and adapter, and its registry entry, which is
registered only when asked for (`games/registry.py`, `TOY_GAMES`).
"""

from .game import GAME, PILES, Action, Nim, NimObservation, NimState, new_game

__all__ = ["GAME", "PILES", "Action", "Nim", "NimObservation", "NimState", "new_game"]
