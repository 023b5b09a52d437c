"""The every-table race value (`value=learned-race`): it reads the race inputs at every table,
its numpy and numba forward passes agree, it keeps the default's priors and settings, and its
compiled search grows the Python search's tree."""

from __future__ import annotations

import numpy as np
import pytest

from clients.arena.specs import engine_named, parse_spec
from games.splendor_marvel import GAME, legal_actions
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.learned import LEARNED, LEARNED_RACE, LEARNED_RACE_GAME
from games.splendor_marvel.network import RACE, evaluate, evaluate_race_kernel, value_of_world
from games.splendor_marvel.network_default import default_value
from games.splendor_marvel.network_features import NUM_INPUTS, RACE_FEATURES
from games.splendor_marvel.network_policy import priors_default_kernel
from search import SearchConfig
from tests.splendor_marvel import test_network
from tests.splendor_marvel.test_network_4p import positions


def test_it_reads_the_race_inputs_at_every_table() -> None:
    assert RACE[0].shape[1] == NUM_INPUTS + RACE_FEATURES
    assert RACE[0][:, NUM_INPUTS:].any()


def test_the_kernel_forward_pass_equals_the_numpy_one() -> None:
    found = positions(120)
    assert {state.num_players for state in found} == {2, 3, 4}
    for state in found:
        world = COMPILED.encode_state(state)
        values = np.empty(state.num_players)
        evaluate_race_kernel(world, values)
        expected = value_of_world(world, RACE)
        assert np.allclose(values, expected, rtol=0, atol=1e-9)
        assert np.allclose(values, LEARNED_RACE_GAME.evaluate(state), rtol=0, atol=1e-9)
        assert sum(expected) == pytest.approx(1.0) and min(expected) > 0


def test_only_the_value_differs_from_the_default() -> None:
    for state in positions(9):
        actions = legal_actions(state)
        assert LEARNED_RACE_GAME.evaluate(state) == evaluate(state, RACE)
        assert LEARNED_RACE_GAME.evaluate(state) != evaluate(state,
                                                             default_value(state.num_players))
        assert LEARNED_RACE_GAME.priors(state, actions) == GAME.priors(state, actions)
        assert LEARNED_RACE_GAME.search_settings(state.num_players) == GAME.search_settings(
            state.num_players)


def test_the_arena_names_it_and_its_kernel_is_its_own() -> None:
    assert GAME.learned_race is LEARNED_RACE_GAME
    assert parse_spec("ismcts:iters=10,value=learned-race").options == (
        ("iters", "10"), ("value", "learned-race"))
    assert engine_named(GAME, "learned-race") is LEARNED_RACE_GAME
    assert LEARNED_RACE.kernel.evaluate is evaluate_race_kernel
    assert LEARNED_RACE.kernel.priors is priors_default_kernel is LEARNED.kernel.priors
    assert LEARNED_RACE.kernel_version != LEARNED.kernel_version


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
def test_the_compiled_search_grows_the_python_search_s_tree(config: SearchConfig) -> None:
    """`test_network`'s check of the learned twins, for this value's twin."""
    test_network.test_the_compiled_search_grows_the_python_search_s_tree(
        config, (LEARNED_RACE_GAME, LEARNED_RACE))
