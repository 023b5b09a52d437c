"""SuggestMove, Evaluate and Analyze through the real server, with tiny budgets."""

from __future__ import annotations

import logging
import time

import grpc
import pytest

from advisor import AdvisorServer
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.splendor_marvel import Kind, SplendorState, apply, legal_actions, parse
from games.splendor_marvel.catalogue import CARDS
from games.splendor_marvel.state import Phase
from search import levels
from tests.splendor_marvel.helpers import give_tokens, put_on_board, table

from .conftest import midgame, observation_of, start, stopped_call


def _suggest(
    stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation, **limits: int
) -> advisor_pb2.SuggestMoveResponse:
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=common_pb2.Limits(**limits)
    )
    return stub.SuggestMove(request)


def test_suggest_move_answers_with_ranked_candidates(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    answer = _suggest(stub, observation_of(midgame()), max_iterations=200, seed=4, num_candidates=3)
    assert answer.best_move.notation == answer.candidates[0].move.notation
    assert [c.rank for c in answer.candidates] == [1, 2, 3]
    best = answer.candidates[0]
    assert best.visits >= answer.candidates[1].visits
    assert len(best.win_probability) == 2 and 0 <= best.lcb <= best.win_probability[0] + 1e-9
    assert best.pv[0].notation == best.move.notation and best.move.description
    assert answer.stats.iterations == 200 and answer.stats.seed == 4
    assert answer.stats.stopped_by == "iterations" and answer.stats.workers == 1


def test_same_seed_and_iterations_give_the_same_answer(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    observation = observation_of(midgame(seed=8))
    first = _suggest(stub, observation, max_iterations=150, seed=21)
    second = _suggest(stub, observation, max_iterations=150, seed=21)
    first.stats.ClearField("elapsed_ms")
    second.stats.ClearField("elapsed_ms")
    assert first == second


def test_a_weakened_suggestion_names_its_level_and_its_move_is_in_the_table(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    full = _suggest(stub, observation_of(midgame()), max_iterations=200, seed=4)
    assert full.level == 0 and full.best_move.notation == full.candidates[0].move.notation
    not_first = 0
    for seed in range(10):
        answer = _suggest(stub, observation_of(midgame(seed=seed)), max_iterations=500,
                          seed=seed, strength=2, num_candidates=1)  # fmt: skip
        assert answer.level == 2
        assert answer.stats.iterations == levels.level_iterations(500, 2)
        table = [c.move.notation for c in answer.candidates]
        assert answer.best_move.notation in table
        not_first += answer.best_move.notation != table[0]
    assert not_first > 0


def test_two_workers_search_the_whole_budget(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    answer = _suggest(stub, observation_of(midgame()), max_iterations=200, seed=1, workers=2)
    assert answer.stats.workers == 2 and answer.stats.iterations == 200


def over_the_limit_whatever_it_does(seed: int) -> SplendorState:
    """Seat 0 holds 4 yellow, 4 purple and 2 grey, a full hand, and can afford nothing on
    the board: every legal move takes tokens and goes over 10, so returns must follow."""
    state = table(2, seed=seed)
    give_tokens(state, 0, yellow=4, purple=4, grey=2)
    unaffordable = [
        c.id
        for c in CARDS
        if sum(max(0, n - (4 if k < 2 else 0)) for k, n in enumerate(c.cost)) > 2
    ]
    for level in (1, 2, 3):
        cards = [c for c in unaffordable if CARDS[c - 1].level == level]
        for slot, card_id in enumerate(cards[:4]):
            put_on_board(state, card_id, slot)
        state.reserved[0] += [] if level < 3 else cards[4:7]
    for card_id in state.reserved[0]:
        state.decks[2].remove(card_id)
    state.reserved_public[0] = [True] * 3
    return state


@pytest.mark.parametrize("engine", [common_pb2.ENGINE_COMPILED, common_pb2.ENGINE_PYTHON])
def test_a_search_stops_when_its_tree_reaches_the_servers_node_limit(engine: int) -> None:
    server = start(max_tree_nodes=3000)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            info = stub.GetInfo(advisor_pb2.GetInfoRequest())
            answer = _suggest(stub, observation_of(midgame()), max_iterations=1_000_000, seed=2,
                              engine=engine)
    finally:
        server.stop(grace=1.0)
    assert info.limits.max_tree_nodes == 3000
    assert answer.stats.stopped_by == "nodes" and answer.stats.nodes >= 3000
    assert answer.stats.iterations < 1_000_000 and answer.best_move.notation


def test_follow_ups_finish_the_turn(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    for seed in range(3):
        state = over_the_limit_whatever_it_does(seed)
        assert all(a.kind in (Kind.TAKE, Kind.TAKE_TWO) for a in legal_actions(state))
        answer = _suggest(stub, observation_of(state), max_iterations=120, seed=seed)
        apply(state, parse(answer.best_move.notation))
        assert answer.follow_ups
        for move in answer.follow_ups:
            assert move.seat == 0
            apply(state, parse(move.notation))
        assert state.current == 1 and state.phase is Phase.MAIN
        assert sum(state.tokens[0]) == 10


def test_a_deadline_shorter_than_the_budget_returns_the_best_so_far(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_iterations=1_000_000, seed=2),
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True),
    )
    start = time.monotonic()
    answer = stub.SuggestMove(request, timeout=1.0)
    assert time.monotonic() - start < 1.0
    assert answer.stats.stopped_by == "deadline"
    assert 0 < answer.stats.iterations < 1_000_000 and answer.best_move.notation


def test_evaluate_grades_a_move_with_reasons(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    request = advisor_pb2.EvaluateRequest(
        observation=observation_of(midgame(seed=5, plies=30)),
        move=common_pb2.Move(notation="take:YPB"),
        limits=common_pb2.Limits(max_iterations=200, seed=3),
    )
    legal = stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=request.observation))
    request.move.notation = legal.moves[-1].notation
    answer = stub.Evaluate(request)
    assert len(answer.win_probability) == 2 and abs(sum(answer.win_probability) - 1) < 1e-6
    assert all(points >= 0 for points in answer.expected_points)
    assert not answer.match_win_probability  # no matches in Splendor: Marvel
    assessment = answer.assessment
    assert assessment.move.notation == request.move.notation
    assert assessment.rank >= 1 and assessment.value_loss >= 0
    assert assessment.grade != common_pb2.GRADE_UNSPECIFIED
    comparison = assessment.explanations[0]
    assert comparison.code == "win_probability" and comparison.text == assessment.reasons[0]
    if assessment.rank != 1:
        words = "about as good as" if assessment.tied_with_best else "is better"
        assert words in comparison.text and comparison.compared_with == answer.best_move.description


def test_evaluate_refuses_an_illegal_move(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    request = advisor_pb2.EvaluateRequest(
        observation=observation_of(midgame()), move=common_pb2.Move(notation="pass")
    )
    try:
        stub.Evaluate(request)
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
    else:
        raise AssertionError("an illegal move was evaluated")


def test_analyze_streams_partials_then_exactly_one_final(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    request = advisor_pb2.AnalyzeRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_iterations=600, seed=5),
        report_every_ms=20,
    )
    messages = list(stub.Analyze(request))
    assert [m.is_final for m in messages].count(True) == 1 and messages[-1].is_final
    assert messages[-1].stats.iterations == 600
    assert all(m.candidates and m.best_move.notation for m in messages)


def test_cancelling_analyze_keeps_the_last_report_and_stops_the_worker(
    server: AdvisorServer, stub: advisor_pb2_grpc.AdvisorStub, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.rpc")
    request = advisor_pb2.AnalyzeRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_iterations=2_000_000),
        report_every_ms=30,
    )
    call = stub.Analyze(request)
    received = [next(call), next(call)]
    call.cancel()
    last = received[-1]
    assert not last.is_final and last.candidates and last.stats.iterations > 0
    logged = stopped_call(server, caplog, "Analyze")
    assert logged["status"] == "CANCELLED"
    assert logged["iterations"] >= last.stats.iterations > 0
