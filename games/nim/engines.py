"""Nim's engines by id: none but `default` (`GAME`), which the registry adds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.nim.game import GAME, Nim

ENGINES: dict[str, Nim] = {}
NETWORKS: tuple[str, ...] = ()
"""The networks `GAME` reads: none."""

BOTS: dict[str, Callable[..., Any]] = {}
"""Bots of this game alone by the arena's spec kind: none."""

__all__ = ["BOTS", "ENGINES", "GAME", "NETWORKS"]
