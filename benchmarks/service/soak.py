"""Soak a real server with mixed valid and invalid requests; watch codes, latency and memory.

    python -m benchmarks.service.soak               # 100,000 requests at concurrency 8
    python -m benchmarks.service.soak --requests 10000 --every 1000 --json soak.json

A server is started as a subprocess on 127.0.0.1 (an ephemeral port). Clients send, back to
back, a seeded mix of well-formed requests of every method for every game (tiny search budgets)
and malformed ones: random bytes, bit flips of valid requests, and repeated fields far longer
than any game allows, and valid requests with one number set to a boundary value (0, -1,
2^31, 2^63, ...). The report gives the status codes by method, latency percentiles (of all
calls and of the refused ones), the resident memory of the server and its workers every
`--every` requests, its growth over the level after the first `--warm-up` requests, and how
many new worker processes appeared (a replaced worker is a new process).

Memory is sampled twice at each mark: live, while the other clients' searches hold their trees
(up to `--max-tree-nodes` each, freed when the call ends), and quiescent: the clients pause,
the calls in flight finish and the workers' CPU time stops moving, so what is left resident is
memory that stays. The verdict checks issue 31's "done when" on the quiescent series: no
INTERNAL or UNKNOWN, no missed deadline, refused p99 <= 50 ms, quiescent RSS within +50 MiB of
the quiescent warm level. It stops by itself after `--requests` requests or `--minutes`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import grpc
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from advisor.readiness import ready_port
from checks import examples
from contract.v1 import advisor_pb2, common_pb2
from games.registry import SERVED

SERVICE = "/advisor.v1.Advisor/"
STREAMING = {"Analyze"}
REFUSED = ("INVALID_ARGUMENT", "FAILED_PRECONDITION", "RESOURCE_EXHAUSTED", "UNAUTHENTICATED")
FORBIDDEN = ("INTERNAL", "UNKNOWN", "DEADLINE_EXCEEDED")
BOUNDARIES = (0, 1, -1, 2**31 - 1, 2**31, 2**32 - 1, 2**63 - 1, -(2**63), 10_000_000)
MESSAGES: dict[str, type[Message]] = {
    "GetInfo": advisor_pb2.GetInfoRequest, "SuggestMove": advisor_pb2.SuggestMoveRequest,
    "Evaluate": advisor_pb2.EvaluateRequest, "Analyze": advisor_pb2.AnalyzeRequest,
    "LegalMoves": advisor_pb2.LegalMovesRequest, "NewGame": advisor_pb2.NewGameRequest,
    "Observe": advisor_pb2.ObserveRequest, "ApplyMove": advisor_pb2.ApplyMoveRequest,
}
GOAL_REFUSED_P99_MS = 50.0
GOAL_RSS_GROWTH_MB = 50.0 * 1.048576  # 50 MiB in MB


def valid_requests() -> dict[str, list[bytes]]:
    """Well-formed requests of every method for every game, with tiny search budgets."""
    limits = common_pb2.Limits(max_iterations=20, seed=1)
    requests: dict[str, list[bytes]] = {
        "GetInfo": [advisor_pb2.GetInfoRequest().SerializeToString()]}
    for name in SERVED:
        full, observation = examples.messages(name, examples.position(name, 2, 4, plies=20))
        for method, message in (("SuggestMove", advisor_pb2.SuggestMoveRequest),
                                ("Evaluate", advisor_pb2.EvaluateRequest),
                                ("Analyze", advisor_pb2.AnalyzeRequest)):
            requests.setdefault(method, []).append(
                message(observation=observation, limits=limits).SerializeToString())
        requests.setdefault("LegalMoves", []).append(
            advisor_pb2.LegalMovesRequest(observation=observation).SerializeToString())
        game = cast(common_pb2.Game, common_pb2.Game.Value(f"GAME_{name.upper()}"))
        requests.setdefault("NewGame", []).append(
            advisor_pb2.NewGameRequest(game=game, players=2, seed=1).SerializeToString())
        requests.setdefault("Observe", []).append(
            advisor_pb2.ObserveRequest(state=full, seat=1).SerializeToString())
        requests.setdefault("ApplyMove", []).append(advisor_pb2.ApplyMoveRequest(
            state=full, move=common_pb2.Move(notation="pass")).SerializeToString())
    return requests


def flipped(payload: bytes, rng: random.Random) -> bytes:
    """`payload` with one to six random bits flipped."""
    data = bytearray(payload)
    for _ in range(rng.randint(1, 6)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def oversized(rng: random.Random) -> bytes:
    """A SuggestMove whose observation repeats a field 50,000 to 200,000 times."""
    observation = common_pb2.Observation()
    observation.splendor_marvel.board.extend([1] * rng.randint(50_000, 200_000))
    return advisor_pb2.SuggestMoveRequest(observation=observation).SerializeToString()


def raw_call(channel: grpc.Channel, method: str, payload: bytes, timeout: float
             ) -> grpc.StatusCode:
    """Send `payload` as the request bytes of `method`; the status code of the answer."""
    try:
        if method in STREAMING:
            stream = channel.unary_stream(SERVICE + method, None, None)
            for _ in stream(payload, timeout=timeout):
                pass
        else:
            channel.unary_unary(SERVICE + method, None, None)(payload, timeout=timeout)
    except grpc.RpcError as error:
        return error.code()
    return grpc.StatusCode.OK


def _numbers(message: Message) -> list[tuple[Message, FieldDescriptor, int | None]]:
    """Every integer in `message` and below: (holder, field, index in a repeated field)."""
    found: list[tuple[Message, FieldDescriptor, int | None]] = []
    for field, value in message.ListFields():
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            for child in (value if field.is_repeated else [value]):
                found += _numbers(child)
        elif field.cpp_type in (FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_INT64,
                                FieldDescriptor.CPPTYPE_UINT32, FieldDescriptor.CPPTYPE_UINT64):
            found += ([(message, field, i) for i in range(len(value))] if field.is_repeated
                      else [(message, field, None)])
    return found


def renumbered(method: str, payload: bytes, rng: random.Random) -> bytes:
    """`payload` with one of its numbers set to a boundary value (wrapped to the field's
    width, as a client in another language would send it)."""
    message = MESSAGES[method].FromString(payload)
    numbers = _numbers(message)
    if not numbers:
        return payload
    holder, field, index = rng.choice(numbers)
    bits = 64 if field.cpp_type in (FieldDescriptor.CPPTYPE_INT64,
                                    FieldDescriptor.CPPTYPE_UINT64) else 32
    value = rng.choice(BOUNDARIES) % (1 << bits)
    if field.cpp_type in (FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_INT64):
        value -= (1 << bits) if value >= 1 << (bits - 1) else 0
    try:
        if index is None:
            setattr(holder, field.name, value)
        else:
            getattr(holder, field.name)[index] = value
    except ValueError:  # an enum or a value the field cannot hold
        return payload
    return message.SerializeToString()


def mixed(requests: dict[str, list[bytes]], rng: random.Random) -> tuple[str, bytes]:
    """One request of the soak: 40% valid, then boundary numbers, random bytes, bit flips and
    oversized ones."""
    method = rng.choice(sorted(requests))
    roll = rng.random()
    if roll < 0.4:
        return method, rng.choice(requests[method])
    if roll < 0.6:
        return method, renumbered(method, rng.choice(requests[method]), rng)
    if roll < 0.75:
        return method, rng.randbytes(rng.randint(1, 400))
    if roll < 0.98:
        return method, flipped(rng.choice(requests[method]), rng)
    return "SuggestMove", oversized(rng)


def rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MB (Linux /proc)."""
    total = 0
    for each in [pid, *descendants(pid)]:
        try:
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            continue
    return total / 1024


def cpu_ticks(pid: int) -> int:
    """CPU time (user + system, in clock ticks) of every process below `pid` (Linux /proc)."""
    total = 0
    for each in descendants(pid):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total


def wait_until_idle(pid: int, settle: float = 0.5, longest: float = 30.0) -> None:
    """Return once the workers below `pid` used no CPU for `settle` seconds (at most
    `longest`): their searches are over and their trees freed."""
    give_up = time.monotonic() + longest
    before = cpu_ticks(pid)
    while time.monotonic() < give_up:
        time.sleep(settle)
        now = cpu_ticks(pid)
        if now == before:
            return
        before = now


class Pauses:
    """Lets one client stop the others between calls, to sample memory with nothing in flight."""

    def __init__(self) -> None:
        self._quiet = threading.Condition()
        self._paused = False
        self._in_flight = 0

    def call_starts(self) -> None:
        with self._quiet:
            self._quiet.wait_for(lambda: not self._paused)
            self._in_flight += 1

    def call_ends(self) -> None:
        with self._quiet:
            self._in_flight -= 1
            self._quiet.notify_all()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hold new calls back and wait for those in flight to end (the caller has none)."""
        with self._quiet:
            self._quiet.wait_for(lambda: not self._paused)
            self._paused = True
            self._quiet.wait_for(lambda: self._in_flight == 0)
        try:
            yield
        finally:
            with self._quiet:
                self._paused = False
                self._quiet.notify_all()


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (Linux /proc)."""
    found: list[int] = []
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return found
    for child in map(int, children):
        found += [child, *descendants(child)]
    return found


@contextmanager
def server(workers: int) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """A server subprocess on an ephemeral loopback port."""
    env = {**os.environ, "ADVISOR_PORT": "0", "ADVISOR_WORKERS": str(workers)}
    process = subprocess.Popen([sys.executable, "-m", "advisor", "serve"],
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        port = ready_port(process.stderr)
        threading.Thread(target=process.stderr.read, daemon=True).start()  # the call log
        yield port, process
    finally:
        process.terminate()
        process.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100_000, help="requests in all")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads")
    parser.add_argument("--workers", type=int, default=2, help="server search processes")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=10_000, help="RSS sample interval")
    parser.add_argument("--warm-up", type=int, default=1000,
                        help="requests before the warm memory level is taken")
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args(argv)

    requests = valid_requests()
    codes: dict[str, Counter[str]] = {}
    latencies: list[float] = []
    refused: dict[str, list[float]] = {}
    memory: list[tuple[int, float]] = []
    quiet: list[tuple[int, float]] = []
    pauses = Pauses()
    lock = threading.Lock()
    sent = 0
    stop_at = time.monotonic() + 60 * args.minutes
    with server(args.workers) as (port, process):
        started_with = set(descendants(process.pid))
        workers_seen = set(started_with)
        memory.append((0, rss_mb(process.pid)))
        quiet.append((0, memory[0][1]))

        def client(index: int) -> None:
            nonlocal sent
            rng = random.Random(f"{args.seed}/{index}")
            with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
                while time.monotonic() < stop_at:
                    with lock:
                        if sent >= args.requests:
                            return
                        sent += 1
                        count = sent
                        mark = sent % args.every == 0 or sent == args.warm_up
                    method, payload = mixed(requests, rng)
                    pauses.call_starts()
                    began = time.perf_counter()
                    code = raw_call(channel, method, payload, timeout=30)
                    elapsed = 1000 * (time.perf_counter() - began)
                    pauses.call_ends()
                    with lock:
                        codes.setdefault(method, Counter())[code.name] += 1
                        latencies.append(elapsed)
                        if code.name in REFUSED:
                            refused.setdefault(method, []).append(elapsed)
                        workers_seen.update(descendants(process.pid))
                    if mark:
                        _sample(count, process.pid, pauses, memory, quiet)

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.concurrency)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        alive = process.poll() is None
        _sample(sent, process.pid, pauses, memory, quiet)

    report = _report(args, codes, latencies, refused, memory, quiet, alive,
                     len(workers_seen - started_with))
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _sample(sent: int, pid: int, pauses: Pauses, memory: list[tuple[int, float]],
            quiet: list[tuple[int, float]]) -> None:
    """Record the server's RSS live, then again once the traffic has paused and the workers
    are idle."""
    live = rss_mb(pid)
    with pauses.paused():
        wait_until_idle(pid)
        resting = rss_mb(pid)
    memory.append((sent, live))
    quiet.append((sent, resting))
    print(f"{sent} requests, server RSS {live:.0f} MB live, {resting:.0f} MB quiescent",
          file=sys.stderr, flush=True)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return round(ordered[int(share * (len(ordered) - 1))], 1)


def _report(args: argparse.Namespace, codes: dict[str, Counter[str]], latencies: list[float],
            refused_by_method: dict[str, list[float]], memory: list[tuple[int, float]],
            quiet: list[tuple[int, float]], alive: bool, new_workers: int) -> dict[str, object]:
    """The soak's numbers and its verdict against issue 31's goals."""
    refused = [ms for values in refused_by_method.values() for ms in values]
    totals: Counter[str] = Counter()
    for counter in codes.values():
        totals.update(counter)
    after_warm_up = [mb for n, mb in quiet if n >= args.warm_up] or [quiet[-1][1]]
    warm = after_warm_up[0]
    growth = max(after_warm_up) - warm
    goals = {
        "no INTERNAL or UNKNOWN": totals["INTERNAL"] + totals["UNKNOWN"] == 0,
        "no deadline missed": totals["DEADLINE_EXCEEDED"] == 0,
        f"refused p99 <= {GOAL_REFUSED_P99_MS:.0f} ms":
            _percentile(refused, 0.99) <= GOAL_REFUSED_P99_MS,
        "quiescent RSS within +50 MiB of the warm level": growth <= GOAL_RSS_GROWTH_MB,
        "server alive": alive,
    }
    return {
        "requests": len(latencies),
        "server_alive": alive,
        "codes": {method: dict(counter) for method, counter in sorted(codes.items())},
        "totals": dict(totals),
        "p50_ms": _percentile(latencies, 0.5),
        "p99_ms": _percentile(latencies, 0.99),
        "refused": len(refused),
        "refused_p50_ms": _percentile(refused, 0.5),
        "refused_p99_ms": _percentile(refused, 0.99),
        "refused_p99_ms_by_method": {method: _percentile(values, 0.99)
                                     for method, values in sorted(refused_by_method.items())},
        "rss_mb": [(n, round(mb, 1)) for n, mb in memory],
        "quiescent_rss_mb": [(n, round(mb, 1)) for n, mb in quiet],
        "warm_rss_mb": round(warm, 1),
        "rss_growth_mb": round(growth, 1),
        "new_worker_processes": new_workers,
        "goals": goals,
    }


if __name__ == "__main__":
    sys.exit(main())
