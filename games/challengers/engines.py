"""Challengers!' engines by id: the learned card worth (`learned`, which is `GAME`) and the
hand-written one before it (`logistic`). The registry reads `ENGINES`
(`games.registry.GameEntry.engines`)."""

from __future__ import annotations

from games.challengers.game import GAME, LOGISTIC_GAME, Challengers

ENGINES: dict[str, Challengers] = {"learned": GAME, "logistic": LOGISTIC_GAME}
NETWORKS: tuple[str, ...] = ()
"""The networks `GAME` reads: none (its learned card worth is `worth.json`, not a network)."""

__all__ = ["ENGINES", "GAME", "NETWORKS"]
