"""The static evaluation: a distribution over seats that rewards progress."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import new_game
from games.splendor_marvel.knowledge.features import FEATURES, features
from games.splendor_marvel.knowledge.heuristics import WEIGHTS, evaluate
from tests.splendor_marvel.helpers import played


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 120))
def test_evaluation_is_a_distribution_over_seats(n: int, seed: int, plies: int) -> None:
    state = played(n, seed, plies)
    values = evaluate(state)
    assert len(values) == n
    assert all(0.0 <= v <= 1.0 for v in values)
    assert abs(sum(values) - 1.0) < 1e-9
    if state.result is not None:
        assert values == state.result
    assert len(features(state, 0)) == len(FEATURES) == len(WEIGHTS)


def test_more_points_and_bonuses_look_better() -> None:
    state = new_game(2, 1)
    state.current = 1  # seat 0 is not helped by the tempo feature
    base = evaluate(state)[0]
    state.card_points[0] = 8
    richer = evaluate(state)[0]
    state.bonuses[0] = [2, 2, 2, 1, 1]
    stronger = evaluate(state)[0]
    assert base < richer < stronger
