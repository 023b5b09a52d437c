"""Three replicas behind one client: a replica killed mid-stream costs no call, and comes back.

Every replica is a `python -m advisor serve` process on loopback. The client spreads calls
round-robin and gRPC retries a call that met the killed replica on another one. Each replica
logs one JSON line per call, which tells the test which replica answered.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from clients import AdvisorClient, Limits, RetryPolicy
from clients.client.errors import AdvisorError
from clients.client.targets import Failover, channel_target, split_targets
from contract.codecs import splendor_marvel as codec
from contract.v1 import common_pb2
from games.splendor_marvel import legal_actions, new_game, observe

ROOT = Path(__file__).resolve().parents[2]
REPLICAS = 3
MAX_CALLS = 3000
"""The stream stops here whatever happens: the test is bounded in calls, not in time."""
SEARCHED = ("SuggestMove", "Evaluate")


class Replica:
    """One server process; `calls` counts the searches it answered, from its log."""

    def __init__(self, port: int = 0):
        self.port = port
        self.calls = 0
        self.listening = threading.Event()
        self.answered = threading.Condition()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "advisor", "serve", "--port", str(port), "--workers", "1",
             "--max-concurrent", "8", "--grace-s", "0.5", "--log-format", "json"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry.get("event") == "ready":  # listening, and its workers warm
                self.port = entry["port"]
                self.listening.set()
            if entry.get("method") in SEARCHED and entry.get("status") == "OK":
                with self.answered:
                    self.calls += 1
                    self.answered.notify_all()
        self.listening.set()  # the process ended: nobody waits for a port that never comes

    def wait_for_calls(self, count: int, stream: Stream) -> bool:
        """Block until this replica answered `count` searches, or the stream stopped."""
        with self.answered:
            return self.answered.wait_for(lambda: self.calls >= count or stream.done.is_set())

    def kill(self) -> None:
        """SIGKILL to the server and its workers at once, as when a node dies."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        self.kill()
        self._reader.join()


class Stream:
    """SuggestMove and Evaluate, one after the other, until `stop` or `MAX_CALLS`."""

    def __init__(self, client: AdvisorClient):
        self.client = client
        self.failures: list[str] = []
        self.invalid: list[str] = []
        self.count = 0
        self.done = threading.Event()
        self.stop = threading.Event()
        self._thread = threading.Thread(target=self._run)

    def __enter__(self) -> Stream:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self._thread.join()

    def _run(self) -> None:
        state = new_game(2, seed=4)
        observation = common_pb2.Observation(
            splendor_marvel=codec.observation_to_proto(observe(state, state.current)))
        legal = {str(a) for a in legal_actions(state)}
        limits = Limits(iterations=20, seed=1)
        try:
            while not self.stop.is_set() and self.count < MAX_CALLS:
                try:
                    if self.count % 2:
                        move = self.client.evaluate(observation, limits=limits).best_move
                    else:
                        move = self.client.suggest_move(
                            observation, limits, skip_follow_ups=True).best_move
                    if move.notation not in legal:
                        self.invalid.append(move.notation)
                except AdvisorError as error:
                    self.failures.append(f"{error.code}: {error}")
                self.count += 1
        finally:
            self.done.set()


@pytest.fixture()
def replicas() -> Iterator[list[Replica]]:
    started: list[Replica] = []
    try:
        for _ in range(REPLICAS):
            started.append(Replica())
        for replica in started:
            assert replica.listening.wait(timeout=600) and replica.process.poll() is None
        yield started
    finally:
        for replica in started:
            replica.stop()


def test_a_replica_killed_mid_stream_costs_no_call_and_serves_again_once_restarted(
    replicas: list[Replica],
) -> None:
    target = ",".join(f"127.0.0.1:{r.port}" for r in replicas)
    no_app_retry = RetryPolicy(attempts=1)  # failover must come from gRPC's own retries
    with AdvisorClient(target, timeout=120, retry=no_app_retry) as client, \
            Stream(client) as stream:
        for replica in replicas:
            assert replica.wait_for_calls(2, stream), "a replica got no calls"
        victim = replicas[1]
        victim.kill()
        served = sum(r.calls for r in replicas)
        for survivor in (replicas[0], replicas[2]):
            assert survivor.wait_for_calls(survivor.calls + 5, stream)
        restarted = Replica(victim.port)
        replicas[1] = restarted  # the fixture stops it whatever happens
        assert restarted.listening.wait(timeout=600) and restarted.port == victim.port
        assert restarted.wait_for_calls(3, stream), "the restarted replica got no calls"
    assert not stream.failures, stream.failures[:5]
    assert not stream.invalid, stream.invalid[:5]
    assert stream.count > served


def test_targets_name_one_server_several_replicas_or_a_dns_name() -> None:
    assert channel_target("127.0.0.1:50051") == "127.0.0.1:50051"
    assert channel_target("dns:///advisor.games:50051") == "dns:///advisor.games:50051"
    assert channel_target("127.0.0.1:1, 127.0.0.2:2") == "ipv4:127.0.0.1:1,127.0.0.2:2"
    assert channel_target("[::1]:1,[::1]:2") == "ipv6:[::1]:1,[::1]:2"
    assert channel_target("localhost:7,127.0.0.1:8").startswith(("ipv4:", "ipv6:"))
    with pytest.raises(ValueError, match="not host:port"):
        split_targets("127.0.0.1:1,nohost")


def test_the_service_config_balances_and_retries_every_method() -> None:
    config = json.loads(Failover().service_config())
    assert config["loadBalancingConfig"] == [{"round_robin": {}}]
    (method,) = config["methodConfig"]
    assert method["name"] == [{"service": "advisor.v1.Advisor"}]
    assert method["retryPolicy"]["retryableStatusCodes"] == ["UNAVAILABLE"]
    busy = json.loads(Failover(busy=True).service_config())["methodConfig"][0]
    assert busy["retryPolicy"]["retryableStatusCodes"] == ["UNAVAILABLE", "RESOURCE_EXHAUSTED"]

