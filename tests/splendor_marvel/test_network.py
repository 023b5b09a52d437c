"""The learned value: public inputs only; the default's compiled value (each table size's
network of the manifest, bound into numba) is the numpy forward pass; the default reads the
manifest's networks by table size; its compiled search grows the Python search's tree."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import GAME, legal_actions, observe, sample
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR, LOGISTIC
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.knowledge import heuristics, manifest
from games.splendor_marvel.knowledge.network import evaluate, value_of_world
from games.splendor_marvel.knowledge.network_features import (
    NUM_INPUTS,
    public_features,
    public_features_kernel,
)
from games.splendor_marvel.knowledge.network_policy import priors
from games.splendor_marvel.state import SplendorState
from kernels.rng import PythonRng
from search import SearchConfig
from search.compiled import CompiledTreeSearch
from search.core import TreeSearch
from search.result import summarize
from tests.splendor_marvel.helpers import played
from tests.splendor_marvel.test_observation import swap_hidden_cards

DEFAULT = manifest.default()


def inputs(state: SplendorState) -> np.ndarray:
    """The network's inputs for `state` (the jitted feature code)."""
    out = np.empty(NUM_INPUTS)
    public_features_kernel(COMPILED.encode_state(state), out)
    return out


def positions(count: int) -> list[SplendorState]:
    """Seeded positions of 2-4 players at many stages, none over."""
    found = [played(2 + i % 3, 1000 + i, (i * 7) % 90) for i in range(count)]
    return [state for state in found if state.result is None]


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 90))
def test_the_inputs_never_depend_on_a_hidden_card(n: int, seed: int, plies: int) -> None:
    assert_blind(inputs, played(n, seed, plies), seed)


def assert_blind(inputs_of: Callable[[SplendorState], np.ndarray], state: SplendorState,
                 seed: int) -> None:
    """`inputs_of` the mover's position is the same whatever its hidden cards: swapped, or
    sampled from the mover's observation."""
    seat = state.current
    rng = random.Random(seed)
    expected = inputs_of(state)
    assert np.array_equal(inputs_of(swap_hidden_cards(state, seat, rng)), expected)
    for _ in range(3):
        assert np.array_equal(inputs_of(sample(observe(state, seat), rng)), expected)


def test_the_python_inputs_are_the_jitted_ones() -> None:
    out = np.empty(NUM_INPUTS)
    for state in positions(40):
        public_features(COMPILED.encode_state(state), out)
        assert np.array_equal(out, inputs(state))


def test_the_default_s_compiled_value_is_the_numpy_pass_of_its_table_s_network() -> None:
    compiled = EVALUATOR.compiled.kernel.evaluate
    seen = set()
    for state in positions(120):
        world = COMPILED.encode_state(state)
        values = np.empty(state.num_players)
        compiled(world, values)
        table = DEFAULT.tables[state.num_players]
        expected = value_of_world(world, table.value)
        assert np.allclose(values, expected, rtol=0, atol=1e-9)
        assert np.allclose(values, evaluate(state, table.value), rtol=0, atol=1e-9)
        assert sum(expected) == pytest.approx(1.0) and min(expected) > 0
        seen.add(state.num_players)
    assert seen == {2, 3, 4}


def test_with_its_last_layer_at_zero_the_network_is_today_s_evaluation() -> None:
    w1, b1, w2, b2, w3, b3 = DEFAULT.tables[2].value
    silent = (w1, b1, w2, b2, np.zeros_like(w3), np.zeros_like(b3))
    for state in positions(30):
        value = value_of_world(COMPILED.encode_state(state), silent)
        assert np.allclose(value, heuristics.evaluate(state), rtol=0, atol=1e-12)


def test_a_finished_game_is_valued_by_its_result() -> None:
    state = played(3, 5, 10_000)
    assert state.result is not None
    values = np.empty(3)
    EVALUATOR.compiled.kernel.evaluate(COMPILED.encode_state(state), values)
    assert tuple(values) == state.result == EVALUATOR.evaluate(state)


def test_the_default_reads_the_manifest_s_networks_by_table_size() -> None:
    tags = {n: (t.value_tag, t.policy_tag) for n, t in DEFAULT.tables.items()}
    assert len(set(tags.values())) == 3, "each table size has networks of its own"
    for state in positions(6):
        actions = legal_actions(state)
        table = DEFAULT.tables[state.num_players]
        assert EVALUATOR.evaluate(state) == evaluate(state, table.value)
        assert EVALUATOR.priors(state, actions) == priors(state, actions, table.policy)
        assert EVALUATOR.search_settings(state.num_players) == {"puct_c": table.puct_c}
        assert LOGISTIC.evaluate(state) == heuristics.evaluate(state)
        assert LOGISTIC.priors(state, actions) == heuristics.priors(state, actions)
    twin = EVALUATOR.compiled
    for name in ("apply", "legal_actions", "rollout_action", "sample", "returns"):
        assert getattr(twin.kernel, name) is getattr(k, name)
    assert twin.kernel.evaluate is not k.evaluate and twin.kernel.priors is not k.priors
    assert LOGISTIC.compiled is COMPILED and twin.kernel_version != COMPILED.kernel_version


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
def test_the_compiled_search_grows_the_python_search_s_tree(config: SearchConfig) -> None:
    twin = EVALUATOR.compiled
    for seed, state in enumerate(positions(6)):
        observation = observe(state, state.current)
        python_rng: Any = PythonRng(seed)
        python = TreeSearch(GAME, EVALUATOR, lambda r, o=observation: sample(o, r), config,
                            python_rng)
        reason = python.run(150)
        compiled = CompiledTreeSearch(twin, twin.encode_observation(observation), config, seed)
        got = compiled.summary(compiled.run(150))
        expected = summarize(python.root, python.player, python.iterations, python.nodes, reason)
        assert [(a.action, a.visits, a.pv) for a in got.actions] == [
            (a.action, a.visits, a.pv) for a in expected.actions]
        for mine, theirs in zip(got.actions, expected.actions, strict=True):
            assert np.allclose(mine.totals, theirs.totals, rtol=0, atol=1e-9)
