"""A bounded, seeded fuzz of every RPC and every registered game through a real server.

It fails on any INTERNAL or UNKNOWN answer, on a search answered after its deadline, and on a
server that stops answering. Random bytes, bit flips of valid requests, absurd limits and huge
repeated fields are all the client's fault: they get precise errors or valid answers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from advisor import AdvisorServer
from benchmarks.service.soak import flipped, raw_call, valid_requests
from checks import examples
from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1 import challengers_pb2 as cpb
from games.challengers import new_game as new_tournament
from games.challengers import observe as observe_tournament
from games.registry import SERVED

from .conftest import midgame, observation_of, start

SERVICE = "/advisor.v1.Advisor/"
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN}
SEARCHES = ("SuggestMove", "Evaluate", "Analyze")


@pytest.fixture(scope="module")
def fuzzed() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=8, max_message_bytes=1 << 20)
    yield running
    running.stop(grace=1.0)


def assert_alive(channel: grpc.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    answer = health.Check(health_pb2.HealthCheckRequest(), timeout=5)
    assert answer.status == health_pb2.HealthCheckResponse.SERVING


def test_random_and_corrupted_bytes_get_clean_answers(fuzzed: AdvisorServer) -> None:
    rng = random.Random(2026)
    requests = valid_requests()
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        for round_ in range(12):
            for method, payloads in requests.items():
                for payload in payloads:
                    for data in (rng.randbytes(rng.randint(1, 300)), flipped(payload, rng)):
                        code = raw_call(channel, method, data, timeout=10)
                        assert code not in FORBIDDEN, (method, round_, data[:40])
            assert_alive(channel)


def test_undecodable_bytes_are_an_invalid_argument_naming_the_message(
    fuzzed: AdvisorServer,
) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        call = channel.unary_unary(SERVICE + "SuggestMove")
        with pytest.raises(grpc.RpcError) as caught:
            call(b"\xff\xff\xff\xff", timeout=5)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "advisor.v1.SuggestMoveRequest" in (caught.value.details() or "")


ABSURD_LIMITS = [
    common_pb2.Limits(max_iterations=12149949798870623564),
    common_pb2.Limits(max_time_ms=2**32 - 1, workers=1000),
    common_pb2.Limits(max_time_ms=2**31, max_iterations=2**63 - 1, workers=64, num_candidates=64),
]
DEADLINE_S = 2.0
"""Long enough for the answer to travel on a loaded machine; the search stops well before."""


@pytest.mark.parametrize("method", SEARCHES)
def test_searches_answer_before_their_deadline_whatever_the_limits(
    fuzzed: AdvisorServer, method: str
) -> None:
    observations = [examples.messages(name, examples.position(name, 2, seed=6, plies=20))[1]
                    for name in SERVED]
    build: dict[str, Callable[..., object]] = {
        "SuggestMove": advisor_pb2.SuggestMoveRequest,
        "Evaluate": advisor_pb2.EvaluateRequest,
        "Analyze": advisor_pb2.AnalyzeRequest,
    }
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        for observation in observations:
            for limits in ABSURD_LIMITS:
                request = build[method](observation=observation, limits=limits)
                payload = request.SerializeToString()  # type: ignore[attr-defined]
                began = time.monotonic()
                code = raw_call(channel, method, payload, timeout=DEADLINE_S)
                elapsed = time.monotonic() - began
                assert code not in FORBIDDEN
                assert code != grpc.StatusCode.DEADLINE_EXCEEDED, (method, limits, elapsed)
                assert code != grpc.StatusCode.CANCELLED, (method, limits, elapsed)
        assert_alive(channel)


def test_an_answer_says_which_limits_were_lowered(fuzzed: AdvisorServer) -> None:
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation_of(midgame(seed=6)),
        limits=common_pb2.Limits(max_iterations=50, max_time_ms=2**32 - 1, workers=1000, seed=2),
    )
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        answer = stub.SuggestMove(request, timeout=30)
        maxima = stub.GetInfo(advisor_pb2.GetInfoRequest()).limits
    assert list(answer.stats.clamped) == [
        f"limits.max_time_ms 4294967295 lowered to the server's maximum {maxima.max_time_ms}",
        f"limits.workers 1000 lowered to the server's maximum {maxima.worker_processes}",
    ]
    assert answer.stats.workers == maxima.worker_processes


def test_huge_repeated_fields_are_refused_before_they_cost_memory(
    fuzzed: AdvisorServer,
) -> None:
    observation = observation_of(midgame(seed=7))
    observation.splendor_marvel.board.extend([1] * 100_000)
    deck = cpb.ChallengersObservation(players=2)
    deck.own_public_deck.extend([0] * 200_000)
    requests = [
        (SERVICE + "SuggestMove", advisor_pb2.SuggestMoveRequest(observation=observation)),
        (SERVICE + "LegalMoves", advisor_pb2.LegalMovesRequest(
            observation=common_pb2.Observation(challengers=deck))),
    ]
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        for method, request in requests:
            call = channel.unary_unary(method)
            with pytest.raises(grpc.RpcError) as caught:
                call(request.SerializeToString(), timeout=10)
            assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert "the game has room for at most" in (caught.value.details() or "")
        assert_alive(channel)


def _huge(observation: cpb.ChallengersObservation, where: str) -> None:
    participant = observation.participants[0]
    if where == "phase_counters":
        participant.phase_counters[7] = 10_000_000
    elif where == "hidden_adds":
        participant.hidden_adds[0] = 2**31
    elif where == "pile_sizes":
        observation.pile_sizes[1] = 2**32 - 1
    else:
        observation.draft.picks_left = 10_000_000


@pytest.mark.parametrize("where", ["phase_counters", "hidden_adds", "pile_sizes", "picks_left"])
def test_huge_counts_are_refused_by_name_before_anything_loops_over_them(
    fuzzed: AdvisorServer, where: str
) -> None:
    observation = challengers_codec.observation_to_proto(
        observe_tournament(new_tournament(2, seed=4), 0))
    _huge(observation, where)
    request = advisor_pb2.LegalMovesRequest(
        observation=common_pb2.Observation(challengers=observation))
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        with pytest.raises(grpc.RpcError) as caught:
            stub.LegalMoves(request, timeout=30)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert where in (caught.value.details() or "")


def test_a_negative_iteration_count_is_refused_at_once(fuzzed: AdvisorServer) -> None:
    negative = common_pb2.Limits(max_iterations=2**64 - 2**63, seed=1)  # -2^63 as a varint
    request = advisor_pb2.SuggestMoveRequest(observation=observation_of(midgame(seed=6)),
                                             limits=negative)
    with grpc.insecure_channel(f"127.0.0.1:{fuzzed.port}") as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        with pytest.raises(grpc.RpcError) as caught:
            stub.SuggestMove(request, timeout=30)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "limits.max_iterations" in (caught.value.details() or "")
    assert "negative" in (caught.value.details() or "")
