"""The 4-player table's value (`value=learned-4p`): its race inputs are public and mean what
they say, its numpy and numba forward passes agree, and its compiled search grows the Python
search's tree."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import GAME, apply, legal_actions, new_game
from games.splendor_marvel import kernel as k
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.learned import LEARNED, LEARNED_4P, LEARNED_4P_GAME, LEARNED_GEN2
from games.splendor_marvel.network import GEN2, evaluate, value_of_world
from games.splendor_marvel.network_4p import FOUR, evaluate_4p_kernel, weights_for
from games.splendor_marvel.network_features import (
    NUM_INPUTS,
    RACE_FEATURES,
    RACE_SEAT_FEATURES,
    network_inputs,
    network_inputs_kernel,
    race_features,
    race_features_kernel,
)
from games.splendor_marvel.network_policy import priors
from games.splendor_marvel.state import SplendorState
from search import SearchConfig
from tests.splendor_marvel import test_network
from tests.splendor_marvel.helpers import assert_the_arena_names

WIDTH = NUM_INPUTS + RACE_FEATURES


def played_from(n: int, seed: int, plies: int) -> SplendorState:
    """A seeded game from a seeded start seat after up to `plies` moves of the rollout policy."""
    rng = random.Random(seed)
    state = new_game(n, seed, start_seat=rng.randrange(n))
    for _ in range(plies):
        if state.result is not None:
            break
        apply(state, GAME.rollout_action(state, rng))
    return state


def race_inputs(state: SplendorState) -> np.ndarray:
    """The public and race inputs of `state` (the jitted code)."""
    out = np.empty(WIDTH)
    network_inputs_kernel(COMPILED.encode_state(state), out)
    return out


def positions(count: int) -> list[SplendorState]:
    """Seeded positions of 4, 2 and 3 players at many stages, none over."""
    found = [played_from(4 - i % 3, 4000 + i, (i * 11) % 120) for i in range(count)]
    return [state for state in found if state.result is None]


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 120))
def test_the_race_inputs_never_depend_on_a_hidden_card(n: int, seed: int, plies: int) -> None:
    test_network.assert_blind(race_inputs, played_from(n, seed, plies), seed)


def test_the_python_inputs_are_the_jitted_ones_and_the_public_ones_come_first() -> None:
    out = np.empty(WIDTH)
    public = np.empty(NUM_INPUTS)
    for state in positions(40):
        world = COMPILED.encode_state(state)
        network_inputs(world, out)
        assert np.array_equal(out, race_inputs(state))
        network_inputs_kernel(world, public)
        assert np.array_equal(out[:NUM_INPUTS], public)
        python_race, jitted_race = np.empty(RACE_FEATURES), np.empty(RACE_FEATURES)
        turn = (state.current - state.start_seat) % state.num_players
        race_features(public, state.num_players, turn, python_race)
        race_features_kernel(public, state.num_players, turn, jitted_race)
        assert np.array_equal(python_race, jitted_race)
        assert np.array_equal(python_race, out[NUM_INPUTS:])


def seat_race(out: np.ndarray, r: int) -> np.ndarray:
    return out[NUM_INPUTS + r * RACE_SEAT_FEATURES:NUM_INPUTS + (r + 1) * RACE_SEAT_FEATURES]


def test_the_race_inputs_say_who_leads_and_who_still_moves_this_round() -> None:
    for state in positions(60):
        out = race_inputs(state)
        n, current = state.num_players, state.current
        points = [k.points(COMPILED.encode_state(state), (current + r) % n) for r in range(n)]
        moved = (current - state.start_seat) % n
        for r in range(n):
            behind, _reach, short, leads, moves, last = seat_race(out, r)
            assert behind == pytest.approx((points[r] - max(points)) / 16)
            assert short == pytest.approx(max(16 - points[r], 0) / 16)
            assert leads == (points[r] == max(points))
            assert moves == (r == 0 or (state.current + r - state.start_seat) % n > moved)
            assert last == (moves and state.end_triggered)
        for r in range(n, 4):
            assert not seat_race(out, r).any()
        assert out[NUM_INPUTS + 4 * RACE_SEAT_FEATURES] == pytest.approx((n - 1 - moved) / 3)


def test_the_kernel_forward_pass_equals_the_numpy_one() -> None:
    found = positions(120)
    assert {state.num_players for state in found} == {2, 3, 4}
    for state in found:
        world = COMPILED.encode_state(state)
        values = np.empty(state.num_players)
        evaluate_4p_kernel(world, values)
        expected = value_of_world(world, weights_for(state.num_players))
        assert np.allclose(values, expected, rtol=0, atol=1e-9)
        assert np.allclose(values, LEARNED_4P_GAME.evaluate(state), rtol=0, atol=1e-9)
        assert sum(expected) == pytest.approx(1.0) and min(expected) > 0


def test_four_players_read_a_network_of_their_own_and_smaller_tables_generation_2() -> None:
    assert FOUR[0].shape[1] == WIDTH and weights_for(4) is FOUR
    assert weights_for(2) is weights_for(3) is GEN2
    for state in positions(9):
        actions = legal_actions(state)
        if state.num_players == 4:
            assert LEARNED_4P_GAME.evaluate(state) != evaluate(state, GEN2)
        else:
            assert LEARNED_4P_GAME.evaluate(state) == evaluate(state, GEN2)
        assert LEARNED_4P_GAME.priors(state, actions) == priors(state, actions)
    assert LEARNED_4P_GAME.search_settings(4) == GAME.search_settings(4)


def test_the_arena_names_it_and_its_kernel_is_its_own() -> None:
    assert_the_arena_names("learned-4p", LEARNED_4P_GAME)
    assert LEARNED_4P.kernel.evaluate is evaluate_4p_kernel
    assert LEARNED_4P.kernel.priors is LEARNED_GEN2.kernel.priors
    assert LEARNED_4P.kernel_version != LEARNED.kernel_version


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
def test_the_compiled_search_grows_the_python_search_s_tree(config: SearchConfig) -> None:
    """`test_network`'s check of the learned twins (its positions include 4 players), for this
    value's twin."""
    test_network.test_the_compiled_search_grows_the_python_search_s_tree(
        config, (LEARNED_4P_GAME, LEARNED_4P))
