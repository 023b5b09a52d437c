"""Splendor: Marvel's kernel with the every-table race value and the default's priors.

`kernel_learned_policy` with `network.evaluate_race_kernel` (`network_race.json`, reading the
race inputs) as `evaluate` and `network_policy.priors_default_kernel` as `priors` (the default's
by table size); every other function is that kernel's own. `learned.LEARNED_RACE` hands this
module to the compiled search (`value=learned-race`), beside the default's kernel, so one arena
process can play the two values against each other.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network import evaluate_race_kernel
from games.splendor_marvel.network_policy import priors_default_kernel

evaluate = evaluate_race_kernel
priors = priors_default_kernel
__all__ = kernel_learned_policy.__all__
