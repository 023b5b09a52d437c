"""Splendor: Marvel's evaluators by id: those of the weights manifest (`knowledge`; its default,
`learned`, is `EVALUATOR`) and the hand-written baseline (`logistic`). The registry reads this
module (`games.registry.GameEntry.evaluators`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.splendor_marvel import knowledge
from games.splendor_marvel.game import GAME

Evaluator = knowledge.LearnedKnowledge | knowledge.HandWritten

EVALUATOR: Evaluator = knowledge.default()
"""The default evaluator: the manifest's `default` engine."""
LOGISTIC: Evaluator = knowledge.HAND_WRITTEN
"""The hand-written baseline (`value=logistic`)."""
EVALUATORS: dict[str, Evaluator] = {**knowledge.manifest().engines, "logistic": LOGISTIC}
NETWORKS = knowledge.default().networks
"""The networks `EVALUATOR` reads, by their ids in the manifest."""
GREEDY: Evaluator = EVALUATOR
"""The evaluator whose highest prior the greedy baseline plays: the default's."""

BOTS: dict[str, Callable[..., Any]] = {}
"""Bots of this game alone by the arena's spec kind: none."""

__all__ = ["BOTS", "EVALUATOR", "EVALUATORS", "GAME", "GREEDY", "LOGISTIC", "NETWORKS"]
