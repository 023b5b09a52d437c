"""Generation 5 at 4 players (`value=learned-4p-gen5`): the 4-player value and priors retrained
on the default's 4-player searches; numpy and numba agree on its value, it is its own engine with
its own kernel, and its compiled search grows the Python search's tree."""

from __future__ import annotations

import numpy as np
import pytest

from games.splendor_marvel import GAME, legal_actions
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.learned import LEARNED, LEARNED_4P_GEN5, LEARNED_4P_GEN5_GAME
from games.splendor_marvel.network import evaluate
from games.splendor_marvel.network_4p import FOUR, FOUR_GEN5, evaluate_4p_gen5_kernel
from games.splendor_marvel.network_features import NUM_INPUTS, RACE_FEATURES
from games.splendor_marvel.network_policy import POLICY_4P, priors, priors_4p_kernel
from search import SearchConfig
from tests.splendor_marvel import test_network
from tests.splendor_marvel.helpers import assert_the_arena_names
from tests.splendor_marvel.test_network_4p import positions


def test_its_value_reads_the_race_inputs_and_numba_equals_numpy() -> None:
    assert FOUR_GEN5[0].shape == FOUR[0].shape == (32, NUM_INPUTS + RACE_FEATURES)
    assert not all(np.array_equal(a, b) for a, b in zip(FOUR_GEN5, FOUR, strict=True))
    for state in positions(60):
        values = np.empty(state.num_players)
        evaluate_4p_gen5_kernel(COMPILED.encode_state(state), values)
        assert np.allclose(values, evaluate(state, FOUR_GEN5), rtol=0, atol=1e-9)


def test_it_is_a_value_and_a_policy_of_its_own_with_the_default_s_settings() -> None:
    for state in positions(6):
        actions = legal_actions(state)
        assert LEARNED_4P_GEN5_GAME.evaluate(state) == evaluate(state, FOUR_GEN5)
        assert LEARNED_4P_GEN5_GAME.priors(state, actions) == priors(state, actions, POLICY_4P)
        assert LEARNED_4P_GEN5_GAME.search_settings(state.num_players) == GAME.search_settings(
            state.num_players)


def test_the_arena_names_it_and_its_kernel_is_its_own() -> None:
    assert_the_arena_names("learned-4p-gen5", LEARNED_4P_GEN5_GAME)
    assert LEARNED_4P_GEN5.kernel.evaluate is evaluate_4p_gen5_kernel
    assert LEARNED_4P_GEN5.kernel.priors is priors_4p_kernel
    assert LEARNED_4P_GEN5.kernel_version != LEARNED.kernel_version


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
def test_the_compiled_search_grows_the_python_search_s_tree(config: SearchConfig) -> None:
    """`test_network`'s check of the learned twins, for this twin."""
    test_network.test_the_compiled_search_grows_the_python_search_s_tree(
        config, (LEARNED_4P_GEN5_GAME, LEARNED_4P_GEN5))
