"""GetInfo and the referee RPCs, checked against the in-process engine."""

from __future__ import annotations

import random

import grpc
import pytest

from contract.codecs import splendor_marvel as codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2, splendor_marvel_pb2
from games.splendor_marvel import GAME, legal_actions, new_game, observe

from .conftest import bad_fields, midgame, state_of


def test_get_info_lists_the_game_and_its_catalogue(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    info = stub.GetInfo(advisor_pb2.GetInfoRequest())
    assert info.service_version and info.engine_version
    (game,) = [g for g in info.games if g.game == common_pb2.GAME_SPLENDOR_MARVEL]
    assert game.game == common_pb2.GAME_SPLENDOR_MARVEL
    assert list(game.player_counts) == [2, 3, 4]
    catalogue = game.splendor_marvel
    assert len(catalogue.cards) == 90 and len(catalogue.locations) == 8
    assert catalogue.cards[0].name and catalogue.locations[0].label.endswith(("A", "B"))
    assert info.limits.worker_processes == 2


def test_observe_hides_blind_reserves_from_other_seats(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = new_game(2, seed=4)
    blind = next(a for a in legal_actions(state) if str(a) == "blind:2")
    GAME.apply(state, blind, random.Random(0))
    for seat in (0, 1):
        answer = stub.Observe(advisor_pb2.ObserveRequest(state=state_of(state), seat=seat))
        assert codec.observation_from_proto(answer.observation.splendor_marvel) == observe(
            state, seat
        )
        (reserved,) = answer.observation.splendor_marvel.players[0].reserved
        assert (reserved.card != 0) == (seat == 0) and reserved.level == 2
        assert answer.summaries[0].splendor_marvel.tokens == 1  # the grey token


def test_structured_move_and_notation_must_agree(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state = midgame()
    move = common_pb2.Move(notation="take:YPB")
    move.splendor_marvel.take_two = splendor_marvel_pb2.SPLENDOR_COLOUR_YELLOW
    with pytest.raises(grpc.RpcError) as caught:
        stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=state_of(state), move=move))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["move.notation"]


def test_a_state_missing_a_card_is_invalid(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    message = state_of(new_game(2, seed=2))
    message.splendor_marvel.decks[0].cards.pop()
    with pytest.raises(grpc.RpcError) as caught:
        stub.Observe(advisor_pb2.ObserveRequest(state=message, seat=0))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "state.splendor_marvel.decks" in bad_fields(caught.value)


def test_a_game_ended_by_the_turn_cap_can_still_be_observed(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = new_game(2, seed=2, turn_cap=2)
    while state.result is None:
        GAME.apply(state, legal_actions(state)[0], random.Random(0))
    assert state.round == state.turn_cap and state.result == (0.5, 0.5)
    answer = stub.Observe(advisor_pb2.ObserveRequest(state=state_of(state), seat=1))
    assert list(answer.observation.splendor_marvel.result) == [0.5, 0.5]
    beyond = state_of(state)
    beyond.splendor_marvel.round = 3
    with pytest.raises(grpc.RpcError) as caught:
        stub.Observe(advisor_pb2.ObserveRequest(state=beyond, seat=1))
    assert "state.splendor_marvel.round" in bad_fields(caught.value)


