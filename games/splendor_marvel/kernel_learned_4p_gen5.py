"""Splendor: Marvel's kernel with generation 5's 4-player value and priors.

`kernel_learned_policy` with `network_4p.evaluate_4p_gen5_kernel` (`network_4p_gen5.json`) as
`evaluate` and `network_policy.priors_4p_kernel` (`network_policy_4p.json`) as `priors`, both
trained on the default's 4-player self-play; every other function is that kernel's own.
`learned.LEARNED_4P_GEN5` hands this module to the compiled search (`value=learned-4p-gen5`).
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network_4p import evaluate_4p_gen5_kernel
from games.splendor_marvel.network_policy import priors_4p_kernel

evaluate = evaluate_4p_gen5_kernel
priors = priors_4p_kernel
__all__ = kernel_learned_policy.__all__
