"""Grade bands and ties (advisor/coaching.py): three bands a default judgement can tell apart,
monotone in the loss, and a tie that never contradicts the grade."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from advisor.coaching import (
    BEST_BOUND,
    BLUNDER_BOUND,
    MIN_TIE_VISITS,
    grade,
    interval,
    overlap,
    tied,
)
from contract.v1 import common_pb2
from search.result import Candidate, wilson_lower_bound

losses = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


def _candidate(action: str, value: float, visits: int) -> Candidate:
    return Candidate(action, 0, visits, visits, (value, 1 - value), 0.1,
                     wilson_lower_bound(value, visits), (action,))


def test_the_bands_sit_at_their_bounds() -> None:
    assert grade(0.0) == grade(BEST_BOUND - 1e-9) == common_pb2.GRADE_BEST
    assert grade(BEST_BOUND) == grade(BLUNDER_BOUND - 1e-9) == common_pb2.GRADE_MISTAKE
    assert grade(BLUNDER_BOUND) == grade(1.0) == common_pb2.GRADE_BLUNDER


@given(losses, losses)
def test_a_larger_loss_never_gets_a_better_grade(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert grade(low) <= grade(high)
    assert grade(high) in (common_pb2.GRADE_BEST, common_pb2.GRADE_MISTAKE,
                           common_pb2.GRADE_BLUNDER)


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.integers(1, 20_000), st.integers(1, 20_000))
def test_a_tie_is_graded_best_and_needs_enough_visits(
    best_value: float, value: float, best_visits: int, visits: int
) -> None:
    best, move = _candidate("best", best_value, best_visits), _candidate("move", value, visits)
    if tied(move, best):
        assert min(visits, best_visits) >= MIN_TIE_VISITS
        assert grade(max(0.0, best_value - value)) == common_pb2.GRADE_BEST


def test_overlapping_intervals_a_best_bound_apart_are_no_tie() -> None:
    best, move = _candidate("best", 0.55, 400), _candidate("move", 0.55 - BEST_BOUND, 400)
    assert overlap(interval(move), interval(best))
    assert not tied(move, best)
    assert tied(_candidate("move", 0.55 - BEST_BOUND / 2, 400), best)
