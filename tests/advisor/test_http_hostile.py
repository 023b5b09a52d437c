"""The HTTP port against hostile clients, through a real server on loopback: slow and idle
connections, floods of /play, huge and malformed bodies, cross-site requests and foreign Host
names are each refused cleanly and logged, while the RPCs keep answering."""

from __future__ import annotations

import contextlib
import json
import logging
import math
import select
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from advisor import AdvisorServer
from tests.advisor.conftest import start

TOKEN = "h0st1le"
ORIGIN = "https://table.example"
GETINFO = "/advisor.v1.Advisor/GetInfo"
CAP = 24
"""The fixture's connection cap: small, so that a test fills it with a few dozen sockets."""


@pytest.fixture(scope="module")
def served() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=6, http_port=-1, auth_token=TOKEN, cors_origins=ORIGIN,
                    trusted_proxies="127.0.0.1", http_header_timeout_s=60.0,
                    http_body_timeout_s=60.0, http_max_connections=CAP, play_workers=2,
                    play_tables=5, play_tables_per_client=3)
    yield running
    running.stop(grace=1.0)


@pytest.fixture(scope="module")
def impatient() -> Iterator[AdvisorServer]:
    """A server that gives a request 1 s for its head and 1 s for its body. The other tests'
    server waits a minute, so that a loaded machine's stall never turns their requests into
    408s."""
    running = start(http_port=-1, auth_token=TOKEN, http_header_timeout_s=1.0,
                    http_body_timeout_s=1.0)
    yield running
    running.stop(grace=1.0)


def request(port: int, method: str, path: str, body: bytes = b"",
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """(status, JSON answer) of one HTTP request, sent whole; {} if the answer is not JSON."""
    sent = {"content-type": "application/json", "authorization": f"Bearer {TOKEN}",
            **(headers or {})}
    asked = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body or None,
                                   method=method, headers={k: v for k, v in sent.items() if v})
    try:
        with urllib.request.urlopen(asked, timeout=120) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        status, text = refused.code, refused.read()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, {}


def info(port: int) -> dict[str, Any]:
    status, answer = request(port, "POST", GETINFO, b"{}")
    assert status == 200, answer
    return answer


def healthy(port: int) -> bool:
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        answer = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(), timeout=30)
    return bool(answer.status == health_pb2.HealthCheckResponse.SERVING)


def forget_all(served: AdvisorServer) -> None:
    """No table kept: the bounds start from an empty store."""
    tables = served.http.play.tables
    with tables._lock:
        tables._forget(tables._store.idle_since(math.inf))


def new_game(seed: int, **more: Any) -> bytes:
    return json.dumps({"newGame": {"game": "GAME_SPLENDOR_MARVEL", "players": 2,
                                   "seed": str(seed)}, "iterations": 20, **more}).encode()


def read_answer(sock: socket.socket) -> tuple[int, bytes]:
    """(status, body) of the answer on `sock` (0 if the server closed without one)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return 0, data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(head.split(b" ")[1]), body


def opened(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    return sock


def closed_by_server(sock: socket.socket) -> int:
    """Waits for the server to end the connection: the status it answered first (0: none)."""
    try:
        status, _ = read_answer(sock)
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        status = 0
    return status


def logged(caplog: pytest.LogCaptureFixture, path: str, count: int = 1,
           status: int | None = None) -> list[dict[str, Any]]:
    """The HTTP port's log lines for requests to `path` (answered with `status`, if given),
    once `count` are in (a line is written just after its answer is sent, so an earlier test's
    last line may come in late; 30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        lines = [json.loads(r.getMessage()) for r in caplog.records
                 if r.name == "advisor.http" and r.getMessage().startswith('{"http"')]
        mine = [line for line in lines if line["http"].endswith(f" {path}")
                and status in (None, line["status"])]
        if len(mine) >= count or time.monotonic() > deadline:
            return mine
        time.sleep(0.01)


def test_idle_slow_and_half_sent_connections_are_closed(impatient: AdvisorServer) -> None:
    port = impatient.http.port
    with opened(port) as idle, opened(port) as slow, opened(port) as half:
        slow.sendall(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ")  # a head unfinished
        half.sendall(b"POST /play/new HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                     b"application/json\r\nauthorization: Bearer " + TOKEN.encode()
                     + b"\r\ncontent-length: 100\r\n\r\n{\"newGame\":")  # a body unfinished
        assert closed_by_server(idle) == 408
        assert closed_by_server(slow) == 408
        assert closed_by_server(half) == 0  # cut off mid-body: nobody is left to answer
    assert info(port)["serviceVersion"]


def test_at_the_connection_cap_waiting_connections_make_room_and_calls_answer(
    served: AdvisorServer,
) -> None:
    port = served.http.port
    held = [opened(port) for _ in range(CAP + 16)]
    try:
        for sock in held[:8]:
            sock.sendall(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n")  # slowloris: a part head
        assert info(port)["serviceVersion"]  # a full request still gets in
        assert healthy(served.port)
        # the connections opened first made room for the later ones and for the call
        assert closed_by_server(held[0]) in (0, 408)
    finally:
        for sock in held:
            sock.close()


def test_a_body_of_100_mb_is_refused_with_413_and_never_held(served: AdvisorServer) -> None:
    chunk = b" " * (1 << 20)
    for path, kind in (("/play/new", "application/json"), (GETINFO, "application/json")):
        with opened(served.http.port) as sock:
            before = _peak_reset()
            sock.sendall(f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: {kind}\r\n"
                         f"authorization: Bearer {TOKEN}\r\ncontent-length: {100 << 20}\r\n\r\n"
                         .encode())
            for _ in range(100):
                sock.sendall(chunk)
            status, body = read_answer(sock)
            grown = _peak_kb() - before
        assert (status, json.loads(body)["code"]) == (413, "resource_exhausted"), path
        assert grown < 20 * 1024, f"{path}: the peak grew by {grown} kB"
    with opened(served.http.port) as sock:  # no length given: cut off at the limit
        sock.sendall(b"POST /play/new HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                     b"application/json\r\ntransfer-encoding: chunked\r\nauthorization: Bearer "
                     + TOKEN.encode() + b"\r\n\r\n")
        for _ in range(20):
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        sock.sendall(b"0\r\n\r\n")
        status, body = read_answer(sock)
    assert (status, json.loads(body)["code"]) == (413, "resource_exhausted")


def _peak_reset() -> int:
    """Resets this process's peak resident size (Linux), and returns the resident size, kB."""
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
    return _status_kb("VmRSS")


def _peak_kb() -> int:
    return _status_kb("VmHWM")


def _status_kb(field: str) -> int:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith(field + ":"))
    return int(line.split()[1])


@pytest.mark.parametrize(("headers", "status", "code"), [
    ({"content-type": "text/plain", "origin": "https://evil.example"}, 403,
     "permission_denied"),  # a cross-site form post: no preflight, refused all the same
    ({"content-type": "text/plain"}, 415, "invalid_argument"),
    ({"origin": "https://evil.example"}, 403, "permission_denied"),
    ({"origin": "null"}, 403, "permission_denied"),  # a sandboxed frame or a file: page
    ({"origin": "http://127.0.0.1:1"}, 403, "permission_denied"),  # same host, other port
    ({"host": "rebound.evil.example"}, 421, "permission_denied"),  # DNS rebinding
])
def test_cross_site_and_foreign_host_requests_are_refused(
    served: AdvisorServer, headers: dict[str, str], status: int, code: str
) -> None:
    for path in ("/play/new", GETINFO):
        assert request(served.http.port, "POST", path, new_game(1), headers)[1]["code"] == code
        assert request(served.http.port, "POST", path, new_game(1), headers)[0] == status


def test_same_origin_and_listed_origins_may_call(served: AdvisorServer) -> None:
    port = served.http.port
    # the page's own origin, also as a TLS front end serves it; and a listed origin
    for origin in (f"http://127.0.0.1:{port}", f"https://127.0.0.1:{port}", ORIGIN):
        assert request(port, "POST", GETINFO, b"{}", {"origin": origin})[0] == 200
    assert request(port, "POST", GETINFO, b"{}", {"host": f"localhost:{port}"})[0] == 200


@pytest.mark.parametrize(("method", "path", "body", "headers", "status", "code"), [
    ("POST", "/play/foo", b"{}", {}, 404, "not_found"),
    ("GET", "/play/new", b"", {}, 405, "invalid_argument"),
    ("POST", "/index.html", b"{}", {}, 405, "invalid_argument"),
    ("GET", "/no-such-file.js", b"", {}, 404, "not_found"),
    ("GET", "/app.js", b"", {"content-length": "1000000"}, 413, "resource_exhausted"),
    ("POST", "/advisor.v1.Nope/GetInfo", b"{}", {}, 404, "not_found"),
    ("POST", "/advisor.v1.Advisor/Nope", b"{}", {}, 404, "not_found"),
    ("POST", GETINFO, b"{}", {"content-type": "application/grpc"}, 415, "invalid_argument"),
    ("POST", GETINFO, b"{}", {"x-note": "caf\xe9"}, 400, "invalid_argument"),
    ("POST", "/play/new", b"[" * 60_000, {}, 400, "invalid_argument"),
    ("POST", "/play/new", new_game(1, iterations=1e30), {}, 400, "invalid_argument"),
    ("POST", "/play/new", new_game(1, iterations=True), {}, 400, "invalid_argument"),
    ("POST", "/play/new", new_game(1, iterations=10**40), {}, 400, "invalid_argument"),
    ("POST", "/play/new", new_game(1, iterations=5_000_000), {}, 400, "invalid_argument"),
    ("POST", "/play/new", new_game(1, bots=[{"seat": True}]), {}, 400, "invalid_argument"),
    ("POST", "/play/new", new_game(1, bots=[{"seat": 1, "strength": True}]), {}, 400,
     "invalid_argument"),
    ("POST", "/play/new", b"not json", {}, 400, "invalid_argument"),
    ("POST", "/play/move", b'{"table": "nope", "move": "pass", "seat": 0, "number": 1}', {},
     404, "not_found"),
    ("POST", "/play/new", new_game(1), {"authorization": ""}, 401, "unauthenticated"),
])
def test_every_bad_request_gets_its_status_a_json_error_and_a_log_line(
    served: AdvisorServer, caplog: pytest.LogCaptureFixture, method: str, path: str,
    body: bytes, headers: dict[str, str], status: int, code: str,
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.http")
    port = served.http.port
    kept = len(served.http.play.tables)
    if headers.get("x-note"):  # a header urllib would not send: its bytes are not UTF-8
        with opened(port) as sock:
            sock.sendall(f"{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                         "application/json\r\ncontent-length: 2\r\n".encode()
                         + b"x-note: caf\xe9\r\n\r\n{}")
            answered, text = read_answer(sock)
        answer = json.loads(text)
    else:
        answered, answer = request(port, method, path, body, headers)
    assert (answered, answer.get("code")) == (status, code), answer
    assert answer["message"]
    assert [line["status"] for line in logged(caplog, path)] == [status]
    tables = served.http.play.tables
    assert len(tables) == kept  # no table stored for a refused request
    assert all(t.busy is False for t in tables._tables.values())  # nothing half-made is kept


def test_the_token_is_checked_before_the_body_is_read(
    served: AdvisorServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.http")
    for path in ("/play/new", GETINFO):
        with opened(served.http.port) as sock:
            sock.sendall(f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                         "application/json\r\ncontent-length: 1000\r\n\r\n".encode())
            status, _ = read_answer(sock)  # answered with no byte of the body sent
        assert status == 401
    refusals = [json.loads(r.getMessage()) for r in caplog.records
                if "UNAUTHENTICATED" in r.getMessage()]
    assert [r["peer"] for r in refusals] == ["127.0.0.1", "127.0.0.1"]


def test_proxy_headers_are_believed_only_from_a_trusted_proxy(
    served: AdvisorServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.http")
    request(served.http.port, "POST", GETINFO, b"{}", {"x-forwarded-for": "203.0.113.9"})
    assert logged(caplog, GETINFO, 1, 200)[-1]["peer"] == "203.0.113.9"  # loopback is trusted
    plain = start(http_port=-1)  # trusts no proxy
    try:
        request(plain.http.port, "POST", GETINFO, b"{}", {"x-forwarded-for": "203.0.113.9"})
    finally:
        plain.stop(grace=1.0)
    assert logged(caplog, GETINFO, 2, 200)[-1]["peer"] == "127.0.0.1"


def test_every_forwarded_for_line_of_a_trusted_proxy_counts(
    served: AdvisorServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.http")
    with opened(served.http.port) as sock:  # the client's own claim first, the proxy's last
        sock.sendall(f"POST {GETINFO} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                     f"application/json\r\nauthorization: Bearer {TOKEN}\r\n"
                     "x-forwarded-for: 192.0.2.66\r\nx-forwarded-for: 203.0.113.7\r\n"
                     "content-length: 2\r\n\r\n{}".encode())
        assert read_answer(sock)[0] == 200
    assert logged(caplog, GETINFO, 1, 200)[-1]["peer"] == "203.0.113.7"


def test_a_doubled_token_header_is_refused(served: AdvisorServer) -> None:
    with opened(served.http.port) as sock:
        sock.sendall(f"POST {GETINFO} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                     f"application/json\r\nauthorization: Bearer {TOKEN}\r\n"
                     f"authorization: Bearer {TOKEN}\r\ncontent-length: 2\r\n\r\n{{}}"
                     .encode())
        assert read_answer(sock)[0] == 401


def _open_as(port: int, client: str, seed: int) -> tuple[int, dict[str, Any]]:
    return request(port, "POST", "/play/new", new_game(seed), {"x-forwarded-for": client})


def _view_as(port: int, client: str, table: str) -> int:
    body = json.dumps({"table": table}).encode()
    return request(port, "POST", "/play/view", body, {"x-forwarded-for": client})[0]


def test_tables_are_bounded_per_client_and_never_taken_from_another(
    served: AdvisorServer,
) -> None:
    port = served.http.port
    forget_all(served)
    first = [_open_as(port, "198.51.100.1", seed)[1]["table"] for seed in range(3)]
    other = [_open_as(port, "198.51.100.2", seed)[1]["table"] for seed in range(2)]
    status, refused = _open_as(port, "198.51.100.3", 9)  # all 5 places are taken
    assert (status, refused["code"]) == (429, "resource_exhausted")
    status, fourth = _open_as(port, "198.51.100.1", 4)  # its own oldest makes room
    assert status == 200
    assert _view_as(port, "198.51.100.1", first[0]) == 404
    assert [_view_as(port, "198.51.100.1", t) for t in (*first[1:], fourth["table"])] == [200] * 3
    assert [_view_as(port, "198.51.100.2", t) for t in other] == [200, 200]


def test_a_retried_or_stale_move_is_refused_not_played_for_the_next_seat(
    served: AdvisorServer,
) -> None:
    port = served.http.port
    forget_all(served)
    _, view = request(port, "POST", "/play/new", new_game(3, bots=[{"seat": 1, "strength": 1}]))
    legal = request(port, "POST", "/advisor.v1.Advisor/LegalMoves",
                    json.dumps({"observation": view["observation"]}).encode())[1]
    move = json.dumps({"table": view["table"], "seat": view["seat"], "number": view["number"],
                       "move": legal["moves"][0]["notation"]}).encode()
    status, after = request(port, "POST", "/play/move", move)
    assert status == 200 and after["number"] == view["number"] + 2  # the move and the bot's
    status, again = request(port, "POST", "/play/move", move)  # the same POST, retried
    assert (status, again["code"]) == (409, "aborted")
    assert f"at move {after['number']}" in again["message"]
    status, seen = request(port, "POST", "/play/view", json.dumps({"table": view["table"]})
                           .encode())
    assert status == 200 and seen["moves"] == after["moves"]


def test_a_play_flood_leaves_the_rpcs_answering_and_stops_when_its_clients_leave(
    served: AdvisorServer, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.rpc")
    port = served.http.port
    forget_all(served)
    body = new_game(5, iterations=2_000_000, bots=[{"seat": 0, "strength": 10}])
    with contextlib.ExitStack() as leaving:  # the clients leave whatever happens
        flood = [leaving.enter_context(opened(port)) for _ in range(10)]
        for i, sock in enumerate(flood):  # 2 play threads, 8 in hand at most: 2 refused
            sock.sendall(f"POST /play/new HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                         f"application/json\r\nauthorization: Bearer {TOKEN}\r\n"
                         f"x-forwarded-for: 192.0.2.{i}\r\ncontent-length: {len(body)}\r\n\r\n"
                         .encode() + body)
        refused: list[socket.socket] = []
        while len(refused) < 2:  # the refused are answered at once, the others when played
            readable, _, _ = select.select([s for s in flood if s not in refused], [], [], 120)
            assert readable, "no refusal came"
            refused.extend(readable)
        assert [closed_by_server(s) for s in refused] == [429, 429]
        assert info(port)["serviceVersion"]  # answered while the bots search
        assert served.http.play._in_hand == 8  # every accepted game was still being played
    stopped = _wait_for_cancelled(served, caplog, expected=2)
    assert all(line["peer"].startswith("http:192.0.2.") and line["peer"].endswith(" play")
               for line in stopped)


def _wait_for_cancelled(served: AdvisorServer, caplog: pytest.LogCaptureFixture,
                        expected: int) -> list[dict[str, Any]]:
    """The SuggestMove lines logged CANCELLED once `expected` are in (the bots' searches
    stopped because their clients left), within 60 s at most."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        lines = [json.loads(r.getMessage()) for r in caplog.records
                 if r.name == "advisor.rpc" and '"SuggestMove"' in r.getMessage()]
        cancelled = [line for line in lines if line["status"] == "CANCELLED"]
        if len(cancelled) >= expected and served.http.play._in_hand == 0:
            return cancelled
        time.sleep(0.05)
    raise AssertionError("the searches of clients who left did not stop")


def test_a_second_request_on_a_table_at_work_is_refused_at_once(served: AdvisorServer) -> None:
    port = served.http.port
    forget_all(served)
    _, view = request(port, "POST", "/play/new", new_game(
        6, iterations=2_000_000, bots=[{"seat": 1, "strength": 10}]))  # seat 0 moves first
    legal = request(port, "POST", "/advisor.v1.Advisor/LegalMoves",
                    json.dumps({"observation": view["observation"]}).encode())[1]
    move = json.dumps({"table": view["table"], "seat": 0, "number": 1,
                       "move": legal["moves"][0]["notation"]}).encode()
    looking = json.dumps({"table": view["table"]}).encode()
    with opened(port) as playing:  # the move, then the bot's long search
        playing.sendall(f"POST /play/move HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                        f"application/json\r\nauthorization: Bearer {TOKEN}\r\n"
                        f"content-length: {len(move)}\r\n\r\n".encode() + move)
        table = served.http.play.tables._tables[view["table"]]
        deadline = time.monotonic() + 60
        while not table.busy and time.monotonic() < deadline:  # until the move takes it
            time.sleep(0.01)
        answer = request(port, "POST", "/play/view", looking)
        assert (answer[0], answer[1]["code"]) == (409, "aborted")
        status, again = request(port, "POST", "/play/move", move)
        assert (status, again["code"]) == (409, "aborted")
        assert "already playing" in again["message"]
    # the client left: the bot's search stops and the table is free again
    deadline = time.monotonic() + 60
    while served.http.play._in_hand and time.monotonic() < deadline:
        time.sleep(0.05)
    assert served.http.play._in_hand == 0


def test_a_second_request_on_a_waiting_table_is_refused_at_once(served: AdvisorServer) -> None:
    port = served.http.port
    forget_all(served)
    waiting = _open_as(port, "198.51.100.7", 7)[1]["table"]
    looking = json.dumps({"table": waiting}).encode()
    searching = new_game(8, iterations=2_000_000, bots=[{"seat": 0, "strength": 10}])
    with contextlib.ExitStack() as leaving:  # the clients leave whatever happens
        for i, body in enumerate((searching, searching, looking)):  # both play threads busy
            sock = leaving.enter_context(opened(port))
            path = "/play/view" if body is looking else "/play/new"
            sock.sendall(f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: "
                         f"application/json\r\nauthorization: Bearer {TOKEN}\r\n"
                         f"x-forwarded-for: 192.0.2.{50 + i}\r\n"
                         f"content-length: {len(body)}\r\n\r\n".encode() + body)
            deadline = time.monotonic() + 60
            while served.http.play._in_hand <= i and time.monotonic() < deadline:
                time.sleep(0.01)  # until the route holds it
        status, again = request(port, "POST", "/play/view", looking,
                                {"x-forwarded-for": "198.51.100.7"})
        assert (status, again.get("code")) == (409, "aborted")
        assert served.http.play._in_hand == 3  # the first view still waits for a thread
    deadline = time.monotonic() + 60
    while served.http.play._in_hand and time.monotonic() < deadline:
        time.sleep(0.05)
    assert served.http.play._in_hand == 0


def test_accept_errors_are_logged_once_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    from advisor.http_connections import QuietAcceptErrors

    caplog.set_level(logging.ERROR, logger="advisor.http")
    handler = QuietAcceptErrors(interval_s=3600)
    for _ in range(10_000):  # a loop out of descriptors retrying
        handler(None, {"message": "socket.accept() out of system resource",  # type: ignore[arg-type]
                       "exception": OSError(24, "Too many open files")})
    handler(None, {"message": "another error"})  # type: ignore[arg-type]
    assert [json.loads(r.getMessage())["event"] for r in caplog.records] == [
        "socket.accept() out of system resource", "another error"]
