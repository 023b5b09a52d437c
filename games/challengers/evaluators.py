"""Challengers!' evaluators by id: those of the weights manifest (`knowledge`; its default,
`learned`, is `EVALUATOR`) and the hand-written worth before them (`logistic`); and its fixed
bots by the arena's spec name. The registry reads this module
(`games.registry.GameEntry.evaluators`, `.bots`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.challengers.drafters import PowerDrafter
from games.challengers.game import GAME
from games.challengers.knowledge import manifest

Evaluator = manifest.LearnedWorth | manifest.HandWritten

EVALUATOR: Evaluator = manifest.default()
"""The default evaluator: the manifest's `default` engine."""
LOGISTIC: Evaluator = manifest.HAND_WRITTEN
"""The hand-written worth (`value=logistic`)."""
EVALUATORS: dict[str, Evaluator] = {**manifest.manifest().engines, "logistic": LOGISTIC}
NETWORKS = manifest.default().networks
"""The networks `EVALUATOR` reads, by their ids in the manifest."""
GREEDY: Evaluator = LOGISTIC
"""The evaluator whose highest prior the greedy baseline plays: the hand-written one, so greedy
stays the targets' opponent."""

BOTS: dict[str, Callable[..., Any]] = {"power": PowerDrafter}
"""Bots of this game alone by spec kind: each called with the game and the spec's options."""

__all__ = ["BOTS", "EVALUATOR", "EVALUATORS", "GAME", "GREEDY", "LOGISTIC", "NETWORKS"]
