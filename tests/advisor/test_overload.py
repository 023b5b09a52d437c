"""Under overload Advisor calls are shed, but health checks and reflection never are.

An orchestrator restarts a replica whose health check fails; a replica that is busy, not sick,
must keep answering SERVING while it refuses the calls beyond its limit.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

from advisor import AdvisorServer
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

from .conftest import midgame, observation_of, start

CALLERS = 24
"""Concurrent callers of slow searches: three times the server's threads."""
HEALTH_CHECKS = 40
SERVING = health_pb2.HealthCheckResponse.SERVING


@pytest.fixture()
def busy_server() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=2)
    yield running
    running.stop(grace=0.5)


def _flood(port: int, stop: threading.Event, shed: threading.Event,
           codes: list[grpc.StatusCode]) -> None:
    """Ask for slow searches until `stop`; `shed` once one was refused for load."""
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_time_ms=300, seed=1),
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True),
    )
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        while not stop.is_set():
            try:
                stub.SuggestMove(request, timeout=60)
                codes.append(grpc.StatusCode.OK)
            except grpc.RpcError as error:
                codes.append(error.code())
                if error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                    shed.set()


def test_health_and_reflection_answer_every_time_while_calls_are_shed(
    busy_server: AdvisorServer,
) -> None:
    stop, shed = threading.Event(), threading.Event()
    codes: list[grpc.StatusCode] = []
    callers = [threading.Thread(target=_flood, args=(busy_server.port, stop, shed, codes))
               for _ in range(CALLERS)]
    for caller in callers:
        caller.start()
    try:
        assert shed.wait(timeout=120), "the server never reached its limit"
        with grpc.insecure_channel(f"127.0.0.1:{busy_server.port}") as channel:
            health = health_pb2_grpc.HealthStub(channel)
            answers = [health.Check(health_pb2.HealthCheckRequest(), timeout=30).status
                       for _ in range(HEALTH_CHECKS)]
            services = ProtoReflectionDescriptorDatabase(channel).get_services()
    finally:
        stop.set()
        for caller in callers:
            caller.join()
    assert answers == [SERVING] * HEALTH_CHECKS
    assert "advisor.v1.Advisor" in services
    assert grpc.StatusCode.RESOURCE_EXHAUSTED in codes
    assert set(codes) <= {grpc.StatusCode.OK, grpc.StatusCode.RESOURCE_EXHAUSTED}
