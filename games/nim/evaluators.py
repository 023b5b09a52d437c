"""Nim's evaluators by id: none but the default (`Uniform`, no knowledge), which the registry
lists as `default`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.nim.game import GAME, Action, NimState


class Uniform:
    """No knowledge: an even value, even priors and uniformly random playouts."""

    def evaluate(self, state: NimState) -> Sequence[float]:
        return (0.5, 0.5)

    def priors(self, state: NimState, actions: Sequence[Action]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)

    def rollout_action(self, state: NimState, rng: random.Random) -> Action:
        legal = GAME.legal_actions(state)
        return legal[rng.randrange(len(legal))]


EVALUATOR = Uniform()
"""The default evaluator."""
EVALUATORS: dict[str, Uniform] = {}
NETWORKS: tuple[str, ...] = ()
"""The networks `EVALUATOR` reads: none."""
GREEDY = EVALUATOR
"""The evaluator whose highest prior the greedy baseline plays."""

BOTS: dict[str, Callable[..., Any]] = {}
"""Bots of this game alone by the arena's spec kind: none."""

__all__ = ["BOTS", "EVALUATOR", "EVALUATORS", "GAME", "GREEDY", "NETWORKS"]
