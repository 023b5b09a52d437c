"""The learned priors: today's priors at zero weights, numpy and numba agree (the default's
policies bound by table size, and a policy reading the race inputs), a policy of public inputs
alone answers as before, public inputs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import observe, sample
from games.splendor_marvel.actions import KIND_OF, Kind
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.knowledge import heuristics, manifest
from games.splendor_marvel.knowledge.network_features import NUM_INPUTS, RACE_FEATURES
from games.splendor_marvel.knowledge.network_policy import (
    CODE_KIND,
    PolicyWeights,
    policy_kernel,
    priors,
    priors_of_world,
    read_policy,
    zero_policy,
)
from games.splendor_marvel.rules import legal_actions
from games.splendor_marvel.state import SplendorState
from tests.splendor_marvel.helpers import played
from tests.splendor_marvel.test_network import positions
from tests.splendor_marvel.test_race_inputs import positions as race_positions

DEFAULT = manifest.default()
POLICIES = {t.policy_tag: t.policy for t in DEFAULT.tables.values()}
"""The default's policies, each once."""


def default_priors(world: np.ndarray, actions: np.ndarray, count: int,
                   out: np.ndarray) -> None:
    """The default's compiled priors (by the world's table size)."""
    EVALUATOR.compiled.kernel.priors(world, actions, count, out)


def kernel_priors(state: SplendorState, kernel: Any = default_priors) -> np.ndarray:
    """The compiled policy's (`kernel`'s) priors over the kernel's legal actions of `state`."""
    world = COMPILED.encode_state(state)
    actions = np.empty(k.MAX_LEGAL, dtype=np.int32)
    count = k.legal_actions(world, actions)
    assert list(actions[:count]) == [int(a) for a in legal_actions(state)]
    out = np.empty(k.MAX_LEGAL)
    kernel(world, actions, count, out)
    return out[:count]


def test_the_default_s_policies_are_trained_not_zero_and_differ() -> None:
    assert len(POLICIES) == 2
    for policy in POLICIES.values():
        assert any(np.abs(array).max() > 0 for array in policy)
        assert policy.weight.shape[1] == NUM_INPUTS
    first, second = POLICIES.values()
    assert not all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


HEADS_UP = DEFAULT.tables[2].policy
RACE_POLICY = HEADS_UP._replace(weight=np.hstack([
    HEADS_UP.weight, np.random.default_rng(1).normal(0.0, 0.3, (len(HEADS_UP.weight),
                                                                 RACE_FEATURES))]))
"""A policy reading the race inputs (the default's heads-up priors with random race weights):
the trainer's `--race` writes such weights."""


def priors_race_kernel(world: np.ndarray, actions: np.ndarray, count: int,
                       out: np.ndarray) -> None:
    """`kernel.priors`' contract from `RACE_POLICY`, compiled."""
    policy_kernel(world, actions, count, out, *RACE_POLICY)


def test_at_zero_weights_the_policy_is_today_s_priors() -> None:
    for state in positions(30):
        actions = legal_actions(state)
        today = heuristics.priors(state, actions)
        mine = priors_of_world(COMPILED.encode_state(state), [int(a) for a in actions], today,
                               zero_policy())
        assert np.allclose(mine, today, rtol=0, atol=1e-12)


@pytest.mark.parametrize(("kernel", "weights"),
                         [(priors_race_kernel, lambda n: RACE_POLICY),
                          (default_priors, lambda n: DEFAULT.tables[n].policy)],
                         ids=["race-inputs", "default"])
def test_the_kernel_priors_equal_the_numpy_ones(
        kernel: Any, weights: Callable[[int], PolicyWeights]) -> None:
    """On positions of 2-4 players, from the first seat and from seeded start seats (where the
    race inputs' turn in the round differs)."""
    for state in positions(60) + race_positions(60):
        actions = legal_actions(state)
        got = kernel_priors(state, kernel)
        assert np.allclose(got, priors(state, actions, weights(state.num_players)), rtol=0,
                           atol=1e-9)
        assert got.sum() == pytest.approx(1.0) and got.min() > 0


def test_a_policy_of_public_inputs_answers_as_with_zero_race_weights() -> None:
    """The race inputs change nothing unless weighted: the shipped policies' answers stand."""
    for policy in POLICIES.values():
        padded = policy._replace(weight=np.hstack([policy.weight,
                                                   np.zeros((len(policy.weight), RACE_FEATURES))]))
        for state in race_positions(30):
            world = COMPILED.encode_state(state)
            actions = np.empty(k.MAX_LEGAL, dtype=np.int32)
            count = k.legal_actions(world, actions)
            heuristic = heuristics.priors(state, legal_actions(state))
            mine = priors_of_world(world, actions[:count].tolist(), heuristic, policy)
            assert np.allclose(mine, priors_of_world(world, actions[:count].tolist(), heuristic,
                                                     padded), rtol=0, atol=1e-12)
            for weights in (policy, padded):
                out = np.empty(k.MAX_LEGAL)
                policy_kernel(world, actions, count, out, *weights)
                assert np.allclose(out[:count], mine, rtol=0, atol=1e-9)


def test_every_action_code_has_its_kind() -> None:
    assert len(CODE_KIND) == k.NUM_ACTION_CODES
    for code, kind in enumerate(KIND_OF):
        assert CODE_KIND[code] == int(kind if kind is not None else Kind.PASS)


@pytest.mark.parametrize("kernel", [default_priors, priors_race_kernel],
                         ids=["public-inputs", "race-inputs"])
@settings(max_examples=20, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 90))
def test_the_priors_never_depend_on_a_hidden_card(kernel: Any, n: int, seed: int,
                                                  plies: int) -> None:
    state = played(n, seed, plies)
    if state.result is not None:
        return
    expected = kernel_priors(state, kernel)
    rng = random.Random(seed)
    for _ in range(3):
        assert np.array_equal(kernel_priors(sample(observe(state, state.current), rng), kernel),
                              expected)


def test_weights_that_do_not_fit_are_refused() -> None:
    with pytest.raises(ValueError, match="retrain"):
        read_policy('{"scale": [0, 0], "bias": [], "weight": []}')
