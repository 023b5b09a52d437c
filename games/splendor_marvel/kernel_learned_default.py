"""Splendor: Marvel's kernel with the default's value and priors, chosen by table size.

`kernel_learned_policy` with `network_default.evaluate_default_kernel` as `evaluate` and
`network_policy.priors_default_kernel` as `priors`: generation 4's heads-up, generation 2's
priors at 3 and 4 players with generation 2's value at 3 and the 4-player table's at 4 (a
dispatch on the world's player count, so one kernel serves every table); every
other function is that kernel's own. `learned.LEARNED` hands this module to the compiled search
(`GAME.compiled`, `value=learned`), beside each generation's own kernel (`value=learned-gen2`,
`learned-gen3`, `learned-gen4`), so one arena process can play them against each other.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_policy
from games.splendor_marvel.kernel_learned_policy import *  # noqa: F403  (the same contract)
from games.splendor_marvel.network_default import evaluate_default_kernel
from games.splendor_marvel.network_policy import priors_default_kernel

evaluate = evaluate_default_kernel
priors = priors_default_kernel
__all__ = kernel_learned_policy.__all__
