"""The HTTP port under hostile clients, measured: RPC latency beside a flood of /play games, the
memory a 100 MB body costs, and answers while idle connections fill the connection cap.

One in-process server (its search workers apart), loopback clients:

- GetInfo over HTTP, `--calls` times in a row, alone and then while `--flood` clients each open
  a game whose bot searches 2,000,000 iterations (the flood's clients leave afterwards, which
  stops their searches);
- a 100 MB body sent whole to `/play/new` and to an RPC: the status, and the growth of the
  process's peak resident size (Linux);
- GetInfo while 1.5 times the connection cap of idle connections are held.

    python -m benchmarks.service.http_hostile
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import time
import urllib.request
from collections.abc import Sequence

from advisor import AdvisorServer, ServerConfig

GETINFO = "/advisor.v1.Advisor/GetInfo"


def get_info_ms(port: int) -> float:
    started = time.perf_counter()
    asked = urllib.request.Request(f"http://127.0.0.1:{port}{GETINFO}", data=b"{}",
                                   headers={"content-type": "application/json"})
    with urllib.request.urlopen(asked, timeout=60) as answer:
        answer.read()
    return (time.perf_counter() - started) * 1000


def latencies(port: int, calls: int) -> str:
    times = sorted(get_info_ms(port) for _ in range(calls))
    return f"median {statistics.median(times):.1f} ms, max {times[-1]:.1f} ms"


def flood(port: int, clients: int) -> list[socket.socket]:
    body = json.dumps({"newGame": {"game": "GAME_SPLENDOR_MARVEL", "players": 2},
                       "iterations": 2_000_000, "bots": [{"seat": 0, "strength": 10}]}).encode()
    held = []
    for _ in range(clients):
        sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        sock.sendall(f"POST /play/new HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                     f"application/json\r\ncontent-length: {len(body)}\r\n\r\n".encode() + body)
        held.append(sock)
    return held


def peak_kb() -> int:
    with open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("VmHWM:")).split()[1])


def big_body(port: int, path: str) -> str:
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
    before = peak_kb()
    chunk = b" " * (1 << 20)
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                     f"application/json\r\ncontent-length: {100 << 20}\r\n\r\n".encode())
        for _ in range(100):
            sock.sendall(chunk)
        status = sock.recv(64).split(b" ")[1].decode()
    return f"status {status}, peak resident size +{(peak_kb() - before) / 1024:.1f} MB"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--flood", type=int, default=30)
    parser.add_argument("--cap", type=int, default=200, help="--http-max-connections")
    args = parser.parse_args(argv)
    server = AdvisorServer(ServerConfig(port=0, workers=2, http_port=-1, play_store=":memory:",
                                        http_max_connections=args.cap))
    server.start()
    port = server.http.port
    try:
        print(f"GetInfo alone: {latencies(port, args.calls)}")
        held = flood(port, args.flood)
        print(f"GetInfo beside {args.flood} /play games searching: "
              f"{latencies(port, args.calls)}")
        for sock in held:
            sock.close()
        for path in ("/play/new", GETINFO):
            print(f"100 MB body to {path}: {big_body(port, path)}")
        idle = [socket.create_connection(("127.0.0.1", port), timeout=60)
                for _ in range(args.cap * 3 // 2)]
        print(f"GetInfo with {len(idle)} idle connections (cap {args.cap}): "
              f"{latencies(port, args.calls)}")
        for sock in idle:
            sock.close()
    finally:
        server.stop(grace=1.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
