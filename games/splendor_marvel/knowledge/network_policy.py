"""The learned move priors of a Splendor: Marvel position: a correction to today's priors.

A move's logit is today's heuristic log-prior (`heuristics.priors`, floored at `LOG_FLOOR`),
scaled by `1 + scale[kind]`, plus a bias per action code and a linear score of the position's
public inputs (`network_features.public_features`, from the seat to move; then the race inputs,
`network_features.race_features`, if the weights have room for them) per kind of move (take,
reserve, recruit, ...); a softmax over the legal moves gives the priors. So with every
weight at zero it *is* today's priors; training (`scripts/train_splendor_policy.py`, on the
search's root visits in self-play) moves it where the searches disagree with them: which kinds
of move pay in which positions, and which cards are better than their heuristic score.

The weights ship as files named by `weights/manifest.json` (`knowledge`). `priors_of_world` is
the numpy version (the Python search's oracle), `policy_kernel` the same in numba for the
compiled search, equal to 1e-9; `bound_policy` compiles it with one policy's weights frozen in.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from games.splendor_marvel.actions import KIND_OF, Kind
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.knowledge import heuristics
from games.splendor_marvel.knowledge.network_features import (
    NUM_INPUTS,
    RACE_FEATURES,
    network_inputs,
    network_inputs_kernel,
)
from kernels.specialize import specialize

ARCHITECTURE = "policy-linear"
"""The manifest's name of this architecture (`knowledge`)."""
VERSION = 1
"""Its version: a manifest entry names the version it was trained for."""

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


_UNBOUND = np.empty((0, 0))
SCALE = BIAS = KIND_WEIGHT = _UNBOUND
"""The weights `bound_policy` binds (placeholders here)."""


def policy_logits(x: np.ndarray, codes: np.ndarray, log_priors: np.ndarray,
                  weights: PolicyWeights) -> np.ndarray:
    """The logits of moves `codes` (heuristic log-priors `log_priors`) at inputs `x`."""
    kinds = CODE_KIND[codes]
    floored = np.maximum(log_priors, LOG_FLOOR)
    out: np.ndarray = ((1.0 + weights.scale[kinds]) * floored + weights.bias[codes]
                       + (weights.weight @ x)[kinds])
    return out


def priors_of_world(world: np.ndarray, actions: Sequence[int], heuristic: Sequence[float],
                    weights: PolicyWeights) -> list[float]:
    """The learned priors of `actions` in `world` (a kernel world) given today's priors of
    them (`heuristic`), numpy forward pass."""
    x = np.empty(weights.weight.shape[1])
    network_inputs(world, x)
    logs = np.log(np.maximum(np.array(heuristic, dtype=np.float64), 1e-300))
    logits = policy_logits(x, np.array(actions, dtype=np.int64), logs, weights)
    chances = np.exp(logits - logits.max())
    return [float(p) for p in chances / chances.sum()]


def priors(state: Any, actions: Sequence[Any], weights: PolicyWeights) -> list[float]:
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


def _priors_bound(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`kernel.priors`' contract from the bound weights."""
    policy_kernel(world, actions, count, out, SCALE, BIAS, KIND_WEIGHT)


def bound_policy(weights: PolicyWeights, tag: str) -> Any:
    """`kernel.priors`' contract from `weights`, compiled with them frozen in and cached under
    `tag` (an identifier part that changes whenever the weights do)."""
    bindings = {"SCALE": weights.scale, "BIAS": weights.bias, "KIND_WEIGHT": weights.weight}
    return specialize([_priors_bound], bindings, f"policy_{tag}")["_priors_bound"]
