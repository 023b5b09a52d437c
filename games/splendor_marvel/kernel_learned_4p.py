"""Splendor: Marvel's kernel with the 4-player table's value and generation 2's priors.

`kernel_learned_policy` with `network_4p.evaluate_4p_kernel` as `evaluate` (`network_4p.json`
at 4 players, generation 2's value elsewhere); every other function, the priors included, is
that kernel's own (generation 2's). `learned.LEARNED_4P` hands this module to the compiled
search (`value=learned-4p`), beside the default's kernel.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network_4p import evaluate_4p_kernel

evaluate = evaluate_4p_kernel
__all__ = kernel_learned_policy.__all__
