"""Challengers!'s kernel for a learned engine, generic: its priors and its playouts read the worth
tables `PRIOR_WORTH` and `PLAYOUT_WORTH` (`heuristics.worth_table` of a `heuristics.Worth`),
which `compiled.LearnedCompiled` binds per engine of the weights manifest
(`kernels.specialize`); every other function of its kernel is `kernel.game`'s."""

from __future__ import annotations

import numpy as np

from kernels.borrow import borrowed

from . import heuristics as kh

PRIOR_WORTH = PLAYOUT_WORTH = np.empty(0)
"""Stand for an engine's worth tables until `compiled.LearnedCompiled` binds them."""


def rollout_action(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    """The engine's playout move (`heuristics.rollout_action` at its playouts' worth)."""
    return kh.rollout_action(borrowed(world), borrowed(rng), borrowed(buffer), PLAYOUT_WORTH)


def priors(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`out[:count]`: the engine's priors over `actions[:count]` (at its priors' worth)."""
    kh.priors(borrowed(world), borrowed(actions), count, borrowed(out), PRIOR_WORTH)
