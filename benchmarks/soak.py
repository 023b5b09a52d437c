"""Soak a real server with mixed valid and invalid requests; watch codes, latency and memory.

    python -m benchmarks.soak                       # 100,000 requests at concurrency 8
    python -m benchmarks.soak --requests 20000 --json soak.json

A server is started as a subprocess on 127.0.0.1 (an ephemeral port). Clients send, back to
back, a seeded mix of well-formed requests of every method for both games (tiny search budgets)
and malformed ones: random bytes, bit flips of valid requests, and repeated fields far longer
than any game allows. The report gives the status codes by method, latency percentiles, the
resident memory of the server and its workers every 10,000 requests, and how many new worker
processes appeared (a replaced worker is a new process). It stops by itself after
`--requests` requests or `--minutes`.
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

import grpc

from advisor.readiness import ready_port
from contract.codecs import challengers as challengers_codec
from contract.codecs import splendor_marvel as splendor_codec
from contract.v1 import advisor_pb2, common_pb2
from games.challengers import new_game as new_tournament
from games.challengers import observe as observe_tournament
from games.splendor_marvel import GAME, SplendorState, new_game, observe

SERVICE = "/advisor.v1.Advisor/"
STREAMING = {"Analyze"}


def _splendor_midgame(seed: int) -> SplendorState:
    state = new_game(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):
        GAME.apply(state, GAME.rollout_action(state, rng), rng)
    return state


def valid_requests() -> dict[str, list[bytes]]:
    """Well-formed requests of every method for both games, with tiny search budgets."""
    state = _splendor_midgame(4)
    splendor = common_pb2.Observation(splendor_marvel=splendor_codec.observation_to_proto(
        observe(state, state.current)))
    tournament = new_tournament(2, seed=3)
    challengers = common_pb2.Observation(
        challengers=challengers_codec.observation_to_proto(observe_tournament(tournament, 0)))
    limits = common_pb2.Limits(max_iterations=20, seed=1)
    requests: dict[str, list[bytes]] = {
        "GetInfo": [advisor_pb2.GetInfoRequest().SerializeToString()]}
    for observation in (splendor, challengers):
        for method, message in (("SuggestMove", advisor_pb2.SuggestMoveRequest),
                                ("Evaluate", advisor_pb2.EvaluateRequest),
                                ("Analyze", advisor_pb2.AnalyzeRequest)):
            requests.setdefault(method, []).append(
                message(observation=observation, limits=limits).SerializeToString())
        requests.setdefault("LegalMoves", []).append(
            advisor_pb2.LegalMovesRequest(observation=observation).SerializeToString())
    states = [common_pb2.GameState(splendor_marvel=splendor_codec.state_to_proto(state)),
              common_pb2.GameState(challengers=challengers_codec.state_to_proto(tournament))]
    for game in (common_pb2.GAME_SPLENDOR_MARVEL, common_pb2.GAME_CHALLENGERS):
        requests.setdefault("NewGame", []).append(
            advisor_pb2.NewGameRequest(game=game, players=2, seed=1).SerializeToString())
    for full in states:
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


def mixed(requests: dict[str, list[bytes]], rng: random.Random) -> tuple[str, bytes]:
    """One request of the soak: half valid, then random bytes, bit flips and oversized ones."""
    method = rng.choice(sorted(requests))
    roll = rng.random()
    if roll < 0.5:
        return method, rng.choice(requests[method])
    if roll < 0.7:
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
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args(argv)

    requests = valid_requests()
    codes: dict[str, Counter[str]] = {}
    latencies: list[float] = []
    memory: list[tuple[int, float]] = []
    lock = threading.Lock()
    sent = 0
    stop_at = time.monotonic() + 60 * args.minutes
    with server(args.workers) as (port, process):
        started_with = set(descendants(process.pid))
        workers_seen = set(started_with)
        memory.append((0, rss_mb(process.pid)))

        def client(index: int) -> None:
            nonlocal sent
            rng = random.Random(f"{args.seed}/{index}")
            with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
                while time.monotonic() < stop_at:
                    with lock:
                        if sent >= args.requests:
                            return
                        sent += 1
                        mark = sent % 10_000 == 0
                    method, payload = mixed(requests, rng)
                    began = time.perf_counter()
                    code = raw_call(channel, method, payload, timeout=30)
                    elapsed = 1000 * (time.perf_counter() - began)
                    with lock:
                        codes.setdefault(method, Counter())[code.name] += 1
                        latencies.append(elapsed)
                        workers_seen.update(descendants(process.pid))
                    if mark:
                        memory.append((sent, rss_mb(process.pid)))
                        print(f"{sent} requests, server RSS {memory[-1][1]:.0f} MB",
                              file=sys.stderr, flush=True)

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.concurrency)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        alive = process.poll() is None
        memory.append((sent, rss_mb(process.pid)))

    ordered = sorted(latencies)
    report = {
        "requests": len(latencies),
        "server_alive": alive,
        "codes": {method: dict(counter) for method, counter in sorted(codes.items())},
        "p50_ms": round(ordered[len(ordered) // 2], 1),
        "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 1),
        "rss_mb": [(n, round(mb, 1)) for n, mb in memory],
        "new_worker_processes": len(workers_seen - started_with),
    }
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
