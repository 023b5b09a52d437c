"""What holds for every registered game, through the real server: a new game, a legal
suggestion, a referee game to the end, an illegal move, a malformed move and too many seats.

A game's own tests (test_referee.py, test_challengers.py) keep only what its rules add.
"""

from __future__ import annotations

import json
import random
from typing import Any

import grpc
import pytest

from advisor.adapters import ADAPTERS
from contract.codecs import codec_of
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.registry import SERVED

from .conftest import bad_fields

TINY = common_pb2.Limits(max_iterations=30, seed=7, workers=1)
NAMES = list(SERVED)


def _game_id(name: str) -> common_pb2.Game:
    return common_pb2.Game.Value(f"GAME_{name.upper()}")  # type: ignore[return-value]


def _new(stub: advisor_pb2_grpc.AdvisorStub, name: str, seed: int) -> common_pb2.GameState:
    players = 2 if 2 in SERVED[name].player_counts else SERVED[name].player_counts[0]
    request = advisor_pb2.NewGameRequest(game=_game_id(name), players=players, seed=seed)
    return stub.NewGame(request).state


def _engine_state(name: str, message: common_pb2.GameState) -> Any:
    return codec_of(name).state_from_proto(getattr(message, name))


@pytest.mark.parametrize("name", NAMES)
def test_get_info_lists_the_game_with_its_title_and_table_sizes(
    stub: advisor_pb2_grpc.AdvisorStub, name: str
) -> None:
    info = stub.GetInfo(advisor_pb2.GetInfoRequest())
    (game,) = [g for g in info.games if g.game == _game_id(name)]
    assert (game.title, tuple(game.player_counts)) == (SERVED[name].title,
                                                        SERVED[name].player_counts)
    assert game.WhichOneof("catalogue") == name
    evaluators = SERVED[name].evaluators()
    assert evaluators[game.engine] is evaluators["default"], \
        "the engine named is the one answering"


def test_get_info_names_the_splendor_marvel_networks_the_default_reads(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    from games.splendor_marvel.knowledge import manifest

    info = stub.GetInfo(advisor_pb2.GetInfoRequest())
    (game,) = [g for g in info.games if g.game == _game_id("splendor_marvel")]
    data = json.loads((manifest.SHIPPED / manifest.MANIFEST).read_text())
    tables = data["engines"][game.engine]["tables"].values()
    assert game.engine == "learned" and data["engines"]["learned"]["status"] == "default"
    assert set(game.networks) == {t[key] for t in tables for key in ("value", "policy")}
    assert len(game.networks) == 5


@pytest.mark.parametrize("name", NAMES)
def test_new_game_observe_suggest_returns_a_legal_move(
    stub: advisor_pb2_grpc.AdvisorStub, name: str
) -> None:
    state = _new(stub, name, seed=3)
    legal = stub.LegalMoves(advisor_pb2.LegalMovesRequest(state=state))
    seen = stub.Observe(advisor_pb2.ObserveRequest(state=state, seat=legal.seat))
    assert len(seen.summaries) == SERVED[name].load().game.num_players(_engine_state(name, state))
    answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(observation=seen.observation,
                                                             limits=TINY))
    assert answer.seat == legal.seat
    assert answer.best_move.notation in {m.notation for m in legal.moves}
    assert answer.best_move.WhichOneof("game") == name and answer.best_move.description


@pytest.mark.parametrize("name", NAMES)
def test_a_referee_game_to_the_end_follows_the_engine_s_rules(
    stub: advisor_pb2_grpc.AdvisorStub, name: str
) -> None:
    """Every position the referee answers has the engine's legal moves and seat to decide; the
    same move on the same state gives the same answer; the game ends with a game_over event."""
    game, evaluator = SERVED[name].load().game, SERVED[name].evaluator("default")
    message = _new(stub, name, seed=11)
    rng = random.Random(5)
    plies = 0
    while True:
        local = _engine_state(name, message)
        legal = stub.LegalMoves(advisor_pb2.LegalMovesRequest(state=message))
        assert [m.notation for m in legal.moves] == [
            game.notation(a) for a in game.legal_actions(local)]
        if game.is_terminal(local):
            break
        assert legal.seat == game.current_player(local)
        if plies % 10 == 5:
            observation = stub.Observe(
                advisor_pb2.ObserveRequest(state=message, seat=legal.seat)).observation
            move = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
                observation=observation, limits=TINY,
                options=advisor_pb2.SuggestOptions(skip_follow_ups=True))).best_move
        else:
            move = common_pb2.Move(notation=game.notation(evaluator.rollout_action(local, rng)))
        request = advisor_pb2.ApplyMoveRequest(state=message,
                                               move=common_pb2.Move(notation=move.notation))
        answer = stub.ApplyMove(request)
        assert stub.ApplyMove(request) == answer  # the referee's chance is a function of the state
        assert answer.events[0].seat == legal.seat
        message = answer.state
        assert answer.game_over == game.is_terminal(_engine_state(name, message))
        plies += 1
    assert answer.events[-1].kind == "game_over" and plies > 5  # a suggestion was played


def _not_legal_there(name: str, state: Any) -> tuple[common_pb2.GameState, str]:
    """A position played from `state` and the notation of a move that was legal before it but
    is not there (Nim, whose piles only shrink, has no move that becomes legal later)."""
    game, evaluator = SERVED[name].load().game, SERVED[name].evaluator("default")
    position, seen, rng = game.clone(state), set(), random.Random(1)
    while not game.is_terminal(position):
        legal = {game.notation(a) for a in game.legal_actions(position)}
        if seen - legal:
            return common_pb2.GameState(**{name: codec_of(name).state_to_proto(position)}), min(
                seen - legal)
        seen |= legal
        game.apply(position, evaluator.rollout_action(position, rng), rng)
    raise AssertionError("every move of the game stays legal to its end")


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_move_fails_the_precondition_with_the_reason(
    stub: advisor_pb2_grpc.AdvisorStub, name: str
) -> None:
    state, notation = _not_legal_there(name, _engine_state(name, _new(stub, name, seed=1)))
    with pytest.raises(grpc.RpcError) as caught:
        stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=state,
                                                    move=common_pb2.Move(notation=notation)))
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    local = _engine_state(name, state)
    reason = ADAPTERS[name].why_illegal(local, SERVED[name].load().game.parse(notation))
    assert reason and reason in str(caught.value.details())


@pytest.mark.parametrize("name", NAMES)
def test_a_malformed_move_names_the_field(stub: advisor_pb2_grpc.AdvisorStub, name: str) -> None:
    state = _new(stub, name, seed=1)
    for move, field in ((common_pb2.Move(notation="no-such-move:%%"), "move.notation"),
                        (common_pb2.Move(), "move")):
        with pytest.raises(grpc.RpcError) as caught:
            stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=state, move=move))
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert bad_fields(caught.value) == [field]


@pytest.mark.parametrize("name", NAMES)
def test_new_game_refuses_too_many_seats(stub: advisor_pb2_grpc.AdvisorStub, name: str) -> None:
    too_many = SERVED[name].player_counts[-1] + 1
    with pytest.raises(grpc.RpcError) as caught:
        stub.NewGame(advisor_pb2.NewGameRequest(game=_game_id(name), players=too_many))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["players"]
