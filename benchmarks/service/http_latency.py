"""What the HTTP port adds to a call's latency over native gRPC, on the same server.

One server (a subprocess, one search worker) serves both ports. Calls go one at a time, the
transports taking turns call by call so that they share the machine's load: native gRPC
(grpcio), Connect with binary bodies and Connect with JSON bodies (a keep-alive HTTP/1.1
connection of the standard library, with request bodies written before the clock starts and JSON
answers decoded with `json.loads`, as a browser would with JSON.parse: the server's cost, not a
client library's). The table gives each transport's
median and p99 and what it adds to gRPC's.

    python -m benchmarks.service.http_latency                # GetInfo and a 100 ms SuggestMove
    python -m benchmarks.service.http_latency --calls 300 --suggest-calls 100 --json out.json
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format

from benchmarks.service.service_latency import _position
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

TRANSPORTS = ("grpc", "connect-binary", "connect-json")


@dataclass(frozen=True)
class Row:
    rpc: str
    transport: str
    calls: int
    p50_ms: float
    p99_ms: float
    added_p50_ms: float
    """Median minus gRPC's median."""
    added_p99_ms: float


@contextmanager
def _server() -> Iterator[tuple[int, int]]:
    """(gRPC port, HTTP port) of a fresh server with one worker."""
    process = subprocess.Popen(
        [sys.executable, "-m", "advisor", "serve", "--port", "0", "--http-port", "-1",
         "--workers", "1", "--grace-s", "1"],
        stderr=subprocess.PIPE, text=True, env={**os.environ},
    )
    try:
        assert process.stderr is not None
        ports: dict[str, int] = {}
        for line in process.stderr:
            logged = json.loads(line) if line.startswith("{") else {}
            if logged.get("event") == "listening":
                ports = logged
            if logged.get("event") == "ready":  # its workers are warm
                break
        else:
            raise RuntimeError("the server stopped before it was ready")
        threading.Thread(target=process.stderr.read, daemon=True).start()  # the call log
        yield int(ports["port"]), int(ports["http_port"])
    finally:
        process.terminate()
        process.wait(timeout=30)


class Connect:
    """Unary Connect calls on one keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int, json_bodies: bool):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.json = json_bodies

    def body(self, request: Any) -> bytes:
        """The request as sent, written once before the calls are timed (a browser page holds
        its JSON already: the client's encoding is not the server's cost)."""
        if self.json:
            return json_format.MessageToJson(request, indent=None).encode()
        return request.SerializeToString()

    def call(self, rpc: str, body: bytes, answer_type: type[Any]) -> Any:
        kind = "application/json" if self.json else "application/proto"
        self.connection.request("POST", f"/advisor.v1.Advisor/{rpc}", body=body,
                                headers={"content-type": kind})
        response = self.connection.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"{rpc}: HTTP {response.status}: {data[:200]!r}")
        if self.json:
            return json.loads(data)  # what a browser does with it (JSON.parse)
        return answer_type.FromString(data)


def _measure(calls: int, attempts: dict[str, Callable[[], Any]]) -> dict[str, list[float]]:
    """Milliseconds per call of each transport, the transports taking turns."""
    times: dict[str, list[float]] = {name: [] for name in attempts}
    for attempt in attempts.values():  # warm each path once
        attempt()
    for _ in range(calls):
        for name, attempt in attempts.items():
            start = time.perf_counter()
            attempt()
            times[name].append((time.perf_counter() - start) * 1000)
    return times


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def _rows(rpc: str, times: dict[str, list[float]]) -> list[Row]:
    base50, base99 = statistics.median(times["grpc"]), _p99(times["grpc"])
    return [
        Row(rpc, name, len(values), round(statistics.median(values), 2), round(_p99(values), 2),
            round(statistics.median(values) - base50, 2), round(_p99(values) - base99, 2))
        for name, values in times.items()
    ]


def run(calls: int, suggest_calls: int, suggest_ms: int) -> list[Row]:
    """Measure GetInfo and a `suggest_ms` SuggestMove over the three transports."""
    suggest = advisor_pb2.SuggestMoveRequest(
        observation=_position(),
        limits=common_pb2.Limits(max_time_ms=suggest_ms, max_iterations=10**9, seed=1),
    )
    info = advisor_pb2.GetInfoRequest()
    rows: list[Row] = []
    with _server() as (grpc_port, http_port), grpc.insecure_channel(
        f"127.0.0.1:{grpc_port}"
    ) as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        binary, text = Connect(http_port, json_bodies=False), Connect(http_port, json_bodies=True)
        for rpc, request, answer, count in (
            ("GetInfo", info, advisor_pb2.GetInfoResponse, calls),
            ("SuggestMove", suggest, advisor_pb2.SuggestMoveResponse, suggest_calls),
        ):
            method = getattr(stub, rpc)
            rows += _rows(f"{rpc}" if rpc == "GetInfo" else f"{rpc} {suggest_ms} ms", _measure(
                count, {
                    "grpc": partial(method, request, timeout=60),
                    "connect-binary": partial(binary.call, rpc, binary.body(request), answer),
                    "connect-json": partial(text.call, rpc, text.body(request), answer),
                }))
    return rows


def _table(rows: list[Row]) -> str:
    lines = [
        "| RPC | transport | calls | p50 ms | p99 ms | added p50 ms | added p99 ms |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    lines += [
        f"| {r.rpc} | {r.transport} | {r.calls} | {r.p50_ms:.2f} | {r.p99_ms:.2f} | "
        f"{r.added_p50_ms:+.2f} | {r.added_p99_ms:+.2f} |"
        for r in rows
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="GetInfo calls per transport")
    parser.add_argument("--suggest-calls", type=int, default=60,
                        help="SuggestMove calls per transport")
    parser.add_argument("--suggest-ms", type=int, default=100, help="SuggestMove's time budget")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    rows = run(args.calls, args.suggest_calls, args.suggest_ms)
    print(_table(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
