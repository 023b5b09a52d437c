"""Splendor: Marvel's kernel with the learned value and the learned priors.

`kernel_learned` (the value network as `evaluate`) with `network_policy.priors_kernel` as
`priors` (generation 1); every other function is `kernel`'s own. `learned.LEARNED_GEN1` hands
this module to the compiled search, beside the logistic `compiled.COMPILED`;
`kernel_learned_gen2` swaps in generation 2's value.
"""

from __future__ import annotations

from games.splendor_marvel.kernel_learned import (
    apply,
    current_player,
    evaluate,
    is_terminal,
    legal_actions,
    num_players,
    returns,
    rollout_action,
    sample,
)
from games.splendor_marvel.network_policy import priors_kernel as priors

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
