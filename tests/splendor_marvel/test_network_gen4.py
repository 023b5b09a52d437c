"""Generation 4 (`value=learned-gen4`) and its candidate value (`value=learned-race`): each
reads the race inputs at every table, numpy and numba agree on its value and priors, each has
its own kernel, and its compiled search grows the Python search's tree."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from clients.arena.specs import engine_named, parse_spec
from games.registry import entry
from games.splendor_marvel import GAME, legal_actions
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.learned import (
    LEARNED,
    LEARNED_GEN4,
    LEARNED_GEN4_GAME,
    LEARNED_RACE,
    LEARNED_RACE_GAME,
)
from games.splendor_marvel.network import (
    GEN3,
    GEN4,
    RACE,
    evaluate,
    evaluate_gen4_kernel,
    evaluate_race_kernel,
)
from games.splendor_marvel.network_default import default_value
from games.splendor_marvel.network_features import NUM_INPUTS, RACE_FEATURES
from games.splendor_marvel.network_policy import (
    GEN4_POLICY,
    priors,
    priors_default_kernel,
    priors_gen4_kernel,
)
from search import SearchConfig
from tests.splendor_marvel import test_network
from tests.splendor_marvel.test_network_4p import positions

ENGINES = [(LEARNED_RACE_GAME, LEARNED_RACE, RACE, evaluate_race_kernel, "learned-race"),
           (LEARNED_GEN4_GAME, LEARNED_GEN4, GEN4, evaluate_gen4_kernel, "learned-gen4")]
IDS = ["race", "generation-4"]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_reads_the_race_inputs_and_is_its_engine_s_value(engine: tuple[Any, ...]) -> None:
    """(`test_network` checks the numba pass against the numpy one to 1e-9.)"""
    game, _twin, weights, kernel, _name = engine
    assert weights[0].shape[1] == NUM_INPUTS + RACE_FEATURES
    assert weights[0][:, NUM_INPUTS:].any()
    for state in positions(30):
        values = np.empty(state.num_players)
        kernel(COMPILED.encode_state(state), values)
        assert np.allclose(values, game.evaluate(state), rtol=0, atol=1e-9)
        assert game.evaluate(state) == evaluate(state, weights)


def test_the_race_value_keeps_the_default_s_priors_and_settings() -> None:
    for state in positions(9):
        actions = legal_actions(state)
        assert LEARNED_RACE_GAME.evaluate(state) == evaluate(state, RACE)
        assert LEARNED_RACE_GAME.evaluate(state) != evaluate(state,
                                                             default_value(state.num_players))
        assert LEARNED_RACE_GAME.priors(state, actions) == GAME.priors(state, actions)
        assert LEARNED_RACE_GAME.search_settings(state.num_players) == GAME.search_settings(
            state.num_players)


def test_generation_4_is_a_value_and_a_policy_of_its_own() -> None:
    assert not all(np.array_equal(a, b) for a, b in zip(GEN4, RACE, strict=True))
    for state in positions(6):
        actions = legal_actions(state)
        assert LEARNED_GEN4_GAME.priors(state, actions) == priors(state, actions, GEN4_POLICY)
        assert LEARNED_GEN4_GAME.search_settings(state.num_players) == GAME.search_settings(
            state.num_players)
    assert GEN3[0].shape[1] == NUM_INPUTS


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_the_arena_names_it_and_its_kernel_is_its_own(engine: tuple[Any, ...]) -> None:
    game, twin, _weights, kernel, name = engine
    assert entry("splendor_marvel").engine(name) is game
    assert parse_spec(f"ismcts:iters=10,value={name}").options == (
        ("iters", "10"), ("value", name))
    assert engine_named(GAME, name) is game
    assert twin.kernel.evaluate is kernel
    assert twin.kernel_version != LEARNED.kernel_version
    assert LEARNED_RACE.kernel.priors is priors_default_kernel is LEARNED.kernel.priors
    assert LEARNED_GEN4.kernel.priors is priors_gen4_kernel
    assert LEARNED_GEN4.kernel_version != LEARNED_RACE.kernel_version


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_the_compiled_search_grows_the_python_search_s_tree(
        config: SearchConfig, engine: tuple[Any, ...]) -> None:
    """`test_network`'s check of the learned twins, for these twins."""
    game, twin, *_ = engine
    test_network.test_the_compiled_search_grows_the_python_search_s_tree(config, (game, twin))
