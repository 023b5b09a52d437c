"""Running the service: shedding load, health, reflection, auth, SIGTERM."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

from advisor import AdvisorServer, ServerConfig
from advisor.readiness import ready_port
from advisor.server import PortUnavailable
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

from .conftest import midgame, observation_of, start

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def _long_analysis() -> advisor_pb2.AnalyzeRequest:
    return advisor_pb2.AnalyzeRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_iterations=2_000_000),
        report_every_ms=30,
    )


@pytest.fixture()
def small_server() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=1, auth_token="s3cret")
    yield running
    running.stop(grace=0.5)


def test_health_reports_serving(channel: grpc.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", "advisor.v1.Advisor"):
        answer = health.Check(health_pb2.HealthCheckRequest(service=service))
        assert answer.status == SERVING


def test_reflection_lists_the_service(channel: grpc.Channel) -> None:
    services = ProtoReflectionDescriptorDatabase(channel).get_services()
    assert "advisor.v1.Advisor" in services and "grpc.health.v1.Health" in services


def test_calls_beyond_the_limit_are_shed_and_auth_is_required(
    small_server: AdvisorServer,
) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{small_server.port}") as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        with pytest.raises(grpc.RpcError) as caught:
            stub.GetInfo(advisor_pb2.GetInfoRequest())
        assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
        token = (("authorization", "Bearer s3cret"),)
        health = health_pb2_grpc.HealthStub(channel)
        assert health.Check(health_pb2.HealthCheckRequest()).status == SERVING
        analysis = stub.Analyze(_long_analysis(), metadata=token)
        next(analysis)  # admitted and searching
        with pytest.raises(grpc.RpcError) as caught:
            stub.GetInfo(advisor_pb2.GetInfoRequest(), metadata=token)
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        analysis.cancel()


@pytest.mark.parametrize("open_reflection", [False, True])
def test_reflection_needs_the_token_unless_opened(open_reflection: bool) -> None:
    running = start(auth_token="s3cret", open_reflection=open_reflection)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            database = ProtoReflectionDescriptorDatabase(channel)
            if open_reflection:
                assert "advisor.v1.Advisor" in database.get_services()
            else:
                with pytest.raises(grpc.RpcError) as caught:
                    database.get_services()
                assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
            with pytest.raises(grpc.RpcError) as caught:  # the service itself stays closed
                advisor_pb2_grpc.AdvisorStub(channel).GetInfo(advisor_pb2.GetInfoRequest())
            assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    finally:
        running.stop(grace=0.5)


def test_a_second_server_on_a_busy_port_fails_naming_the_port(server: AdvisorServer) -> None:
    with pytest.raises(PortUnavailable, match=f"cannot listen on 127.0.0.1:{server.port}"):
        AdvisorServer(ServerConfig(port=server.port, workers=1))


def _page_status(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as answer:
        return int(answer.status)


def test_a_restarted_server_takes_its_http_port_again_and_a_second_one_may_not() -> None:
    first = start(http_port=-1)
    port = first.http.port
    with socket.create_connection(("127.0.0.1", port), timeout=60) as kept:  # a browser's
        try:
            kept.sendall(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n")
            assert kept.recv(12) == b"HTTP/1.1 200"  # and the connection kept alive
            with pytest.raises(PortUnavailable, match=f"for HTTP on 127.0.0.1:{port}"):
                start(http_port=port)
        finally:
            first.stop(grace=1.0)  # it closes the kept connection: TIME_WAIT on its side
        while kept.recv(65536):
            pass
    again = start(http_port=port)
    try:
        assert _page_status(port) == 200
    finally:
        again.stop(grace=1.0)


def test_a_bad_setting_in_the_environment_is_a_usage_error() -> None:
    env = {**os.environ, "ADVISOR_PORT": "abc"}
    done = subprocess.run([sys.executable, "-m", "advisor", "serve"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "ADVISOR_PORT must be a whole number, got 'abc'" in done.stderr
    assert "Traceback" not in done.stderr


def test_sigterm_turns_not_serving_drains_and_exits_zero() -> None:
    """...and by default (--log-format text) says where the play page is, in its readable
    lines, with no log line per request."""
    env = {**os.environ, "ADVISOR_PORT": "0", "ADVISOR_WORKERS": "1", "ADVISOR_GRACE_S": "5",
           "ADVISOR_HTTP_PORT": "-1"}
    process = subprocess.Popen([sys.executable, "-m", "advisor", "serve"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        port = ready_port(process.stderr)
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            statuses = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest())
            assert next(statuses).status == SERVING
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            request = advisor_pb2.SuggestMoveRequest(
                observation=observation_of(midgame()),
                limits=common_pb2.Limits(max_time_ms=1500, seed=1),
            )
            in_flight = stub.SuggestMove.future(request)
            threading.Event().wait(0.3)
            process.send_signal(signal.SIGTERM)
            assert next(statuses).status == NOT_SERVING
            assert in_flight.result(timeout=10).best_move.notation  # drained, not cut off
        assert process.wait(timeout=20) == 0
        assert process.stdout is not None
        said = process.stdout.read()
        assert re.search(r"^the play page: http://127\.0\.0\.1:\d+/$", said, re.MULTILINE), said
        events = [json.loads(line) for line in process.stderr]
        assert [e["event"] for e in events] == ["draining", "stopped"]  # no "method" lines
    finally:
        process.kill()
        process.wait()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl for a test cert")
def test_tls(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    running = start(tls_cert=cert, tls_key=key)
    try:
        credentials = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
        with grpc.secure_channel(f"localhost:{running.port}", credentials) as channel:
            info = advisor_pb2_grpc.AdvisorStub(channel).GetInfo(advisor_pb2.GetInfoRequest())
            assert info.games
    finally:
        running.stop(grace=0.5)


def test_every_server_flag_explains_itself() -> None:
    assert all(f.metadata.get("help") for f in fields(ServerConfig))
    done = subprocess.run([sys.executable, "-m", "advisor", "serve", "--help"],
                          capture_output=True, text=True, timeout=60)
    assert "search worker processes (0: one per core)" in " ".join(done.stdout.split())
    assert "Issue" not in done.stdout
