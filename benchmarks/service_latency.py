"""SuggestMove latency and throughput of a real server under concurrent clients.

For each server pool size (worker processes) a server is started as a subprocess; for each
time budget and number of concurrent clients, every client sends requests back to back. The
table gives latency percentiles and answers per second.

    python -m benchmarks.service_latency                      # the full table
    python -m benchmarks.service_latency --workers 1 --clients 1 2 --json out.json
    python -m benchmarks.service_latency --engines compiled python --budgets 100 --clients 1

Each request names its search engine (`Limits.engine`), so both engines are measured on the
same server, side by side.
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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import grpc

from advisor.readiness import ready_port
from contract.codecs.splendor_marvel import observation_to_proto
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.splendor_marvel import GAME, new_game, observe

ENGINES = {"compiled": common_pb2.ENGINE_COMPILED, "python": common_pb2.ENGINE_PYTHON}


@dataclass(frozen=True)
class Row:
    engine: str
    workers: int
    budget_ms: int
    clients: int
    requests: int
    p50_ms: float
    p99_ms: float
    throughput: float
    """Answers per second over the whole run."""
    iterations: float
    """Mean iterations per answer."""


def _position() -> common_pb2.Observation:
    """A midgame observation (the same for every request)."""
    state = new_game(2, seed=3)
    rng = random.Random(3)
    for _ in range(16):
        GAME.apply(state, GAME.rollout_action(state, rng), rng)
    return common_pb2.Observation(
        splendor_marvel=observation_to_proto(observe(state, state.current))
    )


@contextmanager
def _server(workers: int) -> Iterator[int]:
    env = {**os.environ, "ADVISOR_PORT": "0", "ADVISOR_WORKERS": str(workers)}
    process = subprocess.Popen(
        [sys.executable, "-m", "advisor", "serve"], stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert process.stderr is not None
        port = ready_port(process.stderr)
        drain = threading.Thread(target=process.stderr.read, daemon=True)  # the call log
        drain.start()
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    port: int, engine: str, workers: int, budget_ms: int, clients: int, requests: int
) -> Row:
    """Run `clients` threads sending `requests` SuggestMoves in all."""
    request = advisor_pb2.SuggestMoveRequest(
        observation=_position(),
        limits=common_pb2.Limits(max_time_ms=budget_ms, max_iterations=10_000_000,
                                 engine=ENGINES[engine]),
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True),
    )
    latencies: list[float] = []
    iterations: list[int] = []
    lock = threading.Lock()
    share = [requests // clients + (i < requests % clients) for i in range(clients)]

    def client(count: int) -> None:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            for _ in range(count):
                t = time.perf_counter()
                answer = stub.SuggestMove(request)
                elapsed = time.perf_counter() - t
                with lock:
                    latencies.append(elapsed * 1000)
                    iterations.append(answer.stats.iterations)

    threads = [threading.Thread(target=client, args=(n,)) for n in share]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    return Row(
        engine=engine,
        workers=workers,
        budget_ms=budget_ms,
        clients=clients,
        requests=len(latencies),
        p50_ms=round(_percentile(latencies, 0.5), 1),
        p99_ms=round(_percentile(latencies, 0.99), 1),
        throughput=round(len(latencies) / wall, 2),
        iterations=round(sum(iterations) / len(iterations)),
    )


def table(rows: list[Row]) -> str:
    """The rows as an aligned text table."""
    head = ("engine", "workers", "budget ms", "clients", "requests", "p50 ms", "p99 ms",
            "answers/s", "iterations")
    body = [
        (r.engine, r.workers, r.budget_ms, r.clients, r.requests, r.p50_ms, r.p99_ms, r.throughput,
         r.iterations)
        for r in rows
    ]
    widths = [max(len(str(x)) for x in column) for column in zip(head, *body, strict=True)]
    lines = ["  ".join(str(x).rjust(w) for x, w in zip(line, widths, strict=True))
             for line in (head, *body)]
    return "\n".join([lines[0], "-" * len(lines[0]), *lines[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--engines", nargs="+", choices=list(ENGINES), default=list(ENGINES))
    parser.add_argument("--budgets", type=int, nargs="+", default=[100, 1000], help="ms")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="rough target length of each measurement")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    rows = []
    for workers in args.workers:
        with _server(workers) as port:
            for engine in args.engines:
                measure(port, engine, workers, 50, workers, workers)  # warm up
            for budget in args.budgets:
                for clients in args.clients:
                    expected_rate = min(clients, workers) * 1000 / budget
                    requests = max(clients * 2, round(args.seconds * expected_rate))
                    for engine in args.engines:
                        rows.append(measure(port, engine, workers, budget, clients, requests))
                        print(table(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
