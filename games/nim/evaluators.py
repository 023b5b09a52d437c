"""Nim's evaluators by id: none but the default (`games.uniform.Uniform`, no knowledge), which
the registry lists as `default`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.nim.game import GAME
from games.uniform import Uniform

EVALUATOR = Uniform(GAME)
"""The default evaluator."""
EVALUATORS: dict[str, Uniform] = {}
NETWORKS: tuple[str, ...] = ()
"""The networks `EVALUATOR` reads: none."""
GREEDY = EVALUATOR
"""The evaluator whose highest prior the greedy baseline plays."""

BOTS: dict[str, Callable[..., Any]] = {}
"""Bots of this game alone by the arena's spec kind: none."""

__all__ = ["BOTS", "EVALUATOR", "EVALUATORS", "GAME", "GREEDY", "NETWORKS"]
