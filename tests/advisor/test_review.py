"""ReviewGame through a real server: labelled blunders found, forced moves left ungraded, the
summary agreeing with the messages, nothing hidden leaking, malformed records refused with the
move's number, cancellation stopping the judging."""

from __future__ import annotations

import json
import logging
import random
import time
from collections import Counter
from collections.abc import Sequence

import grpc
import pytest

from advisor import AdvisorServer, records
from advisor.review import accuracy, move_accuracy
from clients.arena.record import GameTask
from clients.arena.referee import play
from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.splendor_marvel import GAME, SplendorState, new_game
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.rules import Kind, legal_actions

from .conftest import bad_fields, state_of
from .labelled import avengers_handover, drained_deck, full_hand, gauntlet_race

GRADES = {
    common_pb2.GRADE_BEST: "best", common_pb2.GRADE_GOOD: "good",
    common_pb2.GRADE_INACCURACY: "inaccuracy", common_pb2.GRADE_MISTAKE: "mistake",
    common_pb2.GRADE_BLUNDER: "blunder",
}
FORCED_GAME_SEED, FORCED_FROM = 2, 20
"""The heuristic policy's game from deal 2 has forced moves at plies 21 and 22."""


def _rollout(seed: int, plies: int) -> tuple[SplendorState, list[str]]:
    """A dealt game and the heuristic policy's first `plies` moves (the state is after them)."""
    state = new_game(2, seed=seed)
    rng, moves = random.Random(seed), []
    for _ in range(plies):
        action = EVALUATOR.rollout_action(state, rng)
        moves.append(str(action))
        GAME.apply(state, action, rng)
    return state, moves


def _record(start: SplendorState, moves: Sequence[str]) -> advisor_pb2.GameRecord:
    return advisor_pb2.GameRecord(initial_state=state_of(start),
                                  moves=[common_pb2.Move(notation=m) for m in moves])


def _review(stub: advisor_pb2_grpc.AdvisorStub, record: advisor_pb2.GameRecord,
            iterations: int, seats: Sequence[int] = (), seed: int = 1,
            ) -> tuple[list[advisor_pb2.MoveReview], advisor_pb2.ReviewSummary]:
    request = advisor_pb2.ReviewGameRequest(
        record=record, seats=seats, limits=common_pb2.Limits(max_iterations=iterations, seed=seed))
    answers = list(stub.ReviewGame(request))
    assert all(a.HasField("move") for a in answers[:-1]) and answers[-1].HasField("summary")
    return [a.move for a in answers[:-1]], answers[-1].summary


def _check_summary(moves: Sequence[advisor_pb2.MoveReview],
                   summary: advisor_pb2.ReviewSummary) -> None:
    """Every count in the summary is a count of the messages."""
    for seat in summary.seats:
        mine = [m for m in moves if m.seat == seat.seat]
        counted = Counter(GRADES[m.grade] for m in mine if not m.forced)
        assert seat.moves == len(mine)
        assert seat.counts.forced == sum(m.forced for m in mine)
        for name in GRADES.values():
            assert getattr(seat.counts, name) == counted[name], name
        graded = [m.value_loss for m in mine if m.grade in GRADES]
        assert seat.accuracy == pytest.approx(accuracy(graded))
    assert summary.iterations == sum(m.stats.iterations for m in moves)


def test_missing_a_win_is_a_blunder_and_a_turning_point(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state, win, threat = gauntlet_race()
    quiet = next(a for a in legal_actions(state) if a.kind is Kind.TAKE)
    moves, summary = _review(stub, _record(state, [str(quiet), f"recruit:{threat}"]), 1000)
    assert [(m.number, m.seat, m.move.notation) for m in moves] == [
        (1, 1, str(quiet)), (2, 0, f"recruit:{threat}")]
    missed = moves[0]
    assert missed.grade == common_pb2.GRADE_BLUNDER
    assert missed.best_move.notation == f"recruit:{win}"
    assert missed.win_probability_before - missed.win_probability_after >= 0.2
    assert missed.reasons and missed.assessment.grade == missed.grade
    assert moves[1].grade == common_pb2.GRADE_BEST
    _check_summary(moves, summary)
    by_seat = {s.seat: s for s in summary.seats}
    assert list(by_seat[1].turning_points) == [1] and by_seat[1].accuracy < 50
    assert by_seat[0].accuracy == pytest.approx(100) and not by_seat[0].turning_points


def _labelled_blunders() -> dict[str, tuple[common_pb2.GameState, str]]:
    """Each labelled blunder's position (docs/coaching.md) and the blunder, as a record holds
    them."""
    handover, _ = avengers_handover()
    take = next(a for a in legal_actions(handover) if a.kind is Kind.TAKE)
    hand, _, _ = full_hand()
    reserve = next(a for a in legal_actions(hand) if a.kind is Kind.RESERVE)
    drained, drain, _ = drained_deck()
    return {
        "avengers_handover": (state_of(handover), str(take)),
        "full_hand": (state_of(hand), str(reserve)),
        "drained_deck": (common_pb2.GameState(
            challengers=challengers_codec.state_to_proto(drained)), str(drain)),
    }


@pytest.mark.parametrize("label", ["avengers_handover", "full_hand", "drained_deck"])
def test_each_labelled_blunder_is_graded_a_blunder_in_a_review(
    stub: advisor_pb2_grpc.AdvisorStub, label: str,
) -> None:
    start, blunder = _labelled_blunders()[label]
    record = advisor_pb2.GameRecord(initial_state=start,
                                    moves=[common_pb2.Move(notation=blunder)])
    moves, summary = _review(stub, record, 1000)  # the default budget
    assert [(m.move.notation, m.forced) for m in moves] == [(blunder, False)]
    assert moves[0].grade == common_pb2.GRADE_BLUNDER, moves[0]
    _check_summary(moves, summary)
    assert [list(s.turning_points) for s in summary.seats if s.moves] == [[1]]


def test_forced_moves_are_marked_and_not_graded(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    start, _ = _rollout(FORCED_GAME_SEED, FORCED_FROM)
    _, moves = _rollout(FORCED_GAME_SEED, FORCED_FROM + 4)
    reviewed, summary = _review(stub, _record(start, moves[FORCED_FROM:]), 60)
    assert [m.number for m in reviewed] == [1, 2, 3, 4]
    assert [m.forced for m in reviewed] == [False, True, True, False]
    for forced in reviewed[1:3]:
        assert forced.grade == common_pb2.GRADE_UNSPECIFIED and not forced.HasField("assessment")
        assert not forced.stats.iterations
    assert all(m.grade in GRADES and m.stats.iterations == 60 for m in reviewed[::3])
    _check_summary(reviewed, summary)
    assert sum(s.counts.forced for s in summary.seats) == 2


def _swapped_deep_in_a_deck(state: SplendorState) -> SplendorState:
    """The same table with two cards in the middle of the level-3 deck exchanged."""
    other = state.clone()
    deck = other.decks[2]
    middle = len(deck) // 2
    deck[middle], deck[middle + 1] = deck[middle + 1], deck[middle]
    return other


def test_cards_the_seat_never_saw_do_not_change_its_review(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    start = new_game(2, seed=5)
    other = _swapped_deep_in_a_deck(start)
    assert other.decks != start.decks
    _, moves = _rollout(5, 6)
    reviews = [_review(stub, _record(s, moves), 150, seats=[0], seed=9) for s in (start, other)]
    for review in reviews:
        for move in review[0]:
            move.stats.ClearField("elapsed_ms")
    assert reviews[0] == reviews[1] and len(reviews[0][0]) == 3


def _refused(stub: advisor_pb2_grpc.AdvisorStub,
             request: advisor_pb2.ReviewGameRequest) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        list(stub.ReviewGame(request))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    return caught.value


def _dealt(seed: int, moves: Sequence[str], **fields: object) -> advisor_pb2.ReviewGameRequest:
    return advisor_pb2.ReviewGameRequest(
        record=advisor_pb2.GameRecord(
            new_game=advisor_pb2.NewGameRequest(game=common_pb2.GAME_SPLENDOR_MARVEL, players=2,
                                                seed=seed),
            moves=[common_pb2.Move(notation=m) for m in moves]),
        **fields)


def test_malformed_records_are_refused_naming_the_move(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    _, moves = _rollout(7, 12)
    state, _ = _rollout(7, 5)
    unaffordable = next(c for c in state.decks[2])  # face down: nobody can recruit it
    illegal = _refused(stub, _dealt(7, [*moves[:5], f"recruit:{unaffordable}", *moves[6:]]))
    assert bad_fields(illegal) == ["record.moves[5]"]
    assert "move 6 (recruit:" in illegal.details() and "illegal" in illegal.details()

    other_deal = _refused(stub, _dealt(8, moves))  # the same moves on another deal
    assert "is illegal" in other_deal.details() and bad_fields(other_deal)[0].startswith(
        "record.moves[")

    other_game = _refused(stub, _dealt(7, [*moves[:3], "pick:cow"]))
    assert bad_fields(other_game) == ["record.moves[3].notation"]
    assert "move 4 (seat 1)" in other_game.details()

    seat = _refused(stub, _dealt(7, moves, seats=[0, 2]))
    assert bad_fields(seat) == ["seats[1]"] and "out of range 0..1" in seat.details()

    huge = _refused(stub, _dealt(7, ["take:YPB"] * 100_000))
    assert bad_fields(huge) == ["record.moves"] and "100000 moves" in huge.details()

    no_seed = advisor_pb2.ReviewGameRequest(record=advisor_pb2.GameRecord(
        new_game=advisor_pb2.NewGameRequest(game=common_pb2.GAME_SPLENDOR_MARVEL, players=2)))
    assert bad_fields(_refused(stub, no_seed)) == ["record.new_game.seed"]
    unknown = advisor_pb2.ReviewGameRequest(record=advisor_pb2.GameRecord(
        new_game=advisor_pb2.NewGameRequest(game=99, players=2, seed=1)))  # no such game
    assert bad_fields(_refused(stub, unknown)) == ["record.new_game.game"]
    nothing = advisor_pb2.ReviewGameRequest()
    assert bad_fields(_refused(stub, nothing)) == ["record.setup"]

    over, win, _ = gauntlet_race()
    won = [f"recruit:{win}", "take:PBR"]
    late = _refused(stub, advisor_pb2.ReviewGameRequest(record=_record(over, won)))
    assert bad_fields(late) == ["record.moves[1]"] and "over after move 1" in late.details()


MATCH_DECISIONS = ("top", "bottom", "exhaust", "order")


def test_each_drafters_picks_trims_and_match_decisions_are_reviewed(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    task = GameTask(0, "", 0, 0, "challengers", ("greedy", "greedy"), setup_seed=21,
                    chance_seed=11, bot_seeds=(1, 2), max_plies=80)
    game = play(task)  # an arena game: the referee's randomness from chance_seed
    record = advisor_pb2.GameRecord(
        new_game=advisor_pb2.NewGameRequest(game=common_pb2.GAME_CHALLENGERS, players=2, seed=21),
        moves=[common_pb2.Move(notation=m) for m in game.moves], chance_seed=11)
    turns = records.replay(advisor_pb2.ReviewGameRequest(record=record), 10_000).turns
    assert [str(t.action) for t in turns] == list(game.moves)
    kinds = {(t.seat, str(t.action).partition(":")[0]) for t in turns}
    assert {(seat, kind) for seat in (0, 1) for kind in ("pick", "trim")} <= kinds
    assert {kind for _seat, kind in kinds} & set(MATCH_DECISIONS)
    first_match = next(i for i, t in enumerate(turns) if str(t.action).startswith(MATCH_DECISIONS))
    del record.moves[first_match + 1:]  # the first round's draft and its first match decision
    seat = turns[first_match].seat
    moves, summary = _review(stub, record, 20, seats=[seat])
    assert [m.move.notation for m in moves] == [
        str(t.action) for t in turns[:first_match + 1] if t.seat == seat]
    assert all(m.grade in GRADES or m.forced for m in moves)
    _check_summary(moves, summary)


def test_cancelling_stops_the_review(
    server: AdvisorServer, stub: advisor_pb2_grpc.AdvisorStub, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.rpc")
    start, _ = _rollout(FORCED_GAME_SEED, FORCED_FROM + 1)
    _, moves = _rollout(FORCED_GAME_SEED, FORCED_FROM + 12)
    call = stub.ReviewGame(advisor_pb2.ReviewGameRequest(
        record=_record(start, moves[FORCED_FROM + 1:]),
        limits=common_pb2.Limits(max_iterations=2_000_000)))
    first = next(call)  # the forced move 1 is answered while the searches of 3 and 4 run
    assert first.move.forced and first.move.number == 1
    call.cancel()
    free = server.pool._free  # every job gives its slot back once its search has stopped
    deadline = time.monotonic() + 120
    while len(free) < len(server.pool.flags) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(free) == len(server.pool.flags)

    def logged() -> list[dict[str, object]]:
        return [json.loads(r.getMessage()) for r in caplog.records
                if "ReviewGame" in r.getMessage()]

    while not logged() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert logged()[-1]["status"] == "CANCELLED"


def test_accuracy_is_100_for_best_moves_and_falls_with_every_loss() -> None:
    assert move_accuracy(0.0) == pytest.approx(100) and accuracy([0.0] * 30) == pytest.approx(100)
    assert accuracy([]) == 100
    losses = [0.0, 0.02, 0.05, 0.1, 0.3]
    for i in range(len(losses)):
        worse = [*losses[:i], losses[i] + 0.05, *losses[i + 1:]]
        assert accuracy(worse) < accuracy(losses)
    assert 0 <= accuracy([1.0] * 5) < 1
