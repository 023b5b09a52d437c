"""Grade bands and ties (advisor/coaching.py, advisor/judging.py): three bands by the loss, the
lowest split into best and good by whether the search measures the best move better, and a
grade that never contradicts the answer's own comparison with the best move."""

from __future__ import annotations

from typing import cast

from hypothesis import given
from hypothesis import strategies as st

from advisor.adapters import GameAdapter
from advisor.coaching import (
    BEST_BOUND,
    BLUNDER_BOUND,
    MIN_TIE_VISITS,
    grade,
    interval,
    measured_better,
    overlap,
    tied,
    undecided,
)
from advisor.judging import Judged, comparison, verdict
from contract.v1 import common_pb2
from search.result import Candidate, wilson_lower_bound

losses = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
BANDS = {common_pb2.GRADE_BEST: 0, common_pb2.GRADE_GOOD: 0, common_pb2.GRADE_MISTAKE: 1,
         common_pb2.GRADE_BLUNDER: 2}
"""The band of each grade given: best and good share the lowest."""


def _candidate(action: str, value: float, visits: int) -> Candidate:
    return Candidate(action, 0, visits, visits, (value, 1 - value), 0.1,
                     wilson_lower_bound(value, visits), (action,))


class _Words:
    """An adapter's `move_message`, all `comparison` needs of one."""

    @staticmethod
    def move_message(action: object, seat: int) -> common_pb2.Move:
        return common_pb2.Move(notation=str(action), description=f"the move {action}", seat=seat)


WORDS = cast(GameAdapter, _Words())


def test_the_bands_sit_at_their_bounds() -> None:
    for better, lowest in ((False, common_pb2.GRADE_BEST), (True, common_pb2.GRADE_GOOD)):
        assert grade(0.0, better) == grade(BEST_BOUND - 1e-9, better) == lowest
        assert grade(BEST_BOUND, better) == grade(BLUNDER_BOUND - 1e-9, better) \
            == common_pb2.GRADE_MISTAKE
        assert grade(BLUNDER_BOUND, better) == grade(1.0, better) == common_pb2.GRADE_BLUNDER


@given(losses, losses, st.booleans(), st.booleans())
def test_a_larger_loss_never_gets_a_worse_band(a: float, b: float, first: bool,
                                               second: bool) -> None:
    low, high = sorted((a, b))
    assert BANDS[grade(low, first)] <= BANDS[grade(high, second)]
    assert grade(low, first) <= grade(high, first)  # the same measurement: the grade too


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.integers(1, 20_000), st.integers(1, 20_000))
def test_a_grade_never_contradicts_the_comparison_with_the_best(
    best_value: float, value: float, best_visits: int, visits: int
) -> None:
    """Best: no "is better" reason; good: always one; the band by the loss alone."""
    best = Judged("best", _candidate("best", best_value, best_visits), best_visits)
    mine = Judged("move", _candidate("move", value, visits), visits)
    loss, tie, graded = verdict(mine, best)
    said = comparison(WORDS, mine, best).text
    assert loss == max(0.0, best_value - value)
    assert tie == tied(mine.own, best.own)  # type: ignore[arg-type]
    assert BANDS[graded] == BANDS[grade(loss, False)]
    if graded == common_pb2.GRADE_BEST:
        assert " is better: " not in said
    if graded == common_pb2.GRADE_GOOD:
        assert said.startswith("the move best is better: ") and loss < BEST_BOUND
    if tie:
        assert graded == common_pb2.GRADE_BEST and min(visits, best_visits) >= MIN_TIE_VISITS
    if undecided(mine.own, best.own) and 0 < loss < BEST_BOUND:  # type: ignore[arg-type]
        assert graded == common_pb2.GRADE_BEST and "not searched enough" in said


def test_the_search_s_choice_is_best_and_measures_nothing_better() -> None:
    choice = Judged("best", _candidate("best", 0.4, 50), 50)
    assert verdict(choice, choice) == (0.0, True, common_pb2.GRADE_BEST)
    assert comparison(WORDS, choice, choice).text.startswith("the search's choice: ")


def test_a_small_loss_is_good_once_the_intervals_part() -> None:
    """The player trial's example: 50% over 6409 visits against 56%: loss 0.059, graded good;
    the same values over 500 visits each overlap and are tied: graded best."""
    best, move = _candidate("best", 0.56, 6409), _candidate("move", 0.501, 6409)
    assert measured_better(move, best) and not tied(move, best)
    assert grade(best.value - move.value, measured_better(move, best)) == common_pb2.GRADE_GOOD
    few, few_best = _candidate("move", 0.501, 500), _candidate("best", 0.56, 500)
    assert tied(few, few_best) and not measured_better(few, few_best)


def test_overlapping_intervals_a_best_bound_apart_are_no_tie() -> None:
    best, move = _candidate("best", 0.55, 400), _candidate("move", 0.55 - BEST_BOUND, 400)
    assert overlap(interval(move), interval(best))
    assert not tied(move, best) and measured_better(move, best)
    assert tied(_candidate("move", 0.55 - BEST_BOUND / 2, 400), best)
