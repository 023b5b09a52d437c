"""Nim's engines by id: none but `default` (`GAME`), which the registry adds."""

from __future__ import annotations

from games.nim.game import GAME, Nim

ENGINES: dict[str, Nim] = {}
NETWORKS: tuple[str, ...] = ()
"""The networks `GAME` reads: none."""

__all__ = ["ENGINES", "GAME", "NETWORKS"]
