"""At a low descriptor limit, idle and slow connections to the HTTP port silence neither port:
a server process started with 256 descriptors keeps its HTTP connections to half of them
(the default cap), so the gRPC health check and an HTTP call still answer, and the log stays
quiet (no line per retried accept); a burst of connections arriving at once does not run it out
of descriptors."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTORS = 256
LIMITED = ("import os, resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, ({n}, {n})); "
           "os.execv(sys.executable, [sys.executable, '-m', 'advisor', *sys.argv[1:]])")


class LimitedServer:
    """`python -m advisor serve` with `DESCRIPTORS` descriptors; its stderr lines counted."""

    def __init__(self) -> None:
        self.ready = threading.Event()
        self.lines = 0
        self.events: list[str] = []
        self.ports: dict[str, Any] = {}
        self.process = subprocess.Popen(
            [sys.executable, "-c", LIMITED.format(n=DESCRIPTORS), "serve", "--port", "0",
             "--http-port", "-1", "--workers", "1", "--grace-s", "0.5",
             "--http-header-timeout-s", "600"],  # nothing is timed out: the cap alone works
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines += 1
            with contextlib.suppress(ValueError):
                entry = json.loads(line)
                self.events.append(str(entry.get("event")))
                if entry.get("event") == "listening":
                    self.ports = entry
                if entry.get("event") == "ready":
                    self.ready.set()
        self.ready.set()  # ended: nobody waits for a readiness that never comes

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def limited() -> Iterator[LimitedServer]:
    server = LimitedServer()
    try:
        assert server.ready.wait(timeout=600) and server.process.poll() is None
        yield server
    finally:
        server.stop()


def test_idle_and_slow_connections_up_to_the_descriptor_limit_silence_neither_port(
    limited: LimitedServer,
) -> None:
    http_port = limited.ports["http_port"]
    lines_before = limited.lines
    held = []
    try:
        for i in range(2 * DESCRIPTORS):  # more than the process could hold
            sock = socket.create_connection(("127.0.0.1", http_port), timeout=60)
            if i % 4 == 0:
                sock.sendall(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n")  # a head, never ended
            held.append(sock)
        _both_ports_answer(limited)
    finally:
        for sock in held:
            sock.close()
    assert limited.process.poll() is None
    assert limited.lines - lines_before < 50  # a few lines, not one per refused accept


def _both_ports_answer(server: LimitedServer) -> None:
    asked = urllib.request.Request(
        f"http://127.0.0.1:{server.ports['http_port']}/advisor.v1.Advisor/GetInfo", data=b"{}",
        headers={"content-type": "application/json"})
    with urllib.request.urlopen(asked, timeout=30) as answer:
        assert answer.status == 200 and json.loads(answer.read())["serviceVersion"]
    with grpc.insecure_channel(f"127.0.0.1:{server.ports['port']}") as channel:
        health = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(), timeout=30)
    assert health.status == health_pb2.HealthCheckResponse.SERVING


def test_a_burst_of_connections_waiting_to_be_accepted_takes_no_descriptors_in_reserve(
    limited: LimitedServer,
) -> None:
    """The process is paused while twice its descriptors' worth of connections queue up, then
    resumed: each wake-up accepts a bounded batch, so no accept runs out of descriptors."""
    held = []
    os.kill(limited.process.pid, signal.SIGSTOP)
    try:
        for _ in range(2 * DESCRIPTORS):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", limited.ports["http_port"]))
            held.append(sock)
        os.kill(limited.process.pid, signal.SIGCONT)
        _both_ports_answer(limited)
    finally:
        os.kill(limited.process.pid, signal.SIGCONT)
        for sock in held:
            sock.close()
    assert limited.process.poll() is None
    assert not [e for e in limited.events if "out of system resource" in e], limited.events
