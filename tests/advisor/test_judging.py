"""One answer per question, through the real server: SuggestMove and Evaluate name the same best
move, a judged hint is monotone in value and compares only with moves it shows, its numbers
are Evaluate's, overlapping intervals with few visits are "not searched enough to tell", and a
main search that ends late starves no judged move; a grade never contradicts its first reason."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from advisor import work
from advisor.budget import Budget
from advisor.coaching import BEFORE, grade, grades_between
from advisor.judging import ESCALATION
from advisor.questions import Question
from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.challengers import GAME as CHALLENGERS
from games.challengers import new_game as new_challengers
from games.challengers import observe as observe_challengers
from games.splendor_marvel import observe
from search.levels import FULL_STRENGTH
from search.limits import now

from .conftest import midgame, observation_of


def _splendor() -> common_pb2.Observation:
    return observation_of(midgame(seed=4, plies=14))


def _challengers(seed: int = 3) -> common_pb2.Observation:
    state = new_challengers(2, seed)
    seat = CHALLENGERS.current_player(state)
    return common_pb2.Observation(
        challengers=challengers_codec.observation_to_proto(observe_challengers(state, seat)))


POSITIONS = {"splendor_marvel": (_splendor, 600), "challengers": (_challengers, 300)}


def _limits(iterations: int, candidates: int = 3) -> common_pb2.Limits:
    return common_pb2.Limits(max_iterations=iterations, seed=7, num_candidates=candidates)


def _hint(stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation,
          iterations: int) -> advisor_pb2.SuggestMoveResponse:
    return stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=_limits(iterations),
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True, judge_candidates=True),
    ))


@pytest.mark.parametrize("game", POSITIONS)
def test_suggest_and_evaluate_agree_and_a_hint_is_one_consistent_answer(
    stub: advisor_pb2_grpc.AdvisorStub, game: str
) -> None:
    make, iterations = POSITIONS[game]
    observation = make()
    plain = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=_limits(iterations)))
    hint = _hint(stub, observation, iterations)
    assert hint.best_move == plain.best_move and not plain.judged  # judging changes no choice
    shown = {j.move.notation for j in hint.judged}
    assert shown == {c.move.notation for c in hint.candidates}
    values = [j.win_probability for j in hint.judged]
    assert values == sorted(values, reverse=True)  # no move below another shows a better value
    assert hint.judging_iterations >= sum(j.visits for j in hint.judged) > 0
    names = {j.move.description for j in hint.judged} | {BEFORE}
    for judged in hint.judged:
        assert {r.compared_with for r in judged.explanations} <= names, judged
        assert {m.notation for m in judged.tied_with} <= shown
    for judged in hint.judged:  # the same move, seed and budget: Evaluate says the same
        evaluated = stub.Evaluate(advisor_pb2.EvaluateRequest(
            observation=observation, move=judged.move, limits=_limits(iterations)))
        assert evaluated.best_move == plain.best_move
        mine = evaluated.assessment
        assert (mine.win_probability, mine.visits, mine.lcb, mine.ucb) == (
            judged.win_probability, judged.visits, judged.lcb, judged.ucb)
        assert (mine.value_loss, mine.grade, mine.tied_with_best) == (
            judged.value_loss, judged.grade, judged.tied_with_best)
        assert evaluated.judging_iterations >= mine.visits


SHOWN = {"splendor_marvel": ((_splendor,), 12),
         "challengers": ((_challengers, lambda: _challengers(5)), 10)}
"""Positions whose judged hints show moves of every band near the best, and how many to show."""
TELLING = 8000
"""A budget whose own searches (4,000 visits each) both tie and tell apart moves below a loss of
0.06 (at the default budget such moves are almost always tied)."""


@pytest.mark.parametrize("game", SHOWN)
def test_a_grade_is_its_loss_s_band_and_says_how_sure_it_is(
    stub: advisor_pb2_grpc.AdvisorStub, game: str
) -> None:
    """Every judged move of judged hints: the grade is the loss's band; best never says "...
    is better"; "is better" only when the best is measured better; a tie is best."""
    makers, shown = SHOWN[game]
    judged = [j for make in makers for j in stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=make(), limits=_limits(TELLING, candidates=shown),
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True, judge_candidates=True),
    )).judged]
    for j in judged:
        assert j.grade == grade(j.value_loss), j
        assert j.loss_low <= j.value_loss <= j.loss_high
        better = " is better: " in j.explanations[0].text
        assert not better or j.best_measured_better, j
        if j.grade == common_pb2.GRADE_BEST:
            assert not better, j
        assert not (j.tied_with_best and j.grade != common_pb2.GRADE_BEST), j
    grades = {j.grade for j in judged}
    assert {common_pb2.GRADE_BEST, common_pb2.GRADE_GOOD} <= grades, sorted(grades)


def test_a_loss_that_straddles_an_edge_is_judged_again_until_one_band_holds_it(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    """At a small budget (own searches of 80 visits), each judged move's loss either settles
    inside one band after searches of 4 or 16 times as many visits, or, at that cap, is too
    close to call, naming the grade across the edge. The search's choice loses nothing, but is
    measured against its rival, the runner-up: from 0 to how much better the rival may be."""
    iterations = 160
    steps = {round(iterations * share) for share in ESCALATION}
    judged = [j for seed, plies in ((2, 14), (3, 22), (5, 30))
              for j in _hint(stub, observation_of(midgame(seed=seed, plies=plies)),
                             iterations).judged]
    choices = [j for j in judged if j.rank == 1]
    assert len(choices) == 3 and all(j.value_loss == 0 == j.loss_low for j in choices)
    assert any(j.too_close_to_call and j.close_grade != common_pb2.GRADE_BEST for j in choices)
    for j in judged:
        between = grades_between(j.loss_low, j.loss_high)
        assert j.visits in steps and j.grade in between, j
        if j.too_close_to_call:
            assert j.visits == max(steps) and j.close_grade in between
            assert j.close_grade != j.grade and len(between) > 1
        else:
            assert between == [j.grade] or j.decided, j
    assert {j.visits for j in judged} - {min(steps)}, "no judgement needed more visits"


def test_a_main_search_that_ends_late_leaves_every_judged_move_its_own_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under a time budget the judging searches share the time left when judging starts: a main
    search that overran its part (here, by sleeping past the first judged move's part as the
    call's arrival would have planned it) must not leave that move, the search's own choice,
    one iteration."""
    searched = work._search

    def late(adapter: Any, obs: Any, budget: Budget, question: Question, slot: int,
             deadline: float | None = None, **limits: Any) -> Any:
        result = searched(adapter, obs, budget, question, slot, deadline=deadline, **limits)
        assert deadline is not None and budget.deadline is not None
        time.sleep(max(0.0, deadline + 0.5 * (budget.deadline - deadline) - now()))
        return result

    monkeypatch.setattr(work, "_flags", [0])
    state = midgame(seed=4, plies=14)
    warm = Budget(iterations=64, time_s=math.inf, deadline=None, seed=7, workers=1,
                  candidates=3, strength=FULL_STRENGTH, engine="compiled")
    work.suggest("splendor_marvel", observe(state, state.current), warm, skip_follow_ups=True,
                 pv_length=2, judge=True, slot=0)  # compiles the kernel outside the timed call
    monkeypatch.setattr(work, "_search", late)
    budget = Budget(iterations=None, time_s=3.0, deadline=now() + 3.0, seed=7, workers=1,
                    candidates=3, strength=FULL_STRENGTH, engine="compiled")
    hint = advisor_pb2.SuggestMoveResponse.FromString(work.suggest(
        "splendor_marvel", observe(state, state.current), budget, skip_follow_ups=True,
        pv_length=2, judge=True, slot=0))
    assert len(hint.judged) == 3
    assert min(j.visits for j in hint.judged) >= 10, [j.visits for j in hint.judged]
