"""SuggestMove latency and throughput of a real server under concurrent clients.

For each server pool size (worker processes) a server is started as a subprocess; for each
time budget and number of concurrent clients, every client sends requests back to back. The
table gives latency percentiles and answers per second.

    python -m benchmarks.service.service_latency              # the full table
    python -m benchmarks.service.service_latency --workers 1 --clients 1 2 --json out.json
    python -m benchmarks.service.service_latency --engines compiled python --budgets 100 --clients 1
    python -m benchmarks.service.service_latency --games challengers --workers 1 --budgets 100
    python -m benchmarks.service.service_latency --games splendor_marvel --players 2 4 --workers 1 \
        --engines compiled --budgets 100 --clients 1

Each request names its search engine (`Limits.engine`), so both engines are measured on the
same server, side by side. A game's requests cycle through its positions: Splendor: Marvel's
midgame, Challengers!' draft picks and deck trims across the tournament (`checks.examples`),
dealt for each table size of `--players`.
"""

from __future__ import annotations

import argparse
import json
import os
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
from checks.examples import messages, position
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

ENGINES = {"compiled": common_pb2.ENGINE_COMPILED, "python": common_pb2.ENGINE_PYTHON}


PLIES = {"splendor_marvel": (16,), "challengers": (0, 4, 10, 20, 30, 40, 45)}
"""Playout-policy moves from a seeded deal to each position a game's requests ask."""


@dataclass(frozen=True)
class Row:
    game: str
    players: int
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


def _position(game: str = "splendor_marvel", plies: int = 16, players: int = 2
              ) -> common_pb2.Observation:
    """The seat to move's observation after `plies` moves of a seeded `players`-seat deal."""
    return messages(game, position(game, players=players, seed=3, plies=plies))[1]


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
    port: int, game: str, engine: str, workers: int, budget_ms: int, clients: int, requests: int,
    players: int = 2,
) -> Row:
    """Run `clients` threads sending `requests` SuggestMoves in all, cycling through `game`'s
    positions dealt for `players` seats."""
    limits = common_pb2.Limits(max_time_ms=budget_ms, max_iterations=10_000_000,
                               engine=ENGINES[engine])
    cycle = [
        advisor_pb2.SuggestMoveRequest(
            observation=_position(game, plies, players), limits=limits,
            options=advisor_pb2.SuggestOptions(skip_follow_ups=True),
        )
        for plies in PLIES[game]
    ]
    latencies: list[float] = []
    iterations: list[int] = []
    lock = threading.Lock()
    share = [requests // clients + (i < requests % clients) for i in range(clients)]

    def client(count: int) -> None:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            for i in range(count):
                t = time.perf_counter()
                answer = stub.SuggestMove(cycle[i % len(cycle)])
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
        game=game,
        players=players,
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
    head = ("game", "players", "engine", "workers", "budget ms", "clients", "requests", "p50 ms",
            "p99 ms", "answers/s", "iterations")
    body = [
        (r.game, r.players, r.engine, r.workers, r.budget_ms, r.clients, r.requests, r.p50_ms,
         r.p99_ms, r.throughput, r.iterations)
        for r in rows
    ]
    widths = [max(len(str(x)) for x in column) for column in zip(head, *body, strict=True)]
    lines = ["  ".join(str(x).rjust(w) for x, w in zip(line, widths, strict=True))
             for line in (head, *body)]
    return "\n".join([lines[0], "-" * len(lines[0]), *lines[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=list(PLIES), default=list(PLIES))
    parser.add_argument("--players", type=int, nargs="+", default=[2],
                        help="table sizes whose positions are asked")
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
            for game in args.games:
                for engine in args.engines:
                    measure(port, game, engine, workers, 50, workers, workers)  # warm up
            for game, players in ((g, p) for g in args.games for p in args.players):
                for budget, clients in ((b, c) for b in args.budgets for c in args.clients):
                    expected_rate = min(clients, workers) * 1000 / budget
                    requests = max(clients * 2, round(args.seconds * expected_rate))
                    for engine in args.engines:
                        rows.append(measure(port, game, engine, workers, budget, clients,
                                            requests, players))
                        print(table(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
