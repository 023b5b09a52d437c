"""Kuhn poker's evaluators by id: the default judges a world by who holds the higher card;
`uniform` knows nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.uniform import Uniform

from .game import GAME, KuhnState


class HigherCard(Uniform):
    """A world's value leans to the seat with the higher card; a high card bets first."""

    def evaluate(self, state: KuhnState) -> Sequence[float]:
        lead = 0.3 if state.cards[0] > state.cards[1] else -0.3
        return (0.5 + lead, 0.5 - lead)

    def priors(self, state: KuhnState, actions: Sequence[str]) -> Sequence[float]:
        strong = state.cards[GAME.current_player(state)] == 2
        weights = [2.0 if (action == "bet") == strong else 1.0 for action in actions]
        return [w / sum(weights) for w in weights]


EVALUATOR = HigherCard(GAME)
"""The default evaluator."""
EVALUATORS: dict[str, Uniform] = {"higher-card": EVALUATOR, "uniform": Uniform(GAME)}
NETWORKS: tuple[str, ...] = ()
GREEDY = EVALUATOR
BOTS: dict[str, Callable[..., Any]] = {}
