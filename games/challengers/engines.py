"""Challengers!' engines by id: the learned card worth (`learned`, which is `GAME`) and the
hand-written one before it (`logistic`); and its fixed bots by the arena's spec name. The
registry reads `ENGINES` and `BOTS` (`games.registry.GameEntry.engines`, `.bots`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.challengers.drafters import PowerDrafter
from games.challengers.game import GAME, LOGISTIC_GAME, Challengers

ENGINES: dict[str, Challengers] = {"learned": GAME, "logistic": LOGISTIC_GAME}
NETWORKS: tuple[str, ...] = ()
"""The networks `GAME` reads: none (its learned card worth is `worth.json`, not a network)."""

BOTS: dict[str, Callable[..., Any]] = {"power": PowerDrafter}
"""Bots of this game alone by spec kind: each called with the game and the spec's options."""

__all__ = ["BOTS", "ENGINES", "GAME", "NETWORKS"]
