"""Splendor: Marvel's kernel of the default with the final round finished (`endgame`).

`kernel_learned_default` with `endgame.evaluate_end_kernel` as `evaluate` and
`endgame.rollout_action_end_kernel` as `rollout_action`: once the end is triggered the round is
played out by each seat's best-standing move, in the evaluation and in the playout; elsewhere
the default's value and playout. Every other function, the priors included, is the
default's. `learned.LEARNED_END` hands this module to the compiled search (`value=learned-end`).
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned_default
from games.splendor_marvel.endgame import evaluate_end_kernel, rollout_action_end_kernel
from games.splendor_marvel.kernel_learned_default import *  # noqa: F403  (the same contract)

evaluate = evaluate_end_kernel
rollout_action = rollout_action_end_kernel
__all__ = kernel_learned_default.__all__
