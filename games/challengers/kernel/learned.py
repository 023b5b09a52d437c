"""Challengers!'s kernel for the default engine: the priors (and, if `worth.json` says so, the
playouts) read the learned worth (`kernel.heuristics.LEARNED`); every other function is
`kernel.game`'s own (the hand-written worth, `compiled.LOGISTIC`'s). `compiled.COMPILED` hands
this module to the compiled search."""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.borrow import borrowed

from . import heuristics as kh
from .game import (
    apply,
    current_player,
    evaluate,
    is_terminal,
    legal_actions,
    num_players,
    returns,
    sample,
)

__all__ = ["apply", "current_player", "evaluate", "is_terminal", "legal_actions",
           "num_players", "priors", "returns", "rollout_action", "sample"]


@njit(nogil=True)
def rollout_action(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    """The default engine's playout move (`heuristics.rollout_action` at its worth)."""
    return kh.rollout_action(borrowed(world), borrowed(rng), borrowed(buffer),
                             kh.LEARNED_PLAYOUT)


@njit(nogil=True)
def priors(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`out[:count]`: the learned priors over `actions[:count]`."""
    kh.priors(borrowed(world), borrowed(actions), count, borrowed(out), kh.LEARNED)
