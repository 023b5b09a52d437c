"""What every HTTP request meets before any body is read: who sent it, whether it is meant
for this server, whether it is a request the route takes, and one log line when it ends.

Two ASGI layers, with CORS (if configured) between them so that the inner refusals carry its
headers:
- `Entrance`: the client's address (X-Forwarded-For believed only from `--trusted-proxies`),
  header text, the Host (against the served names: a DNS-rebinding page is refused), the
  Origin (same-origin or `--cors-origins`), and one structured line per request, refusals
  included (status, route, peer, bytes in and out, ms).
- `Checkpoint`: the route (RPC, the page's tables, the page's files), its method and content
  type, the bearer token, the declared body size, and the number of requests in progress.
Every refusal is a JSON body `{"code", "message"}` (an RPC's in its protocol's own form when
the protocol carries errors in-band: gRPC-Web's status headers, Connect's end of stream).
"""

from __future__ import annotations

import json
import logging
import re
import struct
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

from advisor.auth import REFUSAL, token_matches

log = logging.getLogger("advisor.http")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

RPC_TYPES = frozenset({
    "application/json", "application/proto",  # Connect, unary
    "application/connect+json", "application/connect+proto",  # Connect, streaming
    "application/grpc-web", "application/grpc-web+proto", "application/grpc-web+json",
})
"""The content types of an RPC over HTTP/1.1 (Connect and gRPC-Web)."""
OTHER_RPC = re.compile(r"^/[A-Za-z_]\w*(\.\w+)+/\w+$")
"""A path shaped like a gRPC method (`/package.Service/Method`) of some other service."""
END_STREAM = 0x02
DRAIN_BYTES = 128 * 1024 * 1024
"""The most of a refused body read (and dropped) so that its client reads the refusal."""


@dataclass(frozen=True)
class Refusal:
    """A request refused before its route: HTTP status, Connect code, and why."""

    status: int
    code: str
    message: str

    async def send(self, send: Send, content_type: str = "",
                   linger: Callable[[], Awaitable[None]] | None = None) -> None:
        """Answer in the form the request's protocol reads errors in; then, if given,
        `linger` before the answer ends (it reads what is left of the request)."""
        if content_type.startswith("application/grpc-web"):
            await respond(send, 200, content_type, b"", linger, [
                (b"grpc-status", str(GRPC_CODES.get(self.code, 2)).encode()),
                (b"grpc-message", quote(self.message).encode())])
        elif content_type.startswith("application/connect+"):
            error = json.dumps({"error": {"code": self.code, "message": self.message}}).encode()
            await respond(send, 200, content_type,
                          struct.pack(">BI", END_STREAM, len(error)) + error, linger)
        else:
            text = json.dumps({"code": self.code, "message": self.message})
            await respond(send, self.status, "application/json", text.encode(), linger)


GRPC_CODES = {"invalid_argument": 3, "not_found": 5, "permission_denied": 7,
              "resource_exhausted": 8, "unimplemented": 12, "internal": 13, "unavailable": 14,
              "unauthenticated": 16}


async def respond(send: Send, status: int, content_type: str, body: bytes,
                  linger: Callable[[], Awaitable[None]] | None = None,
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """A whole answer; with `linger`, its bytes go out first and it ends after `linger()`."""
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", content_type.encode()), (b"content-length", str(len(body)).encode()),
        *(headers or [])]})
    await send({"type": "http.response.body", "body": body, "more_body": linger is not None})
    if linger is not None:
        await linger()
        await send({"type": "http.response.body", "body": b""})


def lingering(scope: Scope, receive: Receive) -> Callable[[], Awaitable[None]]:
    """Reads and drops the rest of a refused request's body, at most DRAIN_BYTES: a client
    that sends its whole body before it reads (urllib, many others) then reads the refusal,
    not a reset connection. Not when the client waits for `100 Continue` (it sends no body)."""

    async def linger() -> None:
        if header(scope, b"expect").lower() == "100-continue":
            return
        dropped = 0
        while dropped <= DRAIN_BYTES:
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                return
            dropped += len(message.get("body", b""))

    return linger


def header(scope: Scope, name: bytes) -> str:
    """A request header's value ('' if absent; Entrance has checked that it is text). A
    header sent more than once reads as its values joined by commas, as HTTP combines them:
    every X-Forwarded-For hop counts, and a doubled single-valued header fails its check."""
    return ",".join(value.decode() for key, value in scope["headers"] if key == name)


def same_site(origin: str, host: str) -> bool:
    """Whether a page from `origin` is this server's own: its host and port are the Host the
    request names. The scheme is not compared, so the page is its own behind a front end that
    ends TLS and passes plain HTTP on."""
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) \
        and parts.netloc.lower() == host.lower()


def content_type(scope: Scope) -> str:
    """The request's media type, lower case, without parameters."""
    return header(scope, b"content-type").split(";")[0].strip().lower()


def peer(scope: Scope) -> str:
    """The client's address as Entrance resolved it."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


@dataclass(frozen=True)
class EntranceRules:
    """Whom the HTTP port answers: the Host names (None: any), the cross-site origins, the
    proxies whose X-Forwarded-For is believed."""

    names: frozenset[str] | None
    origins: frozenset[str]
    proxies: frozenset[str]


class Entrance:
    """The outer layer: the client, the Host and Origin checks, and the request's log line."""

    def __init__(self, app: App, rules: EntranceRules):
        self._app = app
        self._rules = rules

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        started = time.perf_counter()
        seen = {"status": 0, "in": 0, "out": 0}

        async def counted_receive() -> Message:
            message = await receive()
            seen["in"] += len(message.get("body", b""))
            return message

        async def counted_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
            seen["out"] += len(message.get("body", b""))
            await send(message)

        refusal = self._check(scope)
        try:
            if refusal is not None:
                await refusal.send(counted_send, linger=lingering(scope, counted_receive))
            else:
                await self._app(scope, counted_receive, counted_send)
        except Exception:  # a fault of ours: logged, and answered as an error like the rest
            log.exception("internal error on the HTTP port")
            if not seen["status"]:
                await Refusal(500, "internal", "internal error").send(counted_send)
        finally:
            log.info(json.dumps({
                "http": f"{scope['method']} {scope['path'][:200]}", "status": seen["status"],
                "peer": peer(scope), "in": seen["in"], "out": seen["out"],
                "ms": round((time.perf_counter() - started) * 1000, 1),
            }, separators=(",", ":")))

    def _check(self, scope: Scope) -> Refusal | None:
        for name, value in scope["headers"]:
            try:
                value.decode()
            except UnicodeDecodeError:
                return Refusal(400, "invalid_argument",
                               f"the header {name.decode('latin-1')!r} is not UTF-8 text")
        client = self._client(scope, header(scope, b"x-forwarded-for"))
        if client != peer(scope):
            scope["client"] = (client, 0)
        host = header(scope, b"host")
        name = urlsplit(f"//{host}").hostname or ""
        if self._rules.names is not None and name not in self._rules.names:
            return Refusal(421, "permission_denied", (
                f"this server does not answer for the host {host!r} (--http-hosts names the "
                "hosts it serves)"))
        origin = header(scope, b"origin")
        if origin and not same_site(origin, host) and origin not in self._rules.origins:
            return Refusal(403, "permission_denied", (
                f"pages from {origin} may not call this server (--cors-origins names the "
                "origins that may)"))
        return None

    def _client(self, scope: Scope, forwarded: str) -> str:
        """The connection's address, or, from a trusted proxy, the last address its
        X-Forwarded-For chain names that is not itself a trusted proxy."""
        address = peer(scope)
        if address not in self._rules.proxies:
            return address
        for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
            if hop not in self._rules.proxies:
                return hop
        return address


@dataclass(frozen=True)
class Routes:
    """The port's routes: the service's RPC paths, the page's tables, the page's files."""

    rpc_prefix: str
    rpc_paths: frozenset[str]
    rpcs: App
    play: App
    play_actions: frozenset[str]
    files: App


@dataclass(frozen=True)
class CheckpointRules:
    """What a route takes: the token, the largest RPC and page bodies, requests at once."""

    expected_authorization: str | None
    max_rpc_bytes: int
    max_play_bytes: int
    max_requests: int


class Checkpoint:
    """The inner layer: a request goes to its route only if the route takes it."""

    def __init__(self, routes: Routes, rules: CheckpointRules):
        self._routes = routes
        self._rules = rules
        self._in_progress = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        route, refusal = self._route(scope)
        kind = content_type(scope) if route is self._routes.rpcs else ""
        if refusal is None and self._in_progress >= self._rules.max_requests:
            refusal = Refusal(503, "unavailable", (
                f"the HTTP port has its limit of {self._rules.max_requests} requests in "
                "progress; retry"))
        if refusal is not None:
            if refusal.code == "unauthenticated":
                log.info(json.dumps({"http": scope["path"][:200], "status": "UNAUTHENTICATED",
                                     "peer": peer(scope)}))
            await refusal.send(send, kind, lingering(scope, receive))
            return
        self._in_progress += 1
        try:
            await route(scope, receive, send)
        finally:
            self._in_progress -= 1

    def _route(self, scope: Scope) -> tuple[App, Refusal | None]:
        path, method, routes = scope["path"], scope["method"], self._routes
        if path.startswith(routes.rpc_prefix):
            if path not in routes.rpc_paths:
                return routes.rpcs, Refusal(404, "not_found", (
                    f"{routes.rpc_prefix[1:-1]} has no method {path[len(routes.rpc_prefix):]!r}"))
            return routes.rpcs, self._body_route(scope, method, RPC_TYPES,
                                                 self._rules.max_rpc_bytes)
        if OTHER_RPC.match(path):
            return routes.rpcs, Refusal(404, "not_found", (
                f"no service {path.split('/')[1]!r} here: this port serves "
                f"{routes.rpc_prefix[1:-1]}"))
        if path.startswith("/play/"):
            if path[len("/play/"):] not in routes.play_actions:
                return routes.play, Refusal(404, "not_found", (
                    f"no such table action: {path!r} ({', '.join(sorted(routes.play_actions))})"))
            return routes.play, self._body_route(scope, method, frozenset({"application/json"}),
                                                 self._rules.max_play_bytes)
        if method not in ("GET", "HEAD"):
            return routes.files, Refusal(405, "invalid_argument", (
                f"{path!r} is a page file: GET it ({method} is for /play/ and the RPCs)"))
        return routes.files, _too_large(scope, 0)

    def _body_route(self, scope: Scope, method: str, kinds: frozenset[str],
                    max_bytes: int) -> Refusal | None:
        if method != "POST":  # a listed origin's CORS preflight never reaches here
            return Refusal(405, "invalid_argument", f"{scope['path']!r} takes POST, not {method}")
        kind = content_type(scope)
        if kind not in kinds:
            hint = (" (gRPC needs HTTP/2: call the gRPC port)" if kind.startswith(
                "application/grpc") and kind not in RPC_TYPES else "")
            return Refusal(415, "invalid_argument", (
                f"content-type {kind or 'none'!r} is not taken here{hint}; send one of "
                f"{', '.join(sorted(kinds))}"))
        expected = self._rules.expected_authorization
        if expected is not None and not token_matches(header(scope, b"authorization"),
                                                      expected):
            return Refusal(401, "unauthenticated", REFUSAL)
        return _too_large(scope, max_bytes)


def _too_large(scope: Scope, max_bytes: int) -> Refusal | None:
    """413 when the request declares a body over `max_bytes` (one sent without a length is
    cut off where it is read)."""
    declared = header(scope, b"content-length")
    if declared.isdigit() and int(declared) > max_bytes:
        return Refusal(413, "resource_exhausted", (
            f"the body has {declared} bytes; this route takes at most {max_bytes}"))
    return None
