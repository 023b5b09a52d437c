"""Splendor: Marvel's kernel with generation 3's value and priors.

`kernel_learned_policy` with `network.evaluate_gen3_kernel` (`network_gen3.json`) as `evaluate`
and `network_policy.priors_gen3_kernel` (`network_policy_gen3.json`) as `priors`; every other
function is that kernel's own. `learned.LEARNED_GEN3` hands this module to the compiled search
(`value=learned-gen3`; the default's heads-up, `kernel_learned_default`), beside generation 2's
kernel, so one arena process can play the two generations against each other.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network import evaluate_gen3_kernel
from games.splendor_marvel.network_policy import priors_gen3_kernel

evaluate = evaluate_gen3_kernel
priors = priors_gen3_kernel
__all__ = kernel_learned_policy.__all__
