"""The learned value of a Splendor: Marvel position: a small dense network, numpy and numba.

Inputs are `network_features.public_features` (public facts, from the seat to move); two hidden
ReLU layers; one logit per seat in turn order from the seat to move, added to the log of
today's logistic evaluation (`heuristics.evaluate`): the network learns a correction to it, and
with its last layer at zero it is that evaluation. A softmax over the seats in the game gives
each seat's chance to win. The
weights are fitted from the compiled search's self-play by `scripts/train_splendor_network.py`
and shipped in `network.json` (generation 0), `network_gen2.json` (generation 2, trained on
generation 1's searches), `network_gen3.json` (generation 3, on generation 2's),
`network_race.json` (one network for every table reading the race inputs, trained on the same
games as generation 3) and `network_gen4.json` (generation 4: that network retrained with the
default's searches added); the kernel's cache key hashes them, with every file here.

`evaluate` is the numpy forward pass for the Python search; `value_kernel` the same in numba
for the compiled one, equal to 1e-9, with `evaluate_kernel` (generation 0, `kernel_learned`),
`evaluate_gen2_kernel` (`kernel_learned_gen2`), `evaluate_gen3_kernel` (`kernel_learned_gen3`),
`evaluate_race_kernel` (`kernel_learned_race`) and `evaluate_gen4_kernel` (`kernel_learned_gen4`)
binding each network's weights. `GAME`'s
evaluation is chosen by table size in `network_default` (generation 4 heads-up, generation 2 at
3 players, `network_4p` at 4); generation 0 serves the baseline engines of `learned` (see
`benchmarks/LEARNING.md`).
"""

from __future__ import annotations

import math
from importlib import resources
from typing import Any

import numpy as np
from numba import njit

from games.splendor_marvel import kernel as k
from games.splendor_marvel.dense import Weights, forward, read_weights
from games.splendor_marvel.network_features import network_inputs, network_inputs_kernel


def shipped(name: str) -> Weights:
    """The weights in the package's file `name`."""
    return read_weights(resources.files(__package__).joinpath(name).read_text("utf-8"))


WEIGHTS: Weights = shipped("network.json")
"""Generation 0's value (`value=learned-value` and `learned-gen1`)."""
W1, B1, W2, B2, W3, B3 = WEIGHTS
GEN2: Weights = shipped("network_gen2.json")
"""Generation 2's value, trained on generation 1's searches (`GAME`'s at 3 players)."""
GEN2_W1, GEN2_B1, GEN2_W2, GEN2_B2, GEN2_W3, GEN2_B3 = GEN2
GEN3: Weights = shipped("network_gen3.json")
"""Generation 3's value, trained on generation 2's searches (`value=learned-gen3`)."""
GEN3_W1, GEN3_B1, GEN3_W2, GEN3_B2, GEN3_W3, GEN3_B3 = GEN3
RACE: Weights = shipped("network_race.json")
"""One value for every table with the race inputs, trained on generation 3's data
(`value=learned-race`)."""
RACE_W1, RACE_B1, RACE_W2, RACE_B2, RACE_W3, RACE_B3 = RACE
GEN4: Weights = shipped("network_gen4.json")
"""Generation 4's value: the race inputs at every table, trained on the default's searches with
generation 3's data (`GAME`'s heads-up, `value=learned-gen4`)."""
GEN4_W1, GEN4_B1, GEN4_W2, GEN4_B2, GEN4_W3, GEN4_B3 = GEN4
GEN4_PLAYERS = 2
"""The table size where the default searches with generation 4 (value and priors): it beat
generation 3 heads-up (+44 Elo by SPRT); at 4 players one seat of it missed the 4-player goal's
SPRT (benchmarks/LEARNING.md)."""


def value_of_world(world: np.ndarray, weights: Weights = WEIGHTS) -> tuple[float, ...]:
    """Each seat's chance to win in `world` (a kernel world, not over), numpy forward pass
    (the race inputs after the public ones if the weights read them)."""
    x = np.empty(weights[0].shape[1])
    network_inputs(world, x)
    n, current = int(world[k.NUM_PLAYERS]), int(world[k.CURRENT])
    base = np.empty(n)
    k.evaluate(world, base)
    order = [(current + r) % n for r in range(n)]
    logits = forward(x, weights)[:n] + np.log(base[order])
    chances = np.exp(logits - logits.max())
    chances /= chances.sum()
    return tuple(float(chances[(seat - current) % n]) for seat in range(n))


def evaluate(state: Any, weights: Weights = WEIGHTS) -> tuple[float, ...]:
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
    n = world[k.NUM_PLAYERS]
    if world[k.OVER]:
        k.returns(world, out)
        return
    x = np.empty(w1.shape[1])
    network_inputs_kernel(world, x)
    second = _relu_layer(w2, b2, _relu_layer(w1, b1, x))
    base = np.empty(n)
    k.evaluate(world, base)
    current = world[k.CURRENT]
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


@njit(nogil=True)
def evaluate_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from generation 0's network (`network.json`)."""
    value_kernel(world, out, W1, B1, W2, B2, W3, B3)


@njit(nogil=True)
def evaluate_gen2_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from generation 2's network (`network_gen2.json`)."""
    value_kernel(world, out, GEN2_W1, GEN2_B1, GEN2_W2, GEN2_B2, GEN2_W3, GEN2_B3)


@njit(nogil=True)
def evaluate_gen3_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from generation 3's network (`network_gen3.json`)."""
    value_kernel(world, out, GEN3_W1, GEN3_B1, GEN3_W2, GEN3_B2, GEN3_W3, GEN3_B3)


@njit(nogil=True)
def evaluate_race_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from the every-table race network (`network_race.json`)."""
    value_kernel(world, out, RACE_W1, RACE_B1, RACE_W2, RACE_B2, RACE_W3, RACE_B3)


@njit(nogil=True)
def evaluate_gen4_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from generation 4's network (`network_gen4.json`)."""
    value_kernel(world, out, GEN4_W1, GEN4_B1, GEN4_W2, GEN4_B2, GEN4_W3, GEN4_B3)
