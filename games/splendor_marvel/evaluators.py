"""Splendor: Marvel's evaluators by id: those of the weights manifest (`knowledge`; its default,
`learned`, is `EVALUATOR`) and the hand-written baseline (`logistic`). The registry reads this
module (`games.registry.GameEntry.evaluators`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.splendor_marvel.game import GAME
from games.splendor_marvel.knowledge import manifest

Evaluator = manifest.LearnedKnowledge | manifest.HandWritten

EVALUATOR: Evaluator = manifest.default()
"""The default evaluator: the manifest's `default` engine."""
LOGISTIC: Evaluator = manifest.HAND_WRITTEN
"""The hand-written baseline (`value=logistic`)."""
EVALUATORS: dict[str, Evaluator] = {**manifest.manifest().engines, "logistic": LOGISTIC}
NETWORKS = manifest.default().networks
"""The networks `EVALUATOR` reads, by their ids in the manifest."""
GREEDY: Evaluator = EVALUATOR
"""The evaluator whose highest prior the greedy baseline plays: the default's."""

BOTS: dict[str, Callable[..., Any]] = {}
"""Bots of this game alone by the arena's spec kind: none."""

__all__ = ["BOTS", "EVALUATOR", "EVALUATORS", "GAME", "GREEDY", "LOGISTIC", "NETWORKS"]
