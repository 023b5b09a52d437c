"""A Splendor: Marvel game's public history through the real server: kept by the referee RPCs,
checked by replaying it, and refused precisely (never crashing) when it does not replay."""

from __future__ import annotations

import random

import grpc
import pytest

from contract.codecs import splendor_marvel as codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1 import splendor_marvel_pb2 as pb
from games.splendor_marvel import GAME, SplendorState, legal_actions, new_game, observe
from games.splendor_marvel.actions import KIND_OF, Kind
from games.splendor_marvel.catalogue import CARDS_OF_LEVEL, LEVEL
from games.splendor_marvel.replay import replay
from tests.contract.played import played_game

from .conftest import bad_fields, observation_of, state_of

SPLENDOR = common_pb2.GAME_SPLENDOR_MARVEL
PATH = "observation.splendor_marvel"
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN}


def refusal(call: object, request: object) -> grpc.RpcError:
    """The INVALID_ARGUMENT error of a call that must be refused."""
    with pytest.raises(grpc.RpcError) as caught:
        call(request)  # type: ignore[operator]
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    return caught.value


def legal_moves(
    stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation
) -> advisor_pb2.LegalMovesResponse:
    return stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=observation))


def with_blind_reserves(num_players: int = 3) -> SplendorState:
    """A played game in which another seat than the one to move holds a blind reserve."""
    for seed in range(100):
        state = played_game(num_players, seed, plies=40)
        assert state.history is not None
        blind = [p for p in state.history.plays if KIND_OF[p.action] is Kind.RESERVE_BLIND]
        if any(p.drawn in state.reserved[s] for p in blind for s in range(num_players)
               if s != state.current):
            return state
    raise AssertionError("no seed gives a blind reserve")


def test_referee_rpcs_keep_a_history_that_replays(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    request = advisor_pb2.NewGameRequest(game=SPLENDOR, players=3, seed=17)
    message = stub.NewGame(request).state
    history = message.splendor_marvel.history
    assert list(history.opening_board) == list(message.splendor_marvel.board)
    assert list(history.opening_locations) == list(message.splendor_marvel.locations_left)
    assert not history.plays
    rng = random.Random(3)
    played = []
    for _ in range(45):
        state = codec.state_from_proto(message.splendor_marvel)
        action = rng.choice(legal_actions(state))
        played.append(str(action))
        move = common_pb2.Move(notation=str(action))
        message = stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=message, move=move)).state
    record = message.splendor_marvel.history
    assert [codec.move_from_proto(p.move).notation() for p in record.plays] == played
    final = codec.state_from_proto(message.splendor_marvel)
    for seat in range(3):
        answer = stub.Observe(advisor_pb2.ObserveRequest(state=message, seat=seat))
        seen = codec.observation_from_proto(answer.observation.splendor_marvel)
        assert seen.history is not None and len(seen.history.plays) == 45
        assert observe(replay(seen).state, seat) == observe(final, seat)
        if seat == seen.current:  # the server takes the observation back, history and all
            assert legal_moves(stub, answer.observation).moves


def test_searches_accept_an_observation_with_its_history(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = with_blind_reserves()
    observation = observation_of(state)
    assert observation.splendor_marvel.HasField("history")
    limits = common_pb2.Limits(max_iterations=60, seed=2)
    answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(observation=observation,
                                                             limits=limits))
    assert answer.best_move.notation in {str(a) for a in legal_actions(state)}
    evaluation = stub.Evaluate(advisor_pb2.EvaluateRequest(observation=observation,
                                                           limits=limits))
    assert len(evaluation.win_probability) == 3
    without = observation_of(state)
    without.splendor_marvel.ClearField("history")
    plain = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(observation=without, limits=limits))
    assert plain.best_move.notation == answer.best_move.notation  # the search ignores it


def test_a_long_game_is_accepted(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    """Hundreds of plays: far more than the game has cards, the bound of its other lists."""
    rng = random.Random(8)
    state = new_game(4, seed=8)
    while state.result is None:
        legal = legal_actions(state)
        tokens = [a for a in legal if KIND_OF[a] in (Kind.TAKE, Kind.RETURN)]
        GAME.apply(state, rng.choice(tokens or legal), rng)
    assert state.history is not None and len(state.history.plays) > 400
    answer = stub.Observe(advisor_pb2.ObserveRequest(state=state_of(state), seat=2))
    assert len(answer.observation.splendor_marvel.history.plays) == len(state.history.plays)


def test_only_an_absurdly_long_history_is_refused_for_its_length(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    observation = observation_of(played_game(2, seed=1, plies=10))
    plays = observation.splendor_marvel.history.plays
    plays.extend([plays[0]] * 3_990)  # 4,000: the length of a long game, so the replay judges
    error = refusal(stub.LegalMoves, advisor_pb2.LegalMovesRequest(observation=observation))
    assert bad_fields(error) == [f"{PATH}.history"]
    plays.extend([plays[0]] * 6_001)
    error = refusal(stub.LegalMoves, advisor_pb2.LegalMovesRequest(observation=observation))
    assert bad_fields(error) == [f"{PATH}.history.plays"]
    assert "at most 10000" in str(error.details())


def test_a_wrong_dealt_card_is_refused_naming_the_history(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    observation = observation_of(played_game(2, seed=5, plies=30))
    plays = observation.splendor_marvel.history.plays
    index = next(i for i, p in enumerate(plays) if p.dealt)
    card = plays[index].dealt[0]
    plays[index].dealt[0] = next(c for c in CARDS_OF_LEVEL[LEVEL[card]] if c != card)
    error = refusal(stub.LegalMoves, advisor_pb2.LegalMovesRequest(observation=observation))
    assert bad_fields(error) == [f"{PATH}.history"]


def test_an_illegal_move_is_refused_naming_its_play(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    observation = observation_of(played_game(2, seed=6, plies=30))
    plays = observation.splendor_marvel.history.plays
    plays[4].move.CopyFrom(pb.SplendorMove(recruit=90))
    error = refusal(stub.LegalMoves, advisor_pb2.LegalMovesRequest(observation=observation))
    assert bad_fields(error) == [f"{PATH}.history"]
    assert "history.plays[4]: recruit:90 is not legal there" in str(error.details())


def test_a_move_after_the_end_of_the_game_is_refused(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state = played_game(2, seed=7)
    assert state.result is not None and state.history is not None
    message = state_of(state)
    plays = message.splendor_marvel.history.plays
    plays.add().move.CopyFrom(codec.move_to_proto(state.history.plays[-1].action))
    error = refusal(stub.Observe, advisor_pb2.ObserveRequest(state=message, seat=0))
    assert bad_fields(error) == ["state.splendor_marvel.history"]
    assert f"history.plays[{len(plays) - 1}]: the game was already over" in str(error.details())


def test_a_history_that_stops_short_is_refused(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    observation = observation_of(played_game(3, seed=8, plies=30))
    del observation.splendor_marvel.history.plays[-1]
    error = refusal(stub.LegalMoves, advisor_pb2.LegalMovesRequest(observation=observation))
    assert "the plays do not lead to this observation" in str(error.details())


def swapped_draw() -> tuple[pb.SplendorState, int]:
    """A full state whose record says a seat other than 0 drew blind a card of the same level
    that another seat other than 0 holds: seat 0 sees neither, so only their replays tell."""
    for seed in range(200):
        state = played_game(3, seed, plies=60)
        assert state.history is not None
        for index, play in enumerate(state.history.plays):
            held = [c for hand in state.reserved[1:] for c in hand
                    if c != play.drawn and LEVEL[c] == LEVEL[play.drawn]]
            if play.drawn and any(play.drawn in hand for hand in state.reserved[1:]) and held:
                message = state_of(state).splendor_marvel
                message.history.plays[index].drawn = held[0]
                return message, index
    raise AssertionError("no seed gives two level-mates in the hands of seats 1 and 2")


def test_a_state_s_wrong_blind_draw_is_refused(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    message, _ = swapped_draw()
    request = advisor_pb2.ObserveRequest(state=common_pb2.GameState(splendor_marvel=message))
    error = refusal(stub.Observe, request)
    assert bad_fields(error) == ["state.splendor_marvel.history"]
    assert "as seat 0 sees it" not in str(error.details())


def test_field_problems_name_their_field(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state = with_blind_reserves()
    assert state.history is not None
    viewer = state.current
    plays = state.history.plays
    hidden = next(i for i, p in enumerate(plays)
                  if p.drawn and p.drawn not in state.reserved[viewer]
                  and all(p.drawn not in row for row in state.tableau))
    plain = next(i for i, p in enumerate(plays) if KIND_OF[p.action] is not Kind.RESERVE_BLIND)
    cases = {
        "opening_board": lambda h: h.opening_board.pop(),
        "opening_board[3]": lambda h: h.opening_board.__setitem__(3, 95),
        "opening_locations[0]": lambda h: h.opening_locations.__setitem__(0, "9Z"),
        "plays[3].move": lambda h: h.plays[3].ClearField("move"),
        f"plays[2].dealt[{len(plays[2].dealt)}]": lambda h: h.plays[2].dealt.append(0),
        f"plays[{plain}].drawn": lambda h: setattr(h.plays[plain], "drawn", 5),
        f"plays[{hidden}].drawn": lambda h: setattr(h.plays[hidden], "drawn", plays[hidden].drawn),
    }
    for field, tamper in cases.items():
        observation = observation_of(state, viewer)
        tamper(observation.splendor_marvel.history)
        error = refusal(stub.LegalMoves, advisor_pb2.LegalMovesRequest(observation=observation))
        assert bad_fields(error) == [f"{PATH}.history.{field}"], field


def test_an_observation_without_a_history_still_works(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = played_game(2, seed=9, plies=25)
    state.history = None
    observation = observation_of(state)
    assert not observation.splendor_marvel.HasField("history")
    assert legal_moves(stub, observation).moves
    answer = stub.Observe(advisor_pb2.ObserveRequest(state=state_of(state), seat=1))
    assert not answer.observation.splendor_marvel.HasField("history")
    move = common_pb2.Move(notation=str(legal_actions(state)[0]))
    after = stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=state_of(state), move=move)).state
    assert not after.splendor_marvel.HasField("history")


def _mutated(history: pb.SplendorHistory, rng: random.Random) -> None:
    """One random change to a history: a play added, dropped, moved or altered."""
    plays = history.plays
    choice = rng.randrange(6)
    if choice == 0 and plays:
        del plays[rng.randrange(len(plays)):]
    elif choice == 1 and plays:
        plays.insert(rng.randrange(len(plays)), plays[rng.randrange(len(plays))])
    elif choice == 2 and plays:
        plays[rng.randrange(len(plays))].dealt.append(rng.randint(1, 90))
    elif choice == 3 and plays:
        plays[rng.randrange(len(plays))].drawn = rng.randint(0, 90)
    elif choice == 4:
        board = history.opening_board
        board[rng.randrange(len(board))] = rng.randint(0, 95)
    else:
        move = pb.SplendorMove(reserve_blind=rng.randint(0, 4)) if rng.random() < 0.5 else \
            pb.SplendorMove(recruit=rng.randint(0, 95))
        plays.add(move=move, dealt=[rng.randint(1, 90)], drawn=rng.randint(0, 90))


def test_the_server_survives_any_history(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    rng = random.Random(2026)
    states = [with_blind_reserves(n) for n in (2, 3, 4)]
    answers: dict[grpc.StatusCode, int] = {}
    for trial in range(120):
        state = rng.choice(states)
        observation, message = observation_of(state), state_of(state)
        history = (observation if trial % 2 else message).splendor_marvel.history
        for _ in range(rng.randint(1, 3)):
            _mutated(history, rng)
        try:
            if trial % 2:
                stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=observation))
            else:
                stub.Observe(advisor_pb2.ObserveRequest(state=message, seat=0))
            code = grpc.StatusCode.OK
        except grpc.RpcError as error:
            code = error.code()
            assert code not in FORBIDDEN, (trial, error.details())
            assert any(".history" in f for f in bad_fields(error)), (trial, error.details())
        answers[code] = answers.get(code, 0) + 1
    assert answers.get(grpc.StatusCode.INVALID_ARGUMENT, 0) > 60
    assert stub.GetInfo(advisor_pb2.GetInfoRequest()).games
    assert observe(states[0], 0) == codec.observation_from_proto(
        observation_of(states[0], 0).splendor_marvel)
