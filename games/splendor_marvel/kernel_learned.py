"""Splendor: Marvel's kernel with the learned value (`network.evaluate_kernel`) as `evaluate`.

Every other function of the compiled-game contract is `kernel`'s own; `learned.LEARNED_VALUE`
hands this module to the compiled search (generation 0), beside the logistic
`compiled.COMPILED`; `kernel_learned_policy` adds the learned priors (generation 1).
"""

from __future__ import annotations

from games.splendor_marvel.kernel import (
    apply,
    current_player,
    is_terminal,
    legal_actions,
    num_players,
    priors,
    returns,
    rollout_action,
    sample,
)
from games.splendor_marvel.network import evaluate_kernel as evaluate

__all__ = [
    "apply",
    "current_player",
    "evaluate",
    "is_terminal",
    "legal_actions",
    "num_players",
    "priors",
    "returns",
    "rollout_action",
    "sample",
]
