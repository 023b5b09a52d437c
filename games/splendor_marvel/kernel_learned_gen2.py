"""Splendor: Marvel's kernel with generation 2's value and the learned priors.

`kernel_learned_policy` with `network.evaluate_gen2_kernel` (`network_gen2.json`) as `evaluate`;
every other function is that kernel's own. `learned.LEARNED_GEN2` hands this module to the
compiled search (`value=learned-gen2`; the default's at 3 players, `kernel_learned_default`),
beside generation 1's kernel (`value=learned-gen1`), so one arena process can play the
generations against each other.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network import evaluate_gen2_kernel

evaluate = evaluate_gen2_kernel
__all__ = kernel_learned_policy.__all__
