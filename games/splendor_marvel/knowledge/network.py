"""The value architecture of Splendor: Marvel (`value-dense`): a small dense network, numpy
and numba, computed from weights passed in.

Inputs are `network_features.public_features` (public facts, from the seat to move; then the
race inputs if the weights read them); two hidden ReLU layers; one logit per seat in turn order
from the seat to move, added to the log of the logistic evaluation (`heuristics.evaluate`): the
network learns a correction to it, and with its last layer at zero it is that evaluation. A
softmax over the seats in the game gives each seat's chance to win. Weights are fitted from the
compiled search's self-play by `scripts/train_splendor_network.py` and shipped as files named
by `weights/manifest.json` (`knowledge`).

`evaluate` is the numpy forward pass for the Python search; `value_kernel` the same in numba for
the compiled one, equal to 1e-9; `bound_value` compiles it with one network's weights frozen in.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.kernel import layout as L
from games.splendor_marvel.knowledge.dense import Weights, forward
from games.splendor_marvel.knowledge.network_features import network_inputs, network_inputs_kernel
from kernels.specialize import specialize

ARCHITECTURE = "value-dense"
"""The manifest's name of this architecture (`knowledge`)."""
VERSION = 1
"""Its version: a manifest entry names the version it was trained for."""

_UNBOUND = np.empty((0, 0))
W1 = B1 = W2 = B2 = W3 = B3 = _UNBOUND
"""The weights `bound_value` binds (placeholders here)."""


def value_of_world(world: np.ndarray, weights: Weights) -> tuple[float, ...]:
    """Each seat's chance to win in `world` (a kernel world, not over), numpy forward pass
    (the race inputs after the public ones if the weights read them)."""
    x = np.empty(weights[0].shape[1])
    network_inputs(world, x)
    n, current = int(world[L.NUM_PLAYERS]), int(world[L.CURRENT])
    base = np.empty(n)
    k.evaluate(world, base)
    order = [(current + r) % n for r in range(n)]
    logits = forward(x, weights)[:n] + np.log(base[order])
    chances = np.exp(logits - logits.max())
    chances /= chances.sum()
    return tuple(float(chances[(seat - current) % n]) for seat in range(n))


def evaluate(state: Any, weights: Weights) -> tuple[float, ...]:
    """`heuristics.evaluate`'s counterpart from the network, for a `SplendorState`."""
    if state.result is not None:
        return tuple(state.result)
    from games.splendor_marvel.compiled import COMPILED

    return value_of_world(COMPILED.encode_state(state), weights)


@njit(nogil=True)
def _relu_layer(weight: np.ndarray, bias: np.ndarray, inputs: np.ndarray) -> np.ndarray:
    """max(weight @ inputs + bias, 0), summed in input order."""
    out = np.empty(weight.shape[0])
    for i in range(weight.shape[0]):
        total = bias[i]
        for j in range(weight.shape[1]):
            total += weight[i, j] * inputs[j]
        out[i] = max(total, 0.0)
    return out


@njit(nogil=True)
def value_kernel(world: np.ndarray, out: np.ndarray, w1: np.ndarray, b1: np.ndarray,
                 w2: np.ndarray, b2: np.ndarray, w3: np.ndarray, b3: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from the network with weights (w1, b1, .., b3):
    `value_of_world`, compiled."""
    n = world[L.NUM_PLAYERS]
    if world[L.OVER]:
        k.returns(world, out)
        return
    x = np.empty(w1.shape[1])
    network_inputs_kernel(world, x)
    second = _relu_layer(w2, b2, _relu_layer(w1, b1, x))
    base = np.empty(n)
    k.evaluate(world, base)
    current = world[L.CURRENT]
    logits = np.empty(n)
    top = -math.inf
    for r in range(n):
        total = b3[r] + math.log(base[(current + r) % n])
        for j in range(second.shape[0]):
            total += w3[r, j] * second[j]
        logits[r] = total
        top = max(top, total)
    norm = 0.0
    for r in range(n):
        logits[r] = math.exp(logits[r] - top)
        norm += logits[r]
    for r in range(n):
        out[(current + r) % n] = logits[r] / norm


def _evaluate_bound(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from the bound weights."""
    value_kernel(world, out, W1, B1, W2, B2, W3, B3)


def bound_value(weights: Weights, tag: str) -> Any:
    """`kernel.evaluate`'s contract from `weights`, compiled with them frozen in and cached
    under `tag` (an identifier part that changes whenever the weights do)."""
    names = ("W1", "B1", "W2", "B2", "W3", "B3")
    bound = specialize([_evaluate_bound], dict(zip(names, weights, strict=True)), f"value_{tag}")
    return bound["_evaluate_bound"]
