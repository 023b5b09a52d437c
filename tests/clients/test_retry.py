"""Retries: UNAVAILABLE is tried again with backoff, every other failure is raised at once."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest

from clients import AdvisorClient, AdvisorError, Failover, RetryPolicy
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

ONE_TRY = Failover(attempts=1)
"""No retries inside gRPC: the calls counted are the ones `RetryPolicy` made."""


class Flaky(advisor_pb2_grpc.AdvisorServicer):
    """GetInfo and Analyze are UNAVAILABLE `outages` times, then answer; NewGame is always
    INVALID_ARGUMENT. Every call is counted."""

    def __init__(self, outages: int):
        self.outages = outages
        self.calls: dict[str, int] = {}

    def _count(self, method: str, context: grpc.ServicerContext) -> None:
        self.calls[method] = self.calls.get(method, 0) + 1
        if method != "NewGame" and self.calls[method] <= self.outages:
            context.abort(grpc.StatusCode.UNAVAILABLE, "warming up")

    def GetInfo(
        self, request: advisor_pb2.GetInfoRequest, context: grpc.ServicerContext
    ) -> advisor_pb2.GetInfoResponse:
        self._count("GetInfo", context)
        return advisor_pb2.GetInfoResponse(service_version="fake")

    def Analyze(
        self, request: advisor_pb2.AnalyzeRequest, context: grpc.ServicerContext
    ) -> Iterator[advisor_pb2.AnalyzeResponse]:
        self._count("Analyze", context)
        yield advisor_pb2.AnalyzeResponse(is_final=True)

    def NewGame(
        self, request: advisor_pb2.NewGameRequest, context: grpc.ServicerContext
    ) -> advisor_pb2.NewGameResponse:
        self._count("NewGame", context)
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, "players: 2..4")


@pytest.fixture
def flaky() -> Iterator[tuple[Flaky, str]]:
    servicer = Flaky(outages=2)
    server = grpc.server(ThreadPoolExecutor(2))
    advisor_pb2_grpc.add_AdvisorServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield servicer, f"127.0.0.1:{port}"
    server.stop(None)


def test_backoff_grows_to_its_cap() -> None:
    policy = RetryPolicy(attempts=5, backoff_s=0.1, multiplier=3, max_backoff_s=0.5)
    assert policy.delays() == pytest.approx([0.1, 0.3, 0.5, 0.5])
    assert RetryPolicy(attempts=1).delays() == []


def test_unavailable_is_retried_until_it_answers(flaky: tuple[Flaky, str]) -> None:
    servicer, target = flaky
    with AdvisorClient(target, retry=RetryPolicy(attempts=3, backoff_s=0.01),
                       failover=ONE_TRY) as client:
        assert client.get_info().service_version == "fake"
    assert servicer.calls["GetInfo"] == 3


def test_an_analysis_is_retried_before_its_first_answer(flaky: tuple[Flaky, str]) -> None:
    servicer, target = flaky
    with AdvisorClient(target, retry=RetryPolicy(attempts=3, backoff_s=0.01),
                       failover=ONE_TRY) as client:
        assert client.analyze(common_pb2.Observation()).wait().is_final
    assert servicer.calls["Analyze"] == 3


def test_retries_give_up_after_the_last_attempt(flaky: tuple[Flaky, str]) -> None:
    servicer, target = flaky
    retry = RetryPolicy(attempts=2, backoff_s=0.01)
    with AdvisorClient(target, retry=retry, failover=ONE_TRY) as client, \
            pytest.raises(AdvisorError) as caught:
        client.get_info()
    assert caught.value.code == grpc.StatusCode.UNAVAILABLE
    assert caught.value.message == "warming up"
    assert servicer.calls["GetInfo"] == 2


def test_invalid_argument_is_not_retried(flaky: tuple[Flaky, str]) -> None:
    servicer, target = flaky
    retry = RetryPolicy(attempts=4, backoff_s=0.01)
    with AdvisorClient(target, retry=retry, failover=ONE_TRY) as client, \
            pytest.raises(AdvisorError) as caught:
        client.new_game(9)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert servicer.calls["NewGame"] == 1


def test_a_server_that_comes_up_late_is_reached() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    late = grpc.server(ThreadPoolExecutor(1))
    advisor_pb2_grpc.add_AdvisorServicer_to_server(Flaky(outages=0), late)
    late.add_insecure_port(f"127.0.0.1:{port}")
    timer = threading.Timer(0.3, late.start)
    timer.start()
    retry = RetryPolicy(attempts=6, backoff_s=0.2, max_backoff_s=1.0)
    try:
        with AdvisorClient(f"127.0.0.1:{port}", retry=retry, timeout=2.0) as client:
            assert client.get_info().service_version == "fake"
    finally:
        timer.join()
        late.stop(None)


def test_grpc_s_own_retries_try_an_unavailable_call_again_inside_one_attempt(
    flaky: tuple[Flaky, str],
) -> None:
    servicer, target = flaky
    with AdvisorClient(target, retry=RetryPolicy(attempts=1), failover=Failover()) as client:
        assert client.get_info().service_version == "fake"
    assert servicer.calls["GetInfo"] == 3
