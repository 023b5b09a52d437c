"""Every kind of inconsistent observation fails with INVALID_ARGUMENT naming the field."""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest

from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1 import splendor_marvel_pb2 as pb
from games.splendor_marvel.catalogue import CARDS_OF_LEVEL

from .conftest import bad_fields, midgame, observation_of

P = "observation.splendor_marvel"
Mutation = Callable[[pb.SplendorObservation], object]


def _take_tokens(obs: pb.SplendorObservation, seat: int, count: int) -> None:
    """Move `count` tokens from the supply to a seat, colour by colour (keeps totals right)."""
    for key in ("yellow", "purple", "blue", "red", "orange", "grey"):
        while count and getattr(obs.supply, key):
            setattr(obs.supply, key, getattr(obs.supply, key) - 1)
            setattr(obs.players[seat].tokens, key, getattr(obs.players[seat].tokens, key) + 1)
            count -= 1


def _hand_of_four(obs: pb.SplendorObservation) -> None:
    level1 = [c for c in CARDS_OF_LEVEL[1] if c not in obs.board]
    for card in level1[:4]:
        obs.players[obs.seat].reserved.add(card=card, level=1)
    obs.deck_sizes[0] -= 4


CASES: dict[str, tuple[Mutation, str]] = {
    "unknown card id": (lambda o: o.board.__setitem__(0, 999), f"{P}.board[0]"),
    "card in two places": (lambda o: o.board.__setitem__(6, o.board[5]), f"{P}.board[6]"),
    "card of the wrong level in a slot": (lambda o: o.board.__setitem__(0, o.board[4]),
                                          f"{P}.board[0]"),
    "token totals": (lambda o: setattr(o.players[1].tokens, "yellow", 3), f"{P}.supply.yellow"),
    "more than 10 tokens": (lambda o: _take_tokens(o, 1, 11), f"{P}.players[1].tokens"),
    "two green tokens": (lambda o: setattr(o.players[0].tokens, "green", 2),
                         f"{P}.players[0].tokens.green"),
    "four reserved cards": (_hand_of_four, f"{P}.players[0].reserved"),
    "own reserve hidden": (lambda o: setattr(o.players[0].reserved[0], "card", 0),
                           f"{P}.players[0].reserved[0].card"),
    "deck size off": (lambda o: o.deck_sizes.__setitem__(1, o.deck_sizes[1] + 1),
                      f"{P}.deck_sizes[1]"),
    "seat out of range": (lambda o: setattr(o, "seat", 2), f"{P}.seat"),
    "current seat out of range": (lambda o: setattr(o, "current_seat", 7), f"{P}.current_seat"),
    "five players": (lambda o: setattr(o, "num_players", 5), f"{P}.num_players"),
    "missing player": (lambda o: o.players.pop(), f"{P}.players"),
    "unknown location": (lambda o: o.locations_left.__setitem__(0, "9Z"),
                         f"{P}.locations_left[0]"),
    "avengers tile without tags": (lambda o: setattr(o, "avengers_seat", 1),
                                   f"{P}.avengers_seat"),
    "return phase under the limit": (lambda o: setattr(o, "phase", pb.SPLENDOR_PHASE_RETURN),
                                     f"{P}.phase"),
    "empty slot with cards in the deck": (lambda o: o.board.__setitem__(9, 0),
                                          f"{P}.deck_sizes[2]"),
    # the soak's 100,000 requests found this one: the kernel's int32 world overflowed
    "turn cap past an int32": (lambda o: setattr(o, "turn_cap", 2**32 - 1), f"{P}.turn_cap"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_inconsistent_observation_names_the_field(
    stub: advisor_pb2_grpc.AdvisorStub, case: str
) -> None:
    mutate, field = CASES[case]
    observation = observation_of(midgame(seed=3, plies=8), seat=0)
    mutate(observation.splendor_marvel)
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=common_pb2.Limits(max_iterations=10)
    )
    with pytest.raises(grpc.RpcError) as caught:
        stub.SuggestMove(request)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert field in bad_fields(caught.value), caught.value.details()


def test_the_unmutated_observation_is_valid(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    observation = observation_of(midgame(seed=3, plies=8), seat=0)
    request = advisor_pb2.LegalMovesRequest(observation=observation)
    assert stub.LegalMoves(request).moves


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (advisor_pb2.SuggestMoveRequest(), "observation"),
        (
            advisor_pb2.SuggestMoveRequest(
                observation=observation_of(midgame()), limits=common_pb2.Limits(strength=11)
            ),
            "limits.strength",
        ),
        (
            advisor_pb2.EvaluateRequest(
                observation=observation_of(midgame()), move=common_pb2.Move(notation="fly:Y")
            ),
            "move.notation",
        ),
    ],
)
def test_bad_request_fields(
    stub: advisor_pb2_grpc.AdvisorStub, request_: object, field: str
) -> None:
    method = stub.SuggestMove if isinstance(request_, advisor_pb2.SuggestMoveRequest) else (
        stub.Evaluate
    )
    with pytest.raises(grpc.RpcError) as caught:
        method(request_)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == [field]


def test_a_new_game_with_a_turn_cap_too_large_names_the_field(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    request = advisor_pb2.NewGameRequest(game=common_pb2.GAME_SPLENDOR_MARVEL, players=2,
                                         turn_cap=2**32 - 1)
    with pytest.raises(grpc.RpcError) as caught:
        stub.NewGame(request)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["turn_cap"], caught.value.details()


def test_unknown_fields_are_tolerated(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    request = advisor_pb2.LegalMovesRequest(observation=observation_of(midgame()))
    data = request.SerializeToString() + b"\xf8\x3f\x01"  # field 1023, varint 1
    parsed = advisor_pb2.LegalMovesRequest.FromString(data)
    assert stub.LegalMoves(parsed).moves
