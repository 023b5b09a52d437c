"""Grades (advisor/coaching.py, advisor/judging.py): the band of the measured loss alone, how
sure it is said apart (the loss's interval, a grade too close to call, the best measured
better), decided games, and a grade that never contradicts the answer's own comparison."""

from __future__ import annotations

from typing import cast

from hypothesis import given
from hypothesis import strategies as st

from advisor.adapters import GameAdapter
from advisor.coaching import (
    BEST_BOUND,
    BLUNDER_BOUND,
    GOOD_BOUND,
    MIN_TIE_VISITS,
    decided,
    grade,
    grades_between,
    interval,
    loss_interval,
    measured_better,
    overlap,
    tied,
)
from advisor.judging import Judged, comparison, straddles, verdict
from contract.v1 import common_pb2
from search.result import Candidate, wilson_lower_bound

losses = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
ORDER = [common_pb2.GRADE_BEST, common_pb2.GRADE_GOOD, common_pb2.GRADE_MISTAKE,
         common_pb2.GRADE_BLUNDER]


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
    assert grade(0.0) == grade(BEST_BOUND - 1e-9) == common_pb2.GRADE_BEST
    assert grade(BEST_BOUND) == grade(GOOD_BOUND - 1e-9) == common_pb2.GRADE_GOOD
    assert grade(GOOD_BOUND) == grade(BLUNDER_BOUND - 1e-9) == common_pb2.GRADE_MISTAKE
    assert grade(BLUNDER_BOUND) == grade(1.0) == common_pb2.GRADE_BLUNDER


@given(losses, losses)
def test_a_larger_loss_never_gets_a_better_grade(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert ORDER.index(grade(low)) <= ORDER.index(grade(high))
    between = grades_between(low, high)
    assert between == ORDER[ORDER.index(grade(low)):ORDER.index(grade(high)) + 1]


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.integers(1, 20_000), st.integers(1, 20_000))
def test_a_grade_is_the_loss_s_band_and_never_contradicts_the_comparison(
    best_value: float, value: float, best_visits: int, visits: int
) -> None:
    best = Judged("best", _candidate("best", best_value, best_visits), best_visits)
    mine = Judged("move", _candidate("move", value, visits), visits)
    loss, tie, graded = verdict(mine, best)
    said = comparison(WORDS, mine, best).text
    assert loss == max(0.0, best_value - value) and graded == grade(loss)
    low, high = loss_interval(mine.own, best.own)  # type: ignore[arg-type]
    assert low <= loss <= high
    assert graded in grades_between(low, high)
    assert straddles(mine, best) == (len(grades_between(low, high)) > 1)
    assert tie == tied(mine.own, best.own)  # type: ignore[arg-type]
    if tie:
        assert graded == common_pb2.GRADE_BEST and min(visits, best_visits) >= MIN_TIE_VISITS
    if graded == common_pb2.GRADE_BEST:
        assert " is better: " not in said  # a measurably better choice is "by less than 2%"
    if " is better: " in said:
        assert measured_better(mine.own, best.own)  # type: ignore[arg-type]


def test_the_search_s_choice_is_best_with_no_doubt() -> None:
    choice = Judged("best", _candidate("best", 0.4, 50), 50)
    assert verdict(choice, choice) == (0.0, True, common_pb2.GRADE_BEST)
    assert not straddles(choice, choice)
    assert comparison(WORDS, choice, choice).text.startswith("the search's choice: ")


def test_more_visits_narrow_the_loss_until_one_band_holds_it() -> None:
    """A loss of 0.04 (good) from 500 visits each straddles best and mistake; from 20,000 each
    it lies inside the good band."""
    few = Judged("move", _candidate("move", 0.50, 500), 500)
    few_best = Judged("best", _candidate("best", 0.54, 500), 500)
    assert straddles(few, few_best)
    assert grades_between(*loss_interval(few.own, few_best.own)) == ORDER[:3]  # type: ignore[arg-type]
    many = Judged("move", _candidate("move", 0.50, 20_000), 20_000)
    many_best = Judged("best", _candidate("best", 0.54, 20_000), 20_000)
    assert not straddles(many, many_best) and verdict(many, many_best)[2] == common_pb2.GRADE_GOOD


def test_overlapping_intervals_a_best_bound_apart_are_no_tie() -> None:
    best, move = _candidate("best", 0.55, 400), _candidate("move", 0.55 - BEST_BOUND, 400)
    assert overlap(interval(move), interval(best))
    assert not tied(move, best) and measured_better(move, best)
    assert tied(_candidate("move", 0.55 - BEST_BOUND / 2, 400), best)


def test_a_game_is_decided_when_no_move_wins_or_none_loses() -> None:
    won, lost = _candidate("move", 1.0, 500), _candidate("move", 0.0, 500)
    assert decided(lost, _candidate("best", 0.004, 500), []) == "lost"
    assert decided(won, _candidate("best", 1.0, 500), [_candidate("other", 1.0, 300)]) == "won"
    assert decided(won, won, [won, _candidate("other", 0.0, 300)]) == ""  # one move loses
    assert decided(lost, _candidate("best", 0.3, 500), []) == ""
    assert decided(_candidate("move", 0.01, 20), _candidate("best", 0.01, 20), []) == ""  # noise
