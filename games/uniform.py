"""The evaluator of no knowledge (a `search.evaluator.Evaluator` by shape), for a game without a
heuristic of its own: Nim, or a game plugged in from outside the tree."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class Uniform:
    """Every seat's value even, every move's prior even, playouts uniformly random."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def evaluate(self, state: Any) -> Sequence[float]:
        seats = self.game.num_players(state)
        return [1.0 / seats] * seats

    def priors(self, state: Any, actions: Sequence[Any]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)

    def rollout_action(self, state: Any, rng: random.Random) -> Any:
        legal = self.game.legal_actions(state)
        return legal[rng.randrange(len(legal))]
