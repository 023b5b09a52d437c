"""Splendor: Marvel's kernel with generation 4's value and priors.

`kernel_learned_policy` with `network.evaluate_gen4_kernel` (`network_gen4.json`, reading the
race inputs) as `evaluate` and `network_policy.priors_gen4_kernel` (`network_policy_gen4.json`)
as `priors`; every other function is that kernel's own. `learned.LEARNED_GEN4` hands this module
to the compiled search (`value=learned-gen4`), beside the default's kernel, so one arena process
can play the two against each other.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network import evaluate_gen4_kernel
from games.splendor_marvel.network_policy import priors_gen4_kernel

evaluate = evaluate_gen4_kernel
priors = priors_gen4_kernel
__all__ = kernel_learned_policy.__all__
