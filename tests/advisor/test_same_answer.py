"""The same question gets the same answer: in a game played against a bot through the referee
RPCs, as the play page and the CLI's `play` do, every grade given during play (Evaluate) is the
review's grade of that move, a hinted move is graded best, and a hint's judged candidates say
what Evaluate says; with a seed and without one."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from advisor.adapters import adapter_by_name
from advisor.budget import Budget
from advisor.judging import own_search
from advisor.questions import Question
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.splendor_marvel import observe
from search.levels import FULL_STRENGTH
from tests.advisor.conftest import midgame

ITERATIONS = 120
GAMES = {
    "splendor_marvel": advisor_pb2.NewGameRequest(
        game=common_pb2.GAME_SPLENDOR_MARVEL, players=2, seed=11, turn_cap=3),
    "challengers": advisor_pb2.NewGameRequest(
        game=common_pb2.GAME_CHALLENGERS, players=2, seed=12),
}
PERSON_MOVES = 5


def _limits(seed: int | None) -> common_pb2.Limits:
    limits = common_pb2.Limits(max_iterations=ITERATIONS, num_candidates=3)
    if seed is not None:
        limits.seed = seed
    return limits


@pytest.mark.parametrize("seed", [5, None])
@pytest.mark.parametrize("game", GAMES)
def test_grades_during_play_are_the_reviews_and_a_hint_is_graded_best(
    stub: advisor_pb2_grpc.AdvisorStub, game: str, seed: int | None
) -> None:
    limits = _limits(seed)
    new_game = GAMES[game]
    state = stub.NewGame(new_game).state
    record = advisor_pb2.GameRecord(new_game=new_game)
    graded: dict[int, int] = {}
    over = False
    while not over and len(graded) < PERSON_MOVES:
        legal = stub.LegalMoves(advisor_pb2.LegalMovesRequest(state=state))
        seat = legal.seat
        observation = stub.Observe(advisor_pb2.ObserveRequest(state=state, seat=seat)).observation
        if seat == 0 and len(legal.moves) > 1:  # the person: a hint, then a move
            hint = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
                observation=observation, limits=limits,
                options=advisor_pb2.SuggestOptions(skip_follow_ups=True, judge_candidates=True)))
            moves = [j.move for j in hint.judged]
            move = hint.best_move if len(graded) % 2 == 0 else moves[-1]
            judged = stub.Evaluate(advisor_pb2.EvaluateRequest(
                observation=observation, move=common_pb2.Move(notation=move.notation),
                limits=limits)).assessment
            shown = next(j for j in hint.judged if j.move.notation == move.notation)
            assert (shown.grade, shown.value_loss) == (judged.grade, judged.value_loss)
            if move.notation == hint.best_move.notation:
                assert judged.grade == common_pb2.GRADE_BEST
            graded[len(record.moves) + 1] = judged.grade
        else:  # the bot, or a forced move (the review does not grade it)
            move = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
                observation=observation, limits=common_pb2.Limits(
                    max_iterations=ITERATIONS, strength=4, seed=len(record.moves)),
                options=advisor_pb2.SuggestOptions(skip_follow_ups=True))).best_move
        applied = stub.ApplyMove(advisor_pb2.ApplyMoveRequest(
            state=state, move=common_pb2.Move(notation=move.notation)))
        state, over = applied.state, applied.game_over
        record.moves.append(common_pb2.Move(notation=move.notation))
    reviewed = {answer.move.number: answer.move.grade for answer in stub.ReviewGame(
        advisor_pb2.ReviewGameRequest(record=record, seats=[0], limits=limits))
        if answer.WhichOneof("item") == "move"}
    assert {n: g for n, g in reviewed.items() if n in graded} == graded
    assert len(graded) >= 3


class _Cancel:
    def __init__(self, cancelled: bool):
        self.cancelled = cancelled

    def is_set(self) -> bool:
        return self.cancelled


def test_a_whole_search_is_remembered_by_its_question_and_a_cut_one_is_not() -> None:
    state = midgame(seed=6)
    obs = observe(state, state.current)
    adapter = adapter_by_name("splendor_marvel")
    budget = Budget(iterations=64, time_s=math.inf, deadline=None, seed=3, workers=1,
                    candidates=3, strength=FULL_STRENGTH, engine="compiled")
    question = Question.of(adapter, obs, budget)
    action = adapter.engine.legal_actions(state)[0]
    whole = own_search(adapter, obs, action, budget, _Cancel(False), question)
    assert whole.whole and whole.iterations == 32
    assert own_search(adapter, obs, action, budget, _Cancel(False), question) is whole
    other = Question.of(adapter, obs, replace(budget, seed=4))  # another question
    assert own_search(adapter, obs, action, budget, _Cancel(False), other) is not whole
    cut = replace(budget, seed=8)
    asked = Question.of(adapter, obs, cut)
    first = own_search(adapter, obs, action, cut, _Cancel(True), asked)
    assert not first.whole
    assert own_search(adapter, obs, action, cut, _Cancel(True), asked) is not first
