"""Challengers! through the real server: info, referee games, search RPCs and bad requests."""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest

from advisor.challengers.adapter import CHALLENGERS
from benchmarks.coaching.deck_decisions import thinned
from contract.codecs import challengers as codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1 import challengers_pb2 as pb
from games.challengers import CARDS, Challengers, new_game, observe
from games.challengers.actions import Action
from search import levels

from .conftest import bad_fields

GAME = Challengers()
P = "observation.challengers"
TINY = common_pb2.Limits(max_iterations=30, seed=7, workers=1)


def _new(stub: advisor_pb2_grpc.AdvisorStub, players: int = 2,
         seed: int = 3) -> common_pb2.GameState:
    request = advisor_pb2.NewGameRequest(game=common_pb2.GAME_CHALLENGERS, players=players,
                                         seed=seed)
    return stub.NewGame(request).state


def _observation(seed: int = 5, plies: int = 0, seat: int = 0) -> common_pb2.Observation:
    state = new_game(2, seed=seed)
    rng = CHALLENGERS.referee_rng(state)
    for _ in range(plies):
        GAME.apply(state, GAME.legal_actions(state)[0], rng)
    return common_pb2.Observation(challengers=codec.observation_to_proto(observe(state, seat)))


def test_get_info_lists_challengers_with_its_catalogue(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    info = stub.GetInfo(advisor_pb2.GetInfoRequest())
    (game,) = [g for g in info.games if g.game == common_pb2.GAME_CHALLENGERS]
    assert game.title == "Challengers!" and list(game.player_counts) == list(range(1, 9))
    cards = game.challengers.cards
    assert [c.name for c in cards] == [c.name for c in CARDS]
    assert all(c.set and c.level and c.key for c in cards) and cards[0].copies >= 1
    assert game.challengers.sets_per_game == 5 and game.challengers.rounds == 7


def test_evaluate_and_analyze_answer_with_fans(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    observation = _observation(plies=6)
    move = stub.LegalMoves(advisor_pb2.LegalMovesRequest(observation=observation)).moves[0]
    answer = stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, move=common_pb2.Move(notation=move.notation), limits=TINY
    ))
    assert len(answer.win_probability) == 2 and len(answer.expected_points) == 2
    assert all(points >= 0 for points in answer.expected_points)
    assert sum(answer.match_win_probability) == pytest.approx(1.0)  # both seats, one match
    assert answer.assessment.move.notation == move.notation
    stream = stub.Analyze(advisor_pb2.AnalyzeRequest(observation=observation, limits=TINY))
    assert [m.is_final for m in stream][-1]


def test_a_strength_level_searches_by_the_challengers_ladder(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    ladder = levels.ladder_of(GAME)
    assert ladder != levels.LEVELS
    for strength in (1, 2, 9):
        answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
            observation=_observation(plies=4),
            limits=common_pb2.Limits(max_iterations=300, seed=3, strength=strength),
            options=advisor_pb2.SuggestOptions(skip_follow_ups=True),
        ))  # fmt: skip
        assert answer.level == strength
        assert answer.stats.iterations == levels.level_iterations(300, strength, ladder)
        assert answer.best_move.notation in [c.move.notation for c in answer.candidates]


def test_evaluate_within_a_deadline_keeps_time_for_its_playouts(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    request = advisor_pb2.EvaluateRequest(
        observation=_observation(plies=2), limits=common_pb2.Limits(max_iterations=10**6, seed=1)
    )
    # 10**6 iterations take a minute; 4 s leaves the server's margin (a tenth) room for the
    # playouts and the answer even on a loaded machine. DEADLINE_EXCEEDED would raise.
    answer = stub.Evaluate(request, timeout=4)
    assert answer.stats.stopped_by == "deadline"
    assert answer.match_win_probability and sum(answer.match_win_probability) == pytest.approx(1)


def _code(error: pytest.ExceptionInfo[grpc.RpcError]) -> grpc.StatusCode:
    return error.value.code()  # type: ignore[attr-defined,no-any-return]


def test_a_structured_pick_of_an_unknown_card_names_the_move(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = _new(stub)
    bad = common_pb2.Move(challengers=pb.ChallengersMove(kind="pick", cards=[999]))
    with pytest.raises(grpc.RpcError) as error:
        stub.ApplyMove(advisor_pb2.ApplyMoveRequest(state=state, move=bad))
    assert bad_fields(error.value) == ["move.challengers"]


def test_a_paid_pick_travels_as_structured_cards(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state = new_game(2, seed=0, sets=("castle", "film_studio", "funfair", "haunted_house",
                                      "outer_space"))
    shapeshifter = next(i for i, c in enumerate(CARDS) if c.name == "Shapeshifter")
    if shapeshifter not in state.offer:  # swap one in from pile A
        state.piles[0].remove(shapeshifter)
        state.piles[0].append(state.offer[0])
        state.offer[0] = shapeshifter
    paid = next(a for a in GAME.legal_actions(state) if a.paid())
    message = codec.move_to_proto(paid)
    assert message.kind == "pick" and list(message.cards) == [paid.card, *paid.paid()]
    assert codec.move_from_proto(message) is paid
    for cards in ([], [paid.card, 0, 0, 0]):
        with pytest.raises(ValueError, match="picked card, then 0 to 2"):
            codec.move_from_proto(pb.ChallengersMove(kind="pick", cards=cards))
    answer = stub.ApplyMove(advisor_pb2.ApplyMoveRequest(
        state=common_pb2.GameState(challengers=codec.state_to_proto(state)),
        move=common_pb2.Move(challengers=message),
    ))
    assert answer.state.challengers.draft.step == 2  # the extra pick
    assert answer.events[0].description.endswith("to take an extra card")


def _drop_participant(o: pb.ChallengersObservation) -> None:
    del o.participants[-1]


def _two_results(o: pb.ChallengersObservation) -> None:
    o.result.per_seat.extend([1.0, 0.0])


Mutation = Callable[[pb.ChallengersObservation], object]
CASES: dict[str, tuple[Mutation, str]] = {
    "unknown card": (lambda o: o.participants[0].deck.__setitem__(0, 999),
                     f"{P}.participants[0].deck[0]"),
    "too many players": (lambda o: setattr(o, "players", 9), f"{P}.players"),
    "seat out of range": (lambda o: setattr(o, "seat", 2), f"{P}.seat"),
    "participant missing": (_drop_participant, f"{P}.participants"),
    "unknown set": (lambda o: o.sets.__setitem__(0, "moon"), f"{P}.sets"),
    "unknown phase": (lambda o: setattr(o, "phase", 7), f"{P}.phase"),
    "result while playing": (_two_results, f"{P}.result"),
    "pile sizes off": (lambda o: o.pile_sizes.__setitem__(0, o.pile_sizes[0] + 1),
                       f"{P}.pile_sizes"),
    "card counted twice": (lambda o: o.participants[1].deck.append(o.offer[0]),
                           f"{P}.pile_sizes"),
    "bad seer": (lambda o: o.box.add(card=0, seen_by=55), f"{P}.box[0].seen_by"),
    "unknown draft step": (lambda o: setattr(o.draft, "step", 4), f"{P}.draft.step"),
    "payment without a pick": (lambda o: o.participants[1].phase_counters.__setitem__(7, 1),
                               f"{P}.participants[1].phase_counters"),
    "no trophy rows": (lambda o: o.ClearField("trophy_fans"), f"{P}.trophy_fans"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_observations_name_the_field(
    stub: advisor_pb2_grpc.AdvisorStub, case: str
) -> None:
    mutate, field = CASES[case]
    observation = _observation(plies=1)
    assert observation.challengers.offer, "the seat to move holds an offer"
    mutate(observation.challengers)
    with pytest.raises(grpc.RpcError) as error:
        stub.SuggestMove(advisor_pb2.SuggestMoveRequest(observation=observation, limits=TINY))
    assert _code(error) == grpc.StatusCode.INVALID_ARGUMENT
    assert field in bad_fields(error.value)


def test_a_state_whose_cards_do_not_add_up_is_refused(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = _new(stub)
    state.challengers.participants[0].deck.append(0)
    with pytest.raises(grpc.RpcError) as error:
        stub.Observe(advisor_pb2.ObserveRequest(state=state, seat=0))
    assert bad_fields(error.value) == ["state.challengers"]


def test_a_moved_copy_and_a_two_card_order_travel_both_ways() -> None:
    for text in ("bottom:newcomer#2", "top:pig#3", "top:pig", "order:pig,cat", "order:a-i,pig,cat"):
        action = Action.parse(text)
        message = codec.move_to_proto(action)
        assert codec.move_from_proto(message) is action
    message = codec.move_to_proto(Action.parse("bottom:newcomer#2"))
    assert message.kind == "bottom" and message.copy == 2 and list(message.cards) == [0]
    assert codec.move_to_proto(Action.parse("top:pig")).copy == 0
    with pytest.raises(ValueError, match="only 'top' and 'bottom' name a copy"):
        codec.move_from_proto(pb.ChallengersMove(kind="trim", cards=[3], copy=2))
    with pytest.raises(ValueError, match="two or three"):
        codec.move_from_proto(pb.ChallengersMove(kind="order", cards=[3]))
    with pytest.raises(ValueError, match=r"copy counts 1\.\.40"):
        codec.move_from_proto(pb.ChallengersMove(kind="top", cards=[3], copy=41))


@pytest.mark.parametrize("seed", [0, 2])
def test_a_trim_to_an_empty_deck_is_judged_as_it_plays_out(
    stub: advisor_pb2_grpc.AdvisorStub, seed: int
) -> None:
    """A deck thinned by the hints, trimmed to empty in round 2: the trim's own search plays its
    playouts to the end (`ChallengersAdapter.judging`), so its win chance at the default
    budget is the played-out one (0.2% for both seeds in benchmarks/coaching/deck_decisions.py),
    not the 60% and 50% that playouts cut after 8 plies and the static evaluation gave."""
    found = thinned(0, seed)
    assert found is not None
    state, trim = found
    observation = common_pb2.Observation(challengers=codec.observation_to_proto(observe(state, 0)))
    judged = stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, move=common_pb2.Move(notation=str(trim)),
        limits=common_pb2.Limits(seed=1))).assessment
    assert judged.win_probability < 0.05, judged
