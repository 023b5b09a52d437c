"""Every AdvisorClient method against a real server, with tiny search budgets."""

from __future__ import annotations

import grpc
import pytest

from clients import (
    AdvisorClient,
    AdvisorError,
    Engine,
    Favours,
    Game,
    Grade,
    Limits,
    Reason,
    StopReason,
    Suggestion,
)
from contract.v1 import advisor_pb2, common_pb2
from games.registry import DEFAULT_GAME, SERVED

from .conftest import FAST, start

TINY = Limits(iterations=24, seed=5)


def opening(client: AdvisorClient) -> tuple[common_pb2.GameState, common_pb2.Observation]:
    state = client.new_game(2, seed=1)
    return state, client.observe(state, 0).observation


def test_limits_repr_omits_unset_fields_and_maps_to_the_proto() -> None:
    assert repr(Limits(iterations=200, seed=0)) == "Limits(iterations=200, seed=0)"
    message = Limits(time_ms=300, seed=0, candidates=3).to_proto()
    assert message.max_time_ms == 300 and message.num_candidates == 3
    assert message.HasField("seed") and message.seed == 0
    assert not Limits().to_proto().HasField("seed")
    assert Limits(engine="python").to_proto().engine == common_pb2.ENGINE_PYTHON
    assert Limits(engine=Engine.COMPILED).to_proto().engine == common_pb2.ENGINE_COMPILED
    assert Limits().to_proto().engine == common_pb2.ENGINE_UNSPECIFIED


def test_get_info_names_the_game_and_the_limits(client: AdvisorClient) -> None:
    info = client.get_info()
    assert [g.game for g in info.games] == [Game(name) for name in SERVED]
    assert info.games[1].player_counts == tuple(range(1, 9))
    assert info.games[0].proto.splendor_marvel.cards
    assert info.limits.worker_processes == 1


def test_referee_methods_play_a_move(client: AdvisorClient) -> None:
    state, observation = opening(client)
    assert observation.splendor_marvel.seat == 0
    legal = client.legal_moves(state)
    assert legal.seat == 0 and "take:YPB" in [m.notation for m in legal.moves]
    assert [m.notation for m in client.legal_moves(observation).moves] == [
        m.notation for m in legal.moves
    ]
    answer = client.apply_move(state, "take:YPB")
    assert not answer.game_over and answer.events[0].seat == 0
    assert answer.state.splendor_marvel.current_seat == 1
    assert client.new_game(2, seed=1) == state
    assert client.new_game(2, seed=1, game=DEFAULT_GAME) == state  # no game: the default
    assert client.new_game(3, seed=1, game="challengers").WhichOneof("game") == "challengers"


def test_suggest_move_with_a_seed_is_reproducible(client: AdvisorClient) -> None:
    _, observation = opening(client)
    first = client.suggest_move(observation, Limits(iterations=24, seed=5, candidates=3))
    again = client.suggest_move(observation, Limits(iterations=24, seed=5, candidates=3))
    assert first.candidates == again.candidates and isinstance(first, Suggestion)
    assert first.best_move == again.best_move
    assert len(first.candidates) == 3 and first.stats.iterations == 24
    assert first.stats.stopped_by is StopReason.ITERATIONS
    assert first.stats.engine is Engine.COMPILED
    assert first.candidates[0].move == first.best_move
    assert first.candidates[0].pv[0] == first.candidates[0].move


def test_answers_are_typed_values_with_their_message_kept(client: AdvisorClient) -> None:
    _, observation = opening(client)
    answer = client.suggest_move(observation, TINY)
    assert answer.best_move.notation == answer.proto.best_move.notation
    assert answer.best_move.description and str(answer.best_move) == answer.best_move.notation
    assert answer.root_win_probability == tuple(answer.proto.root_win_probability)
    assert isinstance(answer.candidates, tuple) and answer.candidates[0].rank == 1


def test_evaluate_judges_a_move_with_reasons(client: AdvisorClient) -> None:
    _, observation = opening(client)
    answer = client.evaluate(observation, "take:YPB", TINY)
    assert len(answer.win_probability) == 2
    judged = answer.assessment
    assert judged is not None and judged.move.notation == "take:YPB" and judged.reasons
    assert isinstance(judged.grade, Grade) and str(judged.grade) in {g.value for g in Grade}
    assert client.evaluate(observation, limits=TINY).assessment is None
    again = client.evaluate(observation, answer.best_move, TINY).assessment
    assert again is not None and again.move.notation == answer.best_move.notation
    assert all(isinstance(r.favours, Favours) for r in judged.explanations)
    assert again.explanations[0].favours is Favours.NEITHER  # nothing beats the choice


@pytest.mark.parametrize(("side", "favours"), [
    (advisor_pb2.FAVOURS_NEITHER, Favours.NEITHER), (advisor_pb2.FAVOURS_MOVE, Favours.MOVE),
    (advisor_pb2.FAVOURS_COMPARED, Favours.COMPARED),
])
def test_a_reasons_side_is_read_from_its_message(side: int, favours: Favours) -> None:
    message = advisor_pb2.Reason(code="points", text="t", favours=side)  # type: ignore[arg-type]
    assert Reason.of(message).favours is favours and str(favours) == favours.value


def test_analyze_ends_with_exactly_one_final_answer(client: AdvisorClient) -> None:
    _, observation = opening(client)
    answers = list(client.analyze(observation, Limits(iterations=300, seed=1), report_every_ms=10))
    assert [a.is_final for a in answers].count(True) == 1 and answers[-1].is_final
    assert answers[-1].stats.iterations == 300


def test_a_stopped_analysis_keeps_its_last_answer(client: AdvisorClient) -> None:
    _, observation = opening(client)
    with client.analyze(observation, Limits(time_ms=20_000), report_every_ms=10) as analysis:
        for answer in analysis:
            if answer.stats.iterations:
                analysis.stop()
    assert analysis.final is None
    assert analysis.latest is not None and analysis.latest.best_move.notation
    assert analysis.latest.stats.stopped_by is StopReason.CANCELLED
    assert analysis.latest.stats.iterations > 0
    assert analysis.wait() is analysis.latest


def test_the_call_deadline_bounds_the_search(client: AdvisorClient) -> None:
    _, observation = opening(client)
    answer = client.suggest_move(observation, Limits(iterations=10**7), timeout=0.5)
    assert answer.stats.stopped_by is StopReason.DEADLINE


def test_a_bad_move_names_the_field(client: AdvisorClient) -> None:
    state, _ = opening(client)
    with pytest.raises(AdvisorError) as caught:
        client.apply_move(state, "take:XX")
    error = caught.value
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["move.notation"]
    assert "colour letter 'X'" in str(error)


def test_an_illegal_move_fails_the_precondition(client: AdvisorClient) -> None:
    state, _ = opening(client)
    with pytest.raises(AdvisorError) as caught:
        client.apply_move(state, "pass")
    assert caught.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert "passing is legal only when no other action is" in caught.value.message
    assert caught.value.violations == ()


def test_the_token_is_sent_as_a_bearer() -> None:
    guarded = start(auth_token="s3cret")
    try:
        target = f"127.0.0.1:{guarded.port}"
        with AdvisorClient(target, token="s3cret", retry=FAST) as allowed:
            assert allowed.get_info().games
        with AdvisorClient(target, retry=FAST) as anonymous, pytest.raises(AdvisorError) as e:
            anonymous.get_info()
        assert e.value.code == grpc.StatusCode.UNAUTHENTICATED
    finally:
        guarded.stop(grace=0.5)
