"""The learned value: public inputs only, the numpy and numba forward passes agree (generations
0, 2 and 3, and the default's choice of them by table size), the compiled search with generation
0's value (and with generation 2's or 3's value and priors, and the default's) grows the Python
search's tree, and the default answers as generation 3 heads-up, as generation 2 at 3 players
and as the 4-player value (`value=learned-4p`) at 4."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import entry
from games.splendor_marvel import GAME, heuristics, legal_actions, observe, sample
from games.splendor_marvel import kernel as k
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.learned import (
    LEARNED,
    LEARNED_4P_GAME,
    LEARNED_GEN1,
    LEARNED_GEN1_GAME,
    LEARNED_GEN2,
    LEARNED_GEN2_GAME,
    LEARNED_GEN3,
    LEARNED_GEN3_GAME,
    LEARNED_GEN4_GAME,
    LEARNED_VALUE,
    LEARNED_VALUE_GAME,
    LOGISTIC_GAME,
)
from games.splendor_marvel.network import (
    GEN2,
    GEN3,
    GEN4,
    RACE,
    WEIGHTS,
    Weights,
    evaluate,
    evaluate_gen2_kernel,
    evaluate_gen3_kernel,
    evaluate_gen4_kernel,
    evaluate_kernel,
    evaluate_race_kernel,
    value_of_world,
)
from games.splendor_marvel.network_4p import FOUR
from games.splendor_marvel.network_default import default_value, evaluate_default_kernel
from games.splendor_marvel.network_features import (
    NUM_INPUTS,
    public_features,
    public_features_kernel,
)
from games.splendor_marvel.network_policy import (
    GEN3_POLICY,
    GEN4_POLICY,
    POLICY,
    default_policy,
    priors,
    priors_default_kernel,
    priors_gen3_kernel,
    priors_kernel,
)
from games.splendor_marvel.state import SplendorState
from kernels.rng import PythonRng
from search import Limits, SearchConfig, ismcts
from search.compiled import CompiledTreeSearch
from search.config import Engine
from search.core import TreeSearch
from search.result import SearchResult, summarize
from tests.splendor_marvel.helpers import played
from tests.splendor_marvel.test_observation import swap_hidden_cards


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


@pytest.mark.parametrize(("kernel", "weights"), [(evaluate_kernel, lambda n: WEIGHTS),
                                                  (evaluate_gen2_kernel, lambda n: GEN2),
                                                  (evaluate_gen3_kernel, lambda n: GEN3),
                                                  (evaluate_race_kernel, lambda n: RACE),
                                                  (evaluate_gen4_kernel, lambda n: GEN4),
                                                  (evaluate_default_kernel, default_value)],
                         ids=["shipped", "generation-2", "generation-3", "race", "generation-4",
                              "default"])
def test_the_kernel_forward_pass_equals_the_numpy_one(
        kernel: Any, weights: Callable[[int], Weights]) -> None:
    for state in positions(120):
        world = COMPILED.encode_state(state)
        values = np.empty(state.num_players)
        kernel(world, values)
        expected = value_of_world(world, weights(state.num_players))
        assert np.allclose(values, expected, rtol=0, atol=1e-9)
        assert np.allclose(values, evaluate(state, weights(state.num_players)), rtol=0,
                           atol=1e-9)
        assert sum(expected) == pytest.approx(1.0) and min(expected) > 0


def test_generation_2_is_a_network_of_its_own() -> None:
    assert not all(np.array_equal(a, b) for a, b in zip(GEN2, WEIGHTS, strict=True))
    state = positions(1)[0]
    actions = legal_actions(state)
    assert entry("splendor_marvel").engine("learned-gen2") is LEARNED_GEN2_GAME
    assert LEARNED_GEN2_GAME.evaluate(state) == evaluate(state, GEN2)
    assert LEARNED_GEN2_GAME.priors(state, actions) == priors(state, actions, POLICY)
    assert LEARNED_GEN2_GAME.search_settings(2) == GAME.search_settings(2)
    assert LEARNED_GEN1_GAME.evaluate(state) == LEARNED_VALUE_GAME.evaluate(state)
    assert LEARNED_GEN1_GAME.evaluate(state) == evaluate(state)


def test_generation_3_is_a_value_and_a_policy_of_its_own() -> None:
    assert not all(np.array_equal(a, b) for a, b in zip(GEN3, GEN2, strict=True))
    state = positions(1)[0]
    actions = legal_actions(state)
    assert entry("splendor_marvel").engine("learned-gen3") is LEARNED_GEN3_GAME
    assert LEARNED_GEN3_GAME.evaluate(state) == evaluate(state, GEN3)
    assert LEARNED_GEN3_GAME.priors(state, actions) == priors(state, actions, GEN3_POLICY)
    assert LEARNED_GEN3_GAME.priors(state, actions) != LEARNED_GEN2_GAME.priors(state, actions)
    assert LEARNED_GEN3_GAME.search_settings(2) == GAME.search_settings(2)


def test_with_its_last_layer_at_zero_the_network_is_today_s_evaluation() -> None:
    w1, b1, w2, b2, w3, b3 = WEIGHTS
    silent = (w1, b1, w2, b2, np.zeros_like(w3), np.zeros_like(b3))
    for state in positions(30):
        value = value_of_world(COMPILED.encode_state(state), silent)
        assert np.allclose(value, heuristics.evaluate(state), rtol=0, atol=1e-12)


def test_a_finished_game_is_valued_by_its_result() -> None:
    state = played(3, 5, 10_000)
    assert state.result is not None
    values = np.empty(3)
    evaluate_kernel(COMPILED.encode_state(state), values)
    assert tuple(values) == state.result == evaluate(state)


def generation_of(num_players: int) -> Any:
    """The engine the default is at a table of `num_players`."""
    return {2: LEARNED_GEN4_GAME, 3: LEARNED_GEN2_GAME, 4: LEARNED_4P_GAME}[num_players]


def test_the_default_engine_is_generation_4_heads_up_2_at_3_players_and_learned_4p_at_4() -> None:
    assert GAME.compiled is LEARNED and LOGISTIC_GAME.compiled is COMPILED
    for state in positions(6):
        actions = legal_actions(state)
        generation = generation_of(state.num_players)
        assert GAME.evaluate(state) == generation.evaluate(state)
        assert GAME.priors(state, actions) == generation.priors(state, actions)
        assert GAME.search_settings(state.num_players) == generation.search_settings(
            state.num_players)
        assert LOGISTIC_GAME.evaluate(state) == heuristics.evaluate(state)
    assert default_value(2) is GEN4 and default_value(3) is GEN2 and default_value(4) is FOUR
    assert [default_policy(n) is GEN4_POLICY for n in (2, 3, 4)] == [True, False, False]


def test_the_network_is_the_learned_twins_evaluation_and_the_policy_their_priors() -> None:
    for twin in (LEARNED_VALUE, LEARNED_GEN1, LEARNED_GEN2, LEARNED_GEN3, LEARNED):
        for name in ("apply", "legal_actions", "rollout_action", "sample"):
            assert getattr(twin.kernel, name) is getattr(k, name)
    assert LEARNED_VALUE.kernel.evaluate is LEARNED_GEN1.kernel.evaluate is evaluate_kernel
    assert LEARNED_GEN2.kernel.evaluate is evaluate_gen2_kernel
    assert LEARNED_VALUE.kernel.priors is k.priors
    assert LEARNED_GEN1.kernel.priors is LEARNED_GEN2.kernel.priors is priors_kernel
    assert LEARNED_GEN3.kernel.evaluate is evaluate_gen3_kernel
    assert LEARNED_GEN3.kernel.priors is priors_gen3_kernel
    assert LEARNED.kernel.evaluate is evaluate_default_kernel
    assert LEARNED.kernel.priors is priors_default_kernel
    twins = (COMPILED, LEARNED_VALUE, LEARNED_GEN1, LEARNED_GEN2, LEARNED_GEN3, LEARNED)
    assert len({twin.kernel_version for twin in twins}) == len(twins)


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
@pytest.mark.parametrize("engines", [(LEARNED_VALUE_GAME, LEARNED_VALUE),
                                     (GAME, LEARNED), (LEARNED_GEN2_GAME, LEARNED_GEN2),
                                     (LEARNED_GEN3_GAME, LEARNED_GEN3)],
                         ids=["value", "default", "generation-2", "generation-3"])
def test_the_compiled_search_grows_the_python_search_s_tree(
        config: SearchConfig, engines: tuple[Any, Any]) -> None:
    game, twin = engines
    for seed, state in enumerate(positions(4)):
        observation = observe(state, state.current)
        python_rng: Any = PythonRng(seed)
        python = TreeSearch(game, lambda r, o=observation: sample(o, r), config, python_rng)
        reason = python.run(150)
        compiled = CompiledTreeSearch(twin, twin.encode_observation(observation), config, seed)
        got = compiled.summary(compiled.run(150))
        expected = summarize(python.root, python.player, python.iterations, python.nodes, reason)
        assert [(a.action, a.visits, a.pv) for a in got.actions] == [
            (a.action, a.visits, a.pv) for a in expected.actions]
        for mine, theirs in zip(got.actions, expected.actions, strict=True):
            assert np.allclose(mine.totals, theirs.totals, rtol=0, atol=1e-9)


def answer(game: Any, state: SplendorState, engine: Engine, seed: int) -> SearchResult:
    """Everything a seeded search at a fixed budget answers, its timing set to 0."""
    result = ismcts(game, observe(state, state.current), Limits(iterations=300),
                    SearchConfig(engine=engine), seed=seed)
    return replace(result, stats=replace(result.stats, elapsed=0.0))


@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_the_default_answers_as_generation_4_heads_up_2_at_3_players_and_learned_4p_at_4(
        engine: Engine) -> None:
    for seed, state in enumerate(positions(6)):
        generation = generation_of(state.num_players)
        other = LEARNED_GEN2_GAME if state.num_players == 4 else LEARNED_GEN3_GAME
        mine = answer(GAME, state, engine, seed)
        assert mine == answer(generation, state, engine, seed)
        assert mine.candidates != answer(other, state, engine, seed).candidates
