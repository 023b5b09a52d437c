"""Every seat's observation, both games, every search RPC and LegalMoves; who wins a tournament.

An observation of a seat that is not deciding gets an answer when every card the mover's moves
depend on is public to the observer, else FAILED_PRECONDITION saying whose observation to send.
Never INTERNAL.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import grpc
import pytest

from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.challengers import Challengers, State
from games.challengers import new_game as new_tournament
from games.challengers import observe as observe_tournament
from games.challengers.evaluators import LOGISTIC as CHALLENGERS_EVALUATOR
from games.splendor_marvel import GAME as SPLENDOR
from games.splendor_marvel import Kind, SplendorState, legal_actions
from games.splendor_marvel.actions import KIND_OF
from games.splendor_marvel.evaluators import EVALUATOR as SPLENDOR_EVALUATOR

from .conftest import midgame, observation_of, state_of

CHALLENGERS = Challengers()
TINY = common_pb2.Limits(max_iterations=20, seed=3, workers=1)
CLEAN = {grpc.StatusCode.OK, grpc.StatusCode.FAILED_PRECONDITION}


def _tournament(players: int, plies: int, seed: int = 5) -> State:
    state = new_tournament(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        CHALLENGERS.apply(state, CHALLENGERS_EVALUATOR.rollout_action(state, rng), rng)
    return state


def _tournament_views(players: int, plies: int) -> Iterator[common_pb2.Observation]:
    state = _tournament(players, plies)
    for seat in range(players):
        yield common_pb2.Observation(challengers=challengers_codec.observation_to_proto(
            observe_tournament(state, seat)))


def _splendor_views(players: int, plies: int) -> Iterator[common_pb2.Observation]:
    state = midgame(seed=plies, plies=plies, players=players)
    for seat in range(players):
        yield observation_of(state, seat)


def _searches(observation: common_pb2.Observation,
              stub: advisor_pb2_grpc.AdvisorStub) -> Iterator[tuple[str, Callable[[], object]]]:
    yield "SuggestMove", lambda: stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=TINY), timeout=60)
    yield "Evaluate", lambda: stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, limits=TINY), timeout=60)
    yield "Analyze", lambda: list(stub.Analyze(advisor_pb2.AnalyzeRequest(
        observation=observation, limits=TINY), timeout=60))
    yield "LegalMoves", lambda: stub.LegalMoves(advisor_pb2.LegalMovesRequest(
        observation=observation), timeout=60)


@pytest.mark.parametrize(("game", "players", "plies"), [
    ("challengers", 2, 0), ("challengers", 3, 4), ("splendor_marvel", 2, 11),
    ("splendor_marvel", 3, 25),
])
def test_every_seat_gets_an_answer_or_a_failed_precondition(
    stub: advisor_pb2_grpc.AdvisorStub, game: str, players: int, plies: int
) -> None:
    views = (_tournament_views if game == "challengers" else _splendor_views)(players, plies)
    outcomes: dict[str, set[grpc.StatusCode]] = {}
    for observation in views:
        for method, call in _searches(observation, stub):
            try:
                call()
                code = grpc.StatusCode.OK
            except grpc.RpcError as error:
                code = error.code()
                assert code in CLEAN, (method, error.details())
                assert "is to move" in (error.details() or "")
            outcomes.setdefault(method, set()).add(code)
    for method, codes in outcomes.items():
        assert grpc.StatusCode.OK in codes, method


def test_challengers_searches_from_a_seat_not_drafting_are_refused_like_legal_moves(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = _tournament(2, 0)
    waiting = 1 - CHALLENGERS.current_player(state)
    observation = common_pb2.Observation(challengers=challengers_codec.observation_to_proto(
        observe_tournament(state, waiting)))
    for method, call in _searches(observation, stub):
        with pytest.raises(grpc.RpcError) as caught:
            call()
        assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION, method
        assert f"seat {waiting}'s observation" in (caught.value.details() or "")


def _splendor_with_blind_reserve(hidden: bool) -> SplendorState:
    """A position past the opening where the seat to move holds a blind reserve (`hidden`) or
    none."""
    for seed in range(40):
        state = midgame(seed=seed, plies=0)
        rng = random.Random(seed)
        for ply in range(60):
            blind = not all(state.reserved_public[state.current])
            if blind == hidden and ply > 6 and state.result is None:
                return state
            actions = legal_actions(state)
            chosen = [a for a in actions if KIND_OF[a] is Kind.RESERVE_BLIND]
            action = (chosen[0] if chosen and rng.random() < 0.5
                      else SPLENDOR_EVALUATOR.rollout_action(state, rng))
            SPLENDOR.apply(state, action, rng)
    raise AssertionError("no such position")


def test_legal_moves_of_another_seat_are_answered_when_the_mover_holds_no_hidden_card(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = _splendor_with_blind_reserve(hidden=False)
    other = (state.current + 1) % state.num_players
    answer = stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=observation_of(
        state, other)))
    full = stub.LegalMoves(advisor_pb2.LegalMovesRequest(state=state_of(state)))
    assert answer.seat == full.seat == state.current
    assert [m.notation for m in answer.moves] == [m.notation for m in full.moves]


def test_legal_moves_of_another_seat_are_refused_when_the_mover_holds_a_blind_reserve(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = _splendor_with_blind_reserve(hidden=True)
    other = (state.current + 1) % state.num_players
    with pytest.raises(grpc.RpcError) as caught:
        stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=observation_of(
            state, other)))
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert f"seat {other}'s observation, but seat {state.current} is to move" in (
        caught.value.details() or "")
    mine = stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=observation_of(state)))
    assert mine.seat == state.current and mine.moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_solo_tournament_says_who_won_the_robot_included(
    stub: advisor_pb2_grpc.AdvisorStub, seed: int
) -> None:
    message = stub.NewGame(advisor_pb2.NewGameRequest(
        game=common_pb2.GAME_CHALLENGERS, players=1, seed=seed)).state
    while True:
        legal = stub.LegalMoves(advisor_pb2.LegalMovesRequest(state=message))
        answer = stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=message, move=legal.moves[0]))
        message = answer.state
        if answer.game_over:
            break
    share = message.challengers.result.per_seat[0]
    (over,) = [e for e in answer.events if e.kind == "game_over"]
    expected = {1.0: "seat 0 wins the tournament", 0.5: "seat 0 ties with the robot",
                0.0: "the robot wins the tournament"}[share]
    assert over.description == expected

