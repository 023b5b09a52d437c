"""The learned move priors of a Splendor: Marvel position: a correction to today's priors.

A move's logit is today's heuristic log-prior (`heuristics.priors`, floored at `LOG_FLOOR`),
scaled by `1 + scale[kind]`, plus a bias per action code and a linear score of the position's
public inputs (`network_features.public_features`, from the seat to move; then the race inputs,
`network_features.race_features`, if the weights have room for them) per kind of move (take,
reserve, recruit, ...); a softmax over the legal moves gives the priors. So with every
weight at zero it *is* today's priors; training (`scripts/train_splendor_policy.py`, on the
search's root visits in self-play) moves it where the searches disagree with them: which kinds
of move pay in which positions, and which cards are better than their heuristic score.

The weights ship in `network_policy.json` (generations 1 and 2), `network_policy_gen3.json`
(generation 3, trained on generation 2's searches), `network_policy_gen4.json` (generation 4,
on the default's) and `network_policy_4p.json` (generation 5 at 4 players: the public inputs,
trained on the default's 4-player searches; the race inputs gained it 0.0002 nats); the
kernel's cache key hashes them with every file here. `priors_of_world` is the numpy version
(the Python search's oracle), `policy_kernel` the same in numba for the compiled search, equal
to 1e-9, with `priors_kernel` (`kernel_learned_policy`), `priors_gen3_kernel`
(`kernel_learned_gen3`), `priors_gen4_kernel` (`kernel_learned_gen4`) and `priors_4p_kernel`
(`kernel_learned_4p_gen5`) binding each generation's weights. `GAME`'s priors are chosen by
table size as its value (`default_policy`, compiled as `priors_default_kernel`): generation
4's heads-up, generations 1-2's at 3 and 4 players.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from games.splendor_marvel import heuristics
from games.splendor_marvel import kernel as k
from games.splendor_marvel.actions import KIND_OF, Kind
from games.splendor_marvel.network import GEN4_PLAYERS
from games.splendor_marvel.network_features import (
    NUM_INPUTS,
    RACE_FEATURES,
    network_inputs,
    network_inputs_kernel,
)

NUM_KINDS = len(Kind)
LOG_FLOOR = -30.0
"""A heuristic log-prior counts as at least this (a prior can underflow to 0)."""
CODE_KIND = np.array([int(kind) if kind is not None else int(Kind.PASS)
                      for kind in KIND_OF] + [int(Kind.PASS)] * (k.NUM_ACTION_CODES - len(KIND_OF)),
                     dtype=np.int64)
"""The kind of move of each action code (codes no action has count as a pass: never legal)."""


class PolicyWeights(NamedTuple):
    """The policy's weights: per kind a log-prior scale and input weights, per code a bias."""

    scale: np.ndarray
    """(NUM_KINDS,): the heuristic log-prior is multiplied by 1 + scale[kind]."""
    bias: np.ndarray
    """(NUM_ACTION_CODES,)."""
    weight: np.ndarray
    """(NUM_KINDS, NUM_INPUTS) or (NUM_KINDS, NUM_INPUTS + RACE_FEATURES): a kind's linear
    score of the public inputs (and the race inputs)."""


def read_policy(text: str) -> PolicyWeights:
    """The weights in a `network_policy.json` text; ValueError if they do not fit."""
    data = json.loads(text)
    weights = PolicyWeights(np.array(data["scale"], dtype=np.float64),
                            np.array(data["bias"], dtype=np.float64),
                            np.array(data["weight"], dtype=np.float64))
    if (weights.scale.shape != (NUM_KINDS,) or weights.bias.shape != (k.NUM_ACTION_CODES,)
            or weights.weight.shape not in ((NUM_KINDS, NUM_INPUTS),
                                            (NUM_KINDS, NUM_INPUTS + RACE_FEATURES))):
        raise ValueError("network_policy.json does not fit the inputs and action codes: "
                         "retrain it")
    return weights


def zero_policy(inputs: int = NUM_INPUTS) -> PolicyWeights:
    """The weights of today's priors exactly (where training starts), reading `inputs` inputs."""
    return PolicyWeights(np.zeros(NUM_KINDS), np.zeros(k.NUM_ACTION_CODES),
                         np.zeros((NUM_KINDS, inputs)))


def shipped_policy(name: str) -> PolicyWeights:
    """The policy in the package's file `name`."""
    return read_policy(resources.files(__package__).joinpath(name).read_text("utf-8"))


POLICY: PolicyWeights = shipped_policy("network_policy.json")
"""The priors of generations 1 and 2 (trained on generation 0's searches; `GAME`'s at 3 and 4
players)."""
SCALE, BIAS, KIND_WEIGHT = POLICY
GEN3_POLICY: PolicyWeights = shipped_policy("network_policy_gen3.json")
"""Generation 3's priors (trained on generation 2's searches; `value=learned-gen3`)."""
GEN3_SCALE, GEN3_BIAS, GEN3_KIND_WEIGHT = GEN3_POLICY

GEN4_POLICY: PolicyWeights = shipped_policy("network_policy_gen4.json")
"""Generation 4's priors (trained on the default's searches, generation 3's heads-up and
generation 2's at 3 and 4 players; `GAME`'s heads-up)."""
GEN4_SCALE, GEN4_BIAS, GEN4_KIND_WEIGHT = GEN4_POLICY

POLICY_4P: PolicyWeights = shipped_policy("network_policy_4p.json")
"""Generation 5's priors for the 4-player table, trained on the default's 4-player searches
(`value=learned-4p-gen5`)."""
SCALE_4P, BIAS_4P, KIND_WEIGHT_4P = POLICY_4P


def default_policy(num_players: int) -> PolicyWeights:
    """The default's priors at a table of `num_players`: generation 4's heads-up
    (`network.GEN4_PLAYERS`), else generations 1-2's."""
    return GEN4_POLICY if num_players == GEN4_PLAYERS else POLICY


def policy_logits(x: np.ndarray, codes: np.ndarray, log_priors: np.ndarray,
                  weights: PolicyWeights = POLICY) -> np.ndarray:
    """The logits of moves `codes` (heuristic log-priors `log_priors`) at inputs `x`."""
    kinds = CODE_KIND[codes]
    floored = np.maximum(log_priors, LOG_FLOOR)
    out: np.ndarray = ((1.0 + weights.scale[kinds]) * floored + weights.bias[codes]
                       + (weights.weight @ x)[kinds])
    return out


def priors_of_world(world: np.ndarray, actions: Sequence[int], heuristic: Sequence[float],
                    weights: PolicyWeights = POLICY) -> list[float]:
    """The learned priors of `actions` in `world` (a kernel world) given today's priors of
    them (`heuristic`), numpy forward pass."""
    x = np.empty(weights.weight.shape[1])
    network_inputs(world, x)
    logs = np.log(np.maximum(np.array(heuristic, dtype=np.float64), 1e-300))
    logits = policy_logits(x, np.array(actions, dtype=np.int64), logs, weights)
    chances = np.exp(logits - logits.max())
    return [float(p) for p in chances / chances.sum()]


def priors(state: Any, actions: Sequence[Any], weights: PolicyWeights = POLICY) -> list[float]:
    """`heuristics.priors`' counterpart from the policy `weights`, for a `SplendorState`."""
    if not actions:
        return []
    from games.splendor_marvel.compiled import COMPILED

    return priors_of_world(COMPILED.encode_state(state), [int(a) for a in actions],
                           heuristics.priors(state, actions), weights)


@njit(nogil=True)
def policy_kernel(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray,
                  scale: np.ndarray, bias: np.ndarray, kind_weight: np.ndarray) -> None:
    """`kernel.priors`' contract from the policy of weights (`scale`, `bias`, `kind_weight`):
    `priors_of_world`, compiled."""
    k.priors(world, actions, count, out)
    x = np.empty(kind_weight.shape[1])
    network_inputs_kernel(world, x)
    top = -math.inf
    for i in range(count):
        code = actions[i]
        kind = CODE_KIND[code]
        total = 0.0
        for j in range(x.shape[0]):
            total += kind_weight[kind, j] * x[j]
        logit = max(math.log(max(out[i], 1e-300)), LOG_FLOOR)
        out[i] = (1.0 + scale[kind]) * logit + bias[code] + total
        top = max(top, out[i])
    norm = 0.0
    for i in range(count):
        out[i] = math.exp(out[i] - top)
        norm += out[i]
    for i in range(count):
        out[i] /= norm


@njit(nogil=True)
def priors_kernel(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`kernel.priors`' contract from the policy of generations 1 and 2 (`network_policy.json`)."""
    policy_kernel(world, actions, count, out, SCALE, BIAS, KIND_WEIGHT)


@njit(nogil=True)
def priors_gen3_kernel(world: np.ndarray, actions: np.ndarray, count: int,
                       out: np.ndarray) -> None:
    """`kernel.priors`' contract from generation 3's policy (`network_policy_gen3.json`)."""
    policy_kernel(world, actions, count, out, GEN3_SCALE, GEN3_BIAS, GEN3_KIND_WEIGHT)


@njit(nogil=True)
def priors_gen4_kernel(world: np.ndarray, actions: np.ndarray, count: int,
                       out: np.ndarray) -> None:
    """`kernel.priors`' contract from generation 4's policy (`network_policy_gen4.json`)."""
    policy_kernel(world, actions, count, out, GEN4_SCALE, GEN4_BIAS, GEN4_KIND_WEIGHT)


@njit(nogil=True)
def priors_4p_kernel(world: np.ndarray, actions: np.ndarray, count: int,
                     out: np.ndarray) -> None:
    """`kernel.priors`' contract from generation 5's 4-player priors (`network_policy_4p.json`)."""
    policy_kernel(world, actions, count, out, SCALE_4P, BIAS_4P, KIND_WEIGHT_4P)


@njit(nogil=True)
def priors_default_kernel(world: np.ndarray, actions: np.ndarray, count: int,
                          out: np.ndarray) -> None:
    """`kernel.priors`' contract from the default's policy for the world's table size
    (`default_policy`)."""
    if world[k.NUM_PLAYERS] == GEN4_PLAYERS:
        priors_gen4_kernel(world, actions, count, out)
    else:
        priors_kernel(world, actions, count, out)
