"""How long `python -m advisor serve` takes to start: cold (an empty numba cache) and warm.

Each start runs the server as a subprocess with `NUMBA_CACHE_DIR` set to a scratch folder
(empty for the cold start, filled by it for the warm one) and reads its stdout: the seconds
from launch to its first line, to `listening`, to `ready`; and how long a GetInfo call made
as soon as it listens takes to be answered (UNAVAILABLE while the workers warm up).

    python -m benchmarks.speed.start_time           # cold, then warm, 2 workers
    python -m benchmarks.speed.start_time --workers 1 --starts warm
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import grpc

from contract.v1 import advisor_pb2, advisor_pb2_grpc


@dataclass(frozen=True)
class Start:
    """One start's milestones, in seconds from launch."""

    kind: str
    first_line_s: float
    listening_s: float
    call_answer: str
    call_s: float
    ready_s: float


def _early_call(port: int) -> tuple[str, float]:
    """GetInfo right away: its status code and how long it took."""
    started = time.monotonic()
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            advisor_pb2_grpc.AdvisorStub(channel).GetInfo(advisor_pb2.GetInfoRequest(),
                                                          timeout=60)
            code = "OK"
        except grpc.RpcError as error:
            code = error.code().name
    return code, time.monotonic() - started


def measure(kind: str, workers: int, cache: str, port: int) -> Start:
    """Start a server, note its milestones, stop it."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONUNBUFFERED": "1"}
    launched = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "advisor", "serve", "--port", str(port), "--workers",
         str(workers)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    seen: dict[str, float] = {}
    answer, call_s = "", 0.0
    try:
        assert process.stdout is not None
        for line in process.stdout:
            print(f"  {time.monotonic() - launched:7.2f} s  {line.rstrip()}", file=sys.stderr)
            seen.setdefault("first", time.monotonic() - launched)
            if line.startswith("listening"):
                seen["listening"] = time.monotonic() - launched
                answer, call_s = _early_call(port)
            if line.startswith("ready"):
                seen["ready"] = time.monotonic() - launched
                break
    finally:
        process.terminate()
        process.wait(timeout=120)
    return Start(kind, seen["first"], seen["listening"], answer, call_s, seen["ready"])


def main(argv: list[str] | None = None) -> int:
    """Measure the starts asked for and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="server worker processes")
    parser.add_argument("--starts", nargs="+", choices=("cold", "warm"),
                        default=["cold", "warm"], help="which starts, in order")
    parser.add_argument("--port", type=int, default=50990, help="a free port to serve on")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        for kind in args.starts:
            if kind == "warm" and "cold" not in args.starts:
                measure("filling the cache", args.workers, cache, args.port)
            rows.append(measure(kind, args.workers, cache, args.port))
    print(f"{args.workers} worker(s); seconds from launch; load average "
          f"{os.getloadavg()[0]:.1f} at the end")
    print("start  first line  listening  early call (answered in)  ready")
    for row in rows:
        print(f"{row.kind:<5}  {row.first_line_s:10.2f}  {row.listening_s:9.2f}  "
              f"{row.call_answer:>11} ({row.call_s:.2f} s)  {row.ready_s:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
