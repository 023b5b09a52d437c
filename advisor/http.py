"""The Advisor RPCs over HTTP/1.1 for browsers and curl: Connect (JSON and binary) and gRPC-Web.

connectrpc's generated ASGI application (`contract.v1.advisor_connect`, from `make proto`)
decodes requests and encodes answers for both protocols; uvicorn serves it on its own thread.
Each RPC goes to `Bridge`, which calls the very servicer the gRPC port uses (same validation,
limits, admission, metrics and search pool) on a thread of its own, with an `HttpContext` in
place of `grpc.ServicerContext`. A status the servicer ends a call with becomes a
`ConnectError` with the same code, message and details (google.rpc.BadRequest, ErrorInfo).
The bridge is built from the service descriptor, so a new RPC needs no code here.

Every other path is the play page (`advisor/static/`, at `/`) and its tables (`/play/...`,
advisor.play_route), whose calls go through the same bridge on threads of their own.
Before any of it, each request meets advisor.http_gate (the Host, the Origin, the route's
method, content type, token and size, one log line), and each connection
advisor.http_connections (time limits, a cap).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import socket
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Generator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, NoReturn, cast

import grpc
import uvicorn
from connectrpc.code import Code
from connectrpc.compat import google_protobuf_binary_codec
from connectrpc.errors import ConnectError
from connectrpc.request import RequestContext
from google.protobuf import descriptor, json_format
from google.protobuf.message import Message
from google.rpc import status_pb2
from protobuf.wkt import Any as WireAny
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from advisor.config import ServerConfig
from advisor.http_connections import (
    ConnectionLimits,
    QuietAcceptErrors,
    accept_backlog,
    guarded_protocol,
)
from advisor.http_gate import Checkpoint, CheckpointRules, Entrance, EntranceRules, Routes
from advisor.play import Abandoned, Errand, Refused, TableBounds, Tables
from advisor.play_route import MAX_BODY_BYTES, PlayRoute
from advisor.play_store import GameStore
from advisor.readiness import Readiness
from contract.v1.advisor_connect import AdvisorASGIApplication
from games.challengers.texts import EFFECTS

log = logging.getLogger("advisor.http")

STATUS_DETAILS_KEY = "grpc-status-details-bin"
REQUEST_HEADERS = (
    "authorization", "content-type", "connect-protocol-version", "connect-timeout-ms",
    "grpc-timeout", "x-grpc-web", "x-user-agent",
)
"""What a browser page may send (CORS): the Connect and gRPC-Web headers and the token."""
RESPONSE_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin")
"""What a page may read of an answer (CORS): gRPC-Web's status when it comes in the headers."""
PAGE_FILES = Path(__file__).parent / "static"
"""The play page: plain HTML, CSS and JavaScript modules, no build step."""
HTTP_STATUS = {
    grpc.StatusCode.INVALID_ARGUMENT: 400, grpc.StatusCode.FAILED_PRECONDITION: 400,
    grpc.StatusCode.UNAUTHENTICATED: 401, grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
    grpc.StatusCode.CANCELLED: 499,
    grpc.StatusCode.UNAVAILABLE: 503, grpc.StatusCode.DEADLINE_EXCEEDED: 504,
}
"""Connect's HTTP status for a code (the play page's errors); any other is 500."""


class HttpUnavailable(OSError):
    """The HTTP port cannot be bound."""


class Aborted(Exception):
    """How the servicer ended an HTTP call: raised by `HttpContext.abort*`."""

    def __init__(self, code: grpc.StatusCode, message: str, details: list[Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or []

    def connect_error(self) -> ConnectError:
        """The same status in Connect's terms (gRPC's CANCELLED is Connect's CANCELED)."""
        name = "CANCELED" if self.code is grpc.StatusCode.CANCELLED else self.code.name
        wire = [WireAny(type_url=d.type_url, value=d.value) for d in self.details]
        return ConnectError(Code[name], self.message, wire)


class CompactJson:
    """Connect's JSON codec, faster than connectrpc's: no indentation (the same JSON in half
    the time), and the last few answers' JSON remembered by their binary form, so an answer
    asked again (GetInfo's 28 kB of catalogues, the same every call: about 20 ms to write on
    a loaded machine) costs a serialization (about 0.03 ms) and a look-up."""

    def __init__(self, remembered: int = 16, largest: int = 256 * 1024):
        self._remembered = remembered
        self._largest = largest
        self._written: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def name(self) -> str:
        return "json"

    def encode(self, message: Message) -> bytes:
        binary = message.SerializeToString(deterministic=True)
        key = (message.DESCRIPTOR.full_name, binary)
        with self._lock:
            written = self._written.get(key)
            if written is not None:
                self._written.move_to_end(key)
                return written
        written = json_format.MessageToJson(message, indent=None).encode()
        if len(binary) <= self._largest:
            with self._lock:
                self._written[key] = written
                while len(self._written) > self._remembered:
                    self._written.popitem(last=False)
        return written

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message:
        message = message_class()
        json_format.Parse(bytes(data), message, ignore_unknown_fields=True)
        return message


class HttpContext:
    """What the servicer asks of `grpc.ServicerContext`, for one HTTP call."""

    def __init__(self, peer: str, timeout_ms: float | None):
        self._peer = peer
        self._timeout_ms = timeout_ms
        self._callbacks: list[Callable[[], None]] = []
        self._active = True
        self._lock = threading.Lock()

    @classmethod
    def of(cls, ctx: RequestContext[Any, Any]) -> HttpContext:
        """The context of a Connect or gRPC-Web call."""
        return cls(f"http:{ctx.client_address or 'unknown'}", ctx.timeout_ms)

    def peer(self) -> str:
        return self._peer

    def time_remaining(self) -> float | None:
        remaining_ms = self._timeout_ms
        return None if remaining_ms is None else max(0.0, remaining_ms / 1000)

    def is_active(self) -> bool:
        return self._active

    def add_callback(self, callback: Callable[[], None]) -> bool:
        with self._lock:
            if self._active:
                self._callbacks.append(callback)
                return True
        callback()
        return True

    def abort(self, code: grpc.StatusCode, details: str) -> NoReturn:
        raise Aborted(code, details)

    def abort_with_status(self, status: grpc.Status) -> NoReturn:
        rich = status_pb2.Status()
        for key, value in status.trailing_metadata or ():
            if key == STATUS_DETAILS_KEY:
                rich.ParseFromString(value)
        raise Aborted(status.code, status.details, list(rich.details))

    def end(self) -> None:
        """The call is over (answered, cancelled or timed out): run the callbacks once."""
        with self._lock:
            self._active, callbacks, self._callbacks = False, self._callbacks, []
        for callback in callbacks:
            callback()


def _snake(name: str) -> str:
    """The generated application's name of an RPC: `GetInfo` -> `get_info`."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Bridge:
    """One attribute per RPC of `service` (`get_info`, `analyze`, ...), each calling
    `servicer.<Rpc>(request, HttpContext)` on a thread of `executor`."""

    def __init__(self, servicer: Any, service: descriptor.ServiceDescriptor,
                 executor: ThreadPoolExecutor, readiness: Readiness):
        self._servicer = servicer
        self.executor = executor
        self._readiness = readiness
        for method in service.methods:
            handler = getattr(servicer, method.name)
            if method.server_streaming:
                setattr(self, _snake(method.name), self._streaming(method.full_name, handler))
            else:
                setattr(self, _snake(method.name), self._unary(method.full_name, handler))

    def _admit(self) -> None:
        """The gRPC port's starting gate on an HTTP call: UNAVAILABLE until the workers are
        warm (advisor.readiness.StartingGate); the token was checked before the body was read
        (advisor.http_gate)."""
        if not self._readiness.ready.is_set():
            raise ConnectError(Code.UNAVAILABLE, self._readiness.message())

    def call(self, name: str, request: Message, errand: Errand) -> Any:
        """The servicer's RPC `name` on this thread, for a table request (advisor.play):
        `Refused` if it ends the call with a status, `Abandoned` once the errand's client has
        left (a search in progress is stopped)."""
        if not self._readiness.ready.is_set():
            raise Refused(503, "unavailable", self._readiness.message())
        context = HttpContext(f"http:{errand.client} play", None)
        try:
            with errand.running(context.end):
                return getattr(self._servicer, name)(request, context)
        except Aborted as aborted:
            if errand.left:
                raise Abandoned from None
            raise Refused(HTTP_STATUS.get(aborted.code, 500), aborted.code.name.lower(),
                          aborted.message) from None
        finally:
            context.end()

    def _unary(self, method: str, handler: Callable[[Any, Any], Any]) -> Callable[..., Any]:
        async def call(request: Any, ctx: RequestContext[Any, Any]) -> Any:
            self._admit()
            context = HttpContext.of(ctx)
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self.executor, handler, request, context)
            except Aborted as aborted:
                raise aborted.connect_error() from None
            finally:
                context.end()

        return call

    def _streaming(self, method: str, handler: Callable[[Any, Any], Generator[Any, None, None]]
                   ) -> Callable[..., AsyncIterator[Any]]:
        done = object()

        async def call(request: Any, ctx: RequestContext[Any, Any]) -> AsyncIterator[Any]:
            self._admit()
            context = HttpContext.of(ctx)
            answers = handler(request, context)
            step: Future[Any] | None = None
            try:
                while True:
                    step = self.executor.submit(next, answers, done)
                    answer = await asyncio.wrap_future(step)
                    if answer is done:
                        return
                    yield answer
            except Aborted as aborted:
                raise aborted.connect_error() from None
            finally:
                context.end()  # stops the search: a step still waiting for it ends soon
                self.executor.submit(_close_after, step, answers)

        return call


def _close_after(step: Future[Any] | None, answers: Generator[Any, None, None]) -> None:
    """Close a stream's generator (its servicer wrapper logs the call) once its step is over."""
    if step is not None:
        wait([step])
    answers.close()


async def _json_http_error(request: Request, error: Exception) -> JSONResponse:
    """A page file's error (404, 405) as every other refusal is written: {"code", "message"}."""
    status = error.status_code if isinstance(error, HTTPException) else 500
    code = {404: "not_found", 405: "invalid_argument"}.get(status, "internal")
    return JSONResponse({"code": code, "message": f"{request.url.path}: "
                                                 f"{getattr(error, 'detail', 'error')}"},
                        status_code=status)


def _card_effects(request: Request) -> JSONResponse:
    """What each Challengers! card with an effect does, by catalogue id (the page writes it on
    the card; GetInfo's catalogue names only when an effect triggers)."""
    return JSONResponse(EFFECTS)


def page_files() -> Starlette:
    """The play page's files at `/`, and the Challengers! card effects it shows."""
    return Starlette(routes=[Route("/challengers-effects.json", _card_effects),
                             Mount("/", StaticFiles(directory=PAGE_FILES, html=True))],
                     exception_handlers={HTTPException: _json_http_error})


def application(servicer: Any, service: descriptor.ServiceDescriptor, config: ServerConfig,
                executor: ThreadPoolExecutor, readiness: Readiness) -> tuple[Any, PlayRoute]:
    """The ASGI application (the generated Connect/gRPC-Web app, the page's tables and files,
    behind the gate and, if asked, CORS) and its tables' route (to close)."""
    bridge = Bridge(servicer, service, executor, readiness)
    # the bridge has the generated protocol's methods, made from the descriptor at run time
    rpcs = AdvisorASGIApplication(cast(Any, bridge), read_max_bytes=config.max_message_bytes,
                                  codecs=[google_protobuf_binary_codec(), CompactJson()])
    tables = Tables(bridge.call, config.max_iterations, GameStore(config.store_path),
                    TableBounds(config.play_tables_per_client, config.play_tables,
                                config.play_idle_hours * 3600))
    play = PlayRoute(tables, config.play_workers)
    prefix = f"/{service.full_name}/"
    app: Any = Checkpoint(
        Routes(prefix, frozenset(prefix + m.name for m in service.methods), rpcs, play,
               play.actions, page_files()),
        CheckpointRules(None if config.auth_token is None else f"Bearer {config.auth_token}",
                        config.max_message_bytes, MAX_BODY_BYTES, config.http_max_requests))
    origins = config.origins()
    if origins:
        app = CORSMiddleware(app, allow_origins=origins, allow_methods=["GET", "POST"],
                             allow_headers=list(REQUEST_HEADERS),
                             expose_headers=list(RESPONSE_HEADERS), max_age=3600)
    entrance = Entrance(app, EntranceRules(config.names_served(), frozenset(origins),
                                           config.proxies()))
    return entrance, play


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port), alone (no port sharing); port -1: any free one.

    Its protocol is named (IPPROTO_TCP, not 0): asyncio turns Nagle's algorithm off
    (TCP_NODELAY) only on accepted sockets that say they are TCP, and with it on, an answer
    written in two parts waited for the client's delayed acknowledgement, about 40 ms. On POSIX
    the address is reusable (SO_REUSEADDR): a server restarted on its port binds it although
    the last one's closed connections linger in TIME_WAIT (another listener still may not)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    if os.name == "posix":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, max(port, 0)))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise HttpUnavailable(
            f"cannot listen for HTTP on {host}:{port}: {exc.strerror or exc}; choose another "
            "port with --http-port or ADVISOR_HTTP_PORT (0: no HTTP port)"
        ) from None
    return sock


class HttpGateway:
    """The HTTP port of a server: `start()` serves on a thread, `stop(grace)` drains it."""

    def __init__(self, servicer: Any, service: descriptor.ServiceDescriptor,
                 config: ServerConfig, readiness: Readiness):
        self._socket = _bind(config.host, config.http_port)
        self.port: int = self._socket.getsockname()[1]
        self._executor = ThreadPoolExecutor(config.max_concurrent + 8, "http")
        app, self.play = application(servicer, service, config, self._executor, readiness)
        limits = ConnectionLimits(config.http_header_timeout_s, config.http_body_timeout_s,
                                  config.connection_limit)
        self._server = uvicorn.Server(uvicorn.Config(
            app, http=guarded_protocol(limits), backlog=accept_backlog(limits), loop="asyncio",
            lifespan="off", log_level="warning", access_log=False, proxy_headers=False,
            timeout_keep_alive=config.http_keep_alive_s,
            timeout_graceful_shutdown=max(1, round(config.grace_s)),
        ))
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(),), name="http",
                                        daemon=True)

    async def _serve(self) -> None:
        asyncio.get_running_loop().set_exception_handler(QuietAcceptErrors())
        await self._server.serve(sockets=[self._socket])

    def start(self) -> None:
        """Serve (the socket already listens, so calls made now wait for the first loop)."""
        self._thread.start()

    def stop(self, grace: float) -> None:
        """Refuse new connections, let calls in flight end within about `grace`, stop."""
        if self._thread.is_alive():
            self._server.should_exit = True
            self._thread.join(grace + 5)
            self._server.force_exit = True
            self._thread.join(2)
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.play.close()
        self._socket.close()
