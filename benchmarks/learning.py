"""Positions searched with the learned value, for `benchmarks.search_speed`'s `--game-factory`.

Usage: python -m benchmarks.search_speed --games splendor_marvel \\
           --game-factory benchmarks.learning:learned_positions --engines compiled --workers 1

The same named positions as `search_speed.splendor_positions`, with the engine that evaluates
by the value network (`games.splendor_marvel.learned`), so the table shows its cost beside
today's rows. How the network was trained and how it plays: `benchmarks/LEARNING.md`.
"""

from __future__ import annotations

from dataclasses import replace

from benchmarks.search_speed import Position, splendor_positions
from games.splendor_marvel import GAME


def learned_positions(num_players: int, seed: int) -> list[Position]:
    """`splendor_positions`, searched with the learned value."""
    return [replace(p, name=f"{p.name} net", game=GAME.learned)
            for p in splendor_positions(num_players, seed)]
