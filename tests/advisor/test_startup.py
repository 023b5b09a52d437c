"""Starting the service: it serves at once, says NOT_SERVING and refuses Advisor calls with a
clear UNAVAILABLE until its workers are warm, then turns SERVING; `advisor warm` fills the
kernel cache."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.error
import urllib.request

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from advisor import AdvisorServer, ServerConfig
from clients.cli import main as cli
from contract.v1 import advisor_pb2, advisor_pb2_grpc

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def test_calls_before_the_workers_are_warm_get_a_clear_unavailable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    release = threading.Event()
    lines: list[str] = []
    server = AdvisorServer(ServerConfig(port=0, http_port=-1, workers=1, grace_s=1.0),
                           say=lines.append)
    try:
        port = server.start(wait=False, hold=release.wait)
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            statuses = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest())
            assert next(statuses).status == NOT_SERVING
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            with pytest.raises(grpc.RpcError) as refused:
                stub.GetInfo(advisor_pb2.GetInfoRequest(), timeout=60)
            assert refused.value.code() == grpc.StatusCode.UNAVAILABLE  # not a deadline
            details = refused.value.details() or ""
            assert details.startswith("the advisor is starting: ")
            assert "search kernels, ready in about " in details and details.endswith("; retry")
            assert cli(["info", "--server", f"127.0.0.1:{port}"]) == 1  # the CLI says so too
            said = capsys.readouterr().err
            assert said.startswith("error: the advisor is starting: ") and said.endswith("retry\n")
            assert http_get_info(server.http.port) == (503, "unavailable", details[:40])
            release.set()
            assert next(statuses).status == SERVING
            assert stub.GetInfo(advisor_pb2.GetInfoRequest(), timeout=60).limits.worker_processes
        assert lines[0].startswith(f"listening on 127.0.0.1:{port}; not ready until")
        assert "search kernels for splendor_marvel" in lines[0]
        page = f"http://127.0.0.1:{server.http.port}/"
        assert lines[1] == f"the play page: {page}"
        assert lines[-1].startswith("ready in ") and f"the play page at {page} " in lines[-1]
    finally:
        release.set()
        server.stop(grace=0)


def test_warm_fills_the_kernel_cache_and_exits() -> None:
    done = subprocess.run([sys.executable, "-m", "advisor", "warm"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "splendor_marvel ISMCTS" in lines[1] and "splendor_marvel PIMC" in lines[2]
    assert lines[-1].startswith("done in ")


WARM_THEN_JUDGE = """
from advisor.warmup import kernel_games, warm_kernels
from search import Limits, SearchConfig
from search.compiled import _entry_points, compiled_ismcts

def loaded(game):
    return {name: len(f.signatures) for name, f in _entry_points(game).items()}

warm_kernels()
for game in kernel_games().values():
    before = loaded(game)
    observation = game.example_observation()
    found = compiled_ismcts(game, observation, Limits(iterations=50), SearchConfig(), seed=1)
    compiled_ismcts(game, observation, Limits(iterations=50),
                    SearchConfig(root_move=found.action), seed=1)
    assert loaded(game) == before, (game.name, before, loaded(game))
"""


def test_after_warming_a_judged_moves_search_loads_no_more_code() -> None:
    """A judged move's search restricts its root, which reads the legal codes: a worker that
    loaded that entry point only on its first judged move ran out of time there (1 visit)."""
    done = subprocess.run([sys.executable, "-c", WARM_THEN_JUDGE],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def http_get_info(port: int) -> tuple[int, str, str]:
    """GetInfo over the HTTP port (Connect, JSON): the status, the error's code and the first
    40 characters of its message."""
    call = urllib.request.Request(
        f"http://127.0.0.1:{port}/advisor.v1.Advisor/GetInfo", data=b"{}",
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(call, timeout=60) as answer:
            return answer.status, "", ""
    except urllib.error.HTTPError as refused:
        error = json.loads(refused.read())
        return refused.code, error["code"], error["message"][:40]
