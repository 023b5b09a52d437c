"""The race inputs (`network_features.race_features`, read by the values that have room for
them): public, the same in numpy and numba, and meaning what they say."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import apply, new_game
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.kernel import rules as k
from games.splendor_marvel.knowledge.network_features import (
    NUM_INPUTS,
    RACE_FEATURES,
    RACE_SEAT_FEATURES,
    network_inputs,
    network_inputs_kernel,
    race_features,
    race_features_kernel,
)
from games.splendor_marvel.state import SplendorState
from tests.splendor_marvel import test_network

WIDTH = NUM_INPUTS + RACE_FEATURES


def played_from(n: int, seed: int, plies: int) -> SplendorState:
    """A seeded game from a seeded start seat after up to `plies` moves of the rollout policy."""
    rng = random.Random(seed)
    state = new_game(n, seed, start_seat=rng.randrange(n))
    for _ in range(plies):
        if state.result is not None:
            break
        apply(state, EVALUATOR.rollout_action(state, rng))
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
