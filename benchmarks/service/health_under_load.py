"""Health checks of an overloaded server: how fast they answer while Advisor calls are shed.

    python -m benchmarks.service.health_under_load          # 32 callers, 2 workers, 200 checks
    python -m benchmarks.service.health_under_load --callers 64 --checks 500

A server (in this process, ephemeral port) gets `--callers` threads asking back to back for
`--move-ms` moves in one position of `--game`, far beyond its `--max-concurrent` limit, while
one more thread sends `--checks` health checks one after the other. The table gives the Advisor
calls by status, the health answers by status and the health checks' latency percentiles (issue
31's goal: every check SERVING, p99 <= 50 ms).
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from advisor import AdvisorServer, ServerConfig
from checks import examples
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.registry import DEFAULT_GAME, SERVED


def _request(game: str, move_ms: int) -> advisor_pb2.SuggestMoveRequest:
    """A move for `game`'s position after 20 plies of the playout policy (seed 4)."""
    _, observation = examples.messages(game, examples.position(game, 2, seed=4, plies=20))
    return advisor_pb2.SuggestMoveRequest(
        observation=observation, limits=common_pb2.Limits(max_time_ms=move_ms, seed=1),
        options=advisor_pb2.SuggestOptions(skip_follow_ups=True))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(SERVED))
    parser.add_argument("--callers", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-concurrent", type=int, default=4)
    parser.add_argument("--move-ms", type=int, default=50)
    parser.add_argument("--checks", type=int, default=200)
    args = parser.parse_args(argv)

    server = AdvisorServer(ServerConfig(port=0, workers=args.workers,
                                        max_concurrent=args.max_concurrent, grace_s=1.0))
    server.start()
    target = f"127.0.0.1:{server.port}"
    request = _request(args.game, args.move_ms)
    calls: Counter[str] = Counter()
    lock = threading.Lock()
    stop = threading.Event()

    def caller() -> None:
        with grpc.insecure_channel(target) as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            while not stop.is_set():
                try:
                    stub.SuggestMove(request, timeout=60)
                    code = "OK"
                except grpc.RpcError as error:
                    code = error.code().name
                with lock:
                    calls[code] += 1

    threads = [threading.Thread(target=caller) for _ in range(args.callers)]
    for thread in threads:
        thread.start()
    answers: Counter[str] = Counter()
    latencies: list[float] = []
    try:
        with grpc.insecure_channel(target) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            for _ in range(args.checks):
                began = time.perf_counter()
                try:
                    status = health.Check(health_pb2.HealthCheckRequest(), timeout=10).status
                    answers[health_pb2.HealthCheckResponse.ServingStatus.Name(status)] += 1
                except grpc.RpcError as error:
                    answers[error.code().name] += 1
                latencies.append(1000 * (time.perf_counter() - began))
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        server.stop(grace=1.0)

    print(f"{args.callers} callers of {args.move_ms} ms moves, {args.workers} workers, "
          f"max {args.max_concurrent} concurrent calls")
    print(f"{'Advisor calls':<16}" + "  ".join(f"{k} {v}" for k, v in sorted(calls.items())))
    print(f"{'health answers':<16}" + "  ".join(f"{k} {v}" for k, v in sorted(answers.items())))
    print(f"{'health latency':<16}p50 {_percentile(latencies, 0.5):.1f} ms  "
          f"p99 {_percentile(latencies, 0.99):.1f} ms  max {max(latencies):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
