"""Move notation and structured moves with out-of-range numbers, in both games.

A move that does not parse is the client's error (INVALID_ARGUMENT naming the move field); a
move that parses but is not legal in the position is FAILED_PRECONDITION naming the move. No
number in a move, however large, negative or oddly written, reaches the engine.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract.codecs import challengers as challengers_codec
from contract.codecs import splendor_marvel as splendor_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1 import challengers_pb2 as cpb
from contract.v1 import splendor_marvel_pb2 as spb
from games.challengers import GAME as CHALLENGERS
from games.challengers import Action as ChallengersAction
from games.challengers import new_game as new_tournament
from games.challengers import observe as observe_tournament
from games.challengers.evaluators import EVALUATOR as CHALLENGERS_EVALUATOR
from games.splendor_marvel import GAME as SPLENDOR
from games.splendor_marvel.actions import parse as parse_splendor

from .conftest import midgame, observation_of, state_of

BOUNDARIES = ("0", "00", "007", "-1", "1 ", " 1", "1x", "2147483648", "9223372036854775808",
              "18446744073709551616", "1_0", "\u00b2", "\u0663", "9" * 5000)
"""What replaces each number of a legal move: zero, leading zeros, a sign, whitespace,
trailing garbage, 2^31, 2^63, 2^64, underscores, non-ASCII digits and a very long number."""
NUMBER = re.compile(r"\d+")
PARSERS: dict[str, Callable[[str], object]] = {
    "splendor_marvel": parse_splendor,
    "challengers": ChallengersAction.parse,
}
CLEAN = {grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT,
         grpc.StatusCode.FAILED_PRECONDITION}
TINY = common_pb2.Limits(max_iterations=20, seed=1, workers=1)


def _tournament(plies: int, players: int = 2) -> Any:
    state = new_tournament(players, seed=plies + 1)
    rng = random.Random(plies)
    for _ in range(plies):
        CHALLENGERS.apply(state, CHALLENGERS_EVALUATOR.rollout_action(state, rng), rng)
    return state


STATES: dict[str, list[Any]] = {
    "splendor_marvel": [midgame(seed=s, plies=p) for s, p in ((3, 0), (4, 15), (5, 40))],
    "challengers": [_tournament(p) for p in (0, 3, 9, 30)],
}
ENGINES: dict[str, Any] = {"splendor_marvel": SPLENDOR, "challengers": CHALLENGERS}


def _variants(game: str) -> Iterator[str]:
    """Every legal move's notation with each number replaced by each boundary value."""
    seen: set[str] = set()
    for state in STATES[game]:
        for action in ENGINES[game].legal_actions(state):
            text = str(action)
            for found in NUMBER.finditer(text):
                for value in BOUNDARIES:
                    variant = text[:found.start()] + value + text[found.end():]
                    if variant not in seen:
                        seen.add(variant)
                        yield variant


def _parses_or_refuses(parse: Callable[[str], object], text: str) -> None:
    try:
        action = parse(text)
    except ValueError:
        return
    assert parse(str(action)) is action, text


@pytest.mark.parametrize("game", PARSERS)
def test_every_legal_move_with_a_boundary_number_parses_or_is_a_value_error(game: str) -> None:
    variants = list(_variants(game))
    assert len(variants) > 20
    for text in variants:
        _parses_or_refuses(PARSERS[game], text)


@pytest.mark.parametrize("game", PARSERS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(
    st.text(max_size=40),
    st.builds(lambda word, rest: f"{word}:{rest}",
              st.sampled_from(["opt", "top", "bottom", "pick", "order", "reserve", "blind",
                               "recruit", "recruit-reserved", "take", "location", "return"]),
              st.text(alphabet="0123456789ABCabc#,+:-_ @xyz", max_size=25)),
))
def test_random_text_parses_or_is_a_value_error(game: str, text: str) -> None:
    _parses_or_refuses(PARSERS[game], text)


UINT32 = st.one_of(st.sampled_from([0, 1, 2, 3, 7, 8, 40, 41, 127, 128, 2**31, 2**32 - 1]),
                   st.integers(0, 2**32 - 1))


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["opt", "redraw", "pick", "pass", "trim", "done", "top", "bottom",
                             "exhaust", "order", "", "OPT"]),
       cards=st.lists(UINT32, max_size=4), pile=UINT32, picks=UINT32, copy=UINT32)
def test_structured_challengers_moves_decode_or_are_a_value_error(
    kind: str, cards: list[int], pile: int, picks: int, copy: int
) -> None:
    msg = cpb.ChallengersMove(kind=kind, cards=cards, option_pile=pile, option_picks=picks,
                              copy=copy)
    try:
        action = challengers_codec.move_from_proto(msg)
    except ValueError:
        return
    assert ChallengersAction.parse(str(action)) is action


@settings(max_examples=200, deadline=None)
@given(field=st.sampled_from(["reserve", "reserve_blind", "recruit", "recruit_reserved"]),
       number=UINT32)
def test_structured_splendor_moves_decode_or_are_a_value_error(field: str, number: int) -> None:
    try:
        message = spb.SplendorMove()
        setattr(message, field, number)
        action = splendor_codec.move_from_proto(message)
    except ValueError:
        return
    assert parse_splendor(str(action)) is action


def _requests(game: str, notation: str) -> Iterator[tuple[str, object]]:
    state = STATES[game][-1]
    if game == "challengers":
        observation = common_pb2.Observation(challengers=challengers_codec.observation_to_proto(
            observe_tournament(state, CHALLENGERS.current_player(state))))
        full = common_pb2.GameState(challengers=challengers_codec.state_to_proto(state))
    else:
        observation, full = observation_of(state), state_of(state)
    move = common_pb2.Move(notation=notation)
    yield "ApplyMove", advisor_pb2.ApplyMoveRequest(state=full, move=move)
    yield "Evaluate", advisor_pb2.EvaluateRequest(observation=observation, move=move, limits=TINY)


@pytest.mark.parametrize("game", PARSERS)
def test_the_server_refuses_out_of_range_moves_by_name(
    stub: advisor_pb2_grpc.AdvisorStub, game: str
) -> None:
    rng = random.Random(31)
    variants = list(_variants(game))
    codes: set[grpc.StatusCode] = set()
    chosen = rng.sample(variants, min(40, len(variants)))
    for notation in [*chosen, "opt:2147483648A", "top:cat#9223372036854775808"]:
        for method, request in _requests(game, notation):
            try:
                getattr(stub, method)(request, timeout=30)
                code = grpc.StatusCode.OK
            except grpc.RpcError as error:
                code = error.code()
                if code == grpc.StatusCode.INVALID_ARGUMENT:
                    assert "move.notation" in (error.details() or ""), (notation, error)
                if code == grpc.StatusCode.FAILED_PRECONDITION:
                    assert "legal" in (error.details() or ""), (notation, error)
            assert code in CLEAN, (method, notation, code)
            codes.add(code)
    assert {grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION} <= codes
