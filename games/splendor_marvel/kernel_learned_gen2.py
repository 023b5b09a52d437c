"""Splendor: Marvel's kernel with generation 2's value and the learned priors.

`kernel_learned_policy` with `network.evaluate_gen2_kernel` (`network_gen2.json`) as `evaluate`;
every other function is that kernel's own. `learned.LEARNED` hands this module to the compiled
search (`value=learned`), beside generation 1's kernel (`value=learned-gen1`), so one arena
process can play the two generations against each other.
"""

from __future__ import annotations

from games.splendor_marvel.kernel_learned_policy import (
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
from games.splendor_marvel.network import evaluate_gen2_kernel as evaluate

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
