"""The Advisor RPCs over HTTP/1.1 for browsers and curl: Connect (JSON and binary) and gRPC-Web.

connectrpc's generated ASGI application (`contract.v1.advisor_connect`, from `make proto`)
decodes requests and encodes answers for both protocols; uvicorn serves it on its own thread.
Each RPC goes to `Bridge`, which calls the very servicer the gRPC port uses (same validation,
limits, admission, auth token, metrics and search pool) on a thread of its own, with an
`HttpContext` in place of `grpc.ServicerContext`. A status the servicer ends a call with becomes
a `ConnectError` with the same code, message and details (google.rpc.BadRequest, ErrorInfo).
The bridge is built from the service descriptor, so a new RPC needs no code here.

Every other path is the play page (`advisor/static/`, at `/`) and its tables (`advisor.play`:
`POST /play/new`, `POST /play/move`), which go through the same bridge.
"""

from __future__ import annotations

import asyncio
import json
import logging
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
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from advisor.config import ServerConfig
from advisor.errors import RequestError
from advisor.play import Tables
from advisor.readiness import Readiness
from contract.v1.advisor_connect import AdvisorASGIApplication

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
                 executor: ThreadPoolExecutor, token: str | None, readiness: Readiness):
        self._servicer = servicer
        self.executor = executor
        self._readiness = readiness
        self._expected = None if token is None else f"Bearer {token}"
        for method in service.methods:
            handler = getattr(servicer, method.name)
            if method.server_streaming:
                setattr(self, _snake(method.name), self._streaming(method.full_name, handler))
            else:
                setattr(self, _snake(method.name), self._unary(method.full_name, handler))

    def admit(self, method: str, authorization: str) -> None:
        """The gRPC port's gates, on an HTTP call: UNAVAILABLE until the workers are warm
        (advisor.readiness.StartingGate), then the bearer check (advisor.server.BearerAuth)."""
        from advisor.server import BearerAuth

        if not self._readiness.ready.is_set():
            raise Aborted(grpc.StatusCode.UNAVAILABLE, self._readiness.message())
        if self._expected is None:
            return
        if not BearerAuth.matches(authorization, self._expected):
            log.info(json.dumps({"method": f"/{method}", "status": "UNAUTHENTICATED"}))
            raise Aborted(grpc.StatusCode.UNAUTHENTICATED, BearerAuth.REFUSAL)

    def _admit(self, method: str, ctx: RequestContext[Any, Any]) -> None:
        try:
            self.admit(method, ctx.request_headers.get("authorization", ""))
        except Aborted as aborted:
            raise aborted.connect_error() from None

    def call(self, name: str, request: Message, peer: str) -> Any:
        """The servicer's RPC `name` on this thread (the play page's tables); `Aborted` if it
        ends the call with a status."""
        context = HttpContext(peer, None)
        try:
            return getattr(self._servicer, name)(request, context)
        finally:
            context.end()

    def _unary(self, method: str, handler: Callable[[Any, Any], Any]) -> Callable[..., Any]:
        async def call(request: Any, ctx: RequestContext[Any, Any]) -> Any:
            self._admit(method, ctx)
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
            self._admit(method, ctx)
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


def _error_json(code: grpc.StatusCode, message: str) -> JSONResponse:
    """A failed play-page call, as Connect writes an error: {"code", "message"}."""
    status = HTTP_STATUS.get(code, 500)
    return JSONResponse({"code": code.name.lower(), "message": message}, status_code=status)


def play_page(bridge: Bridge) -> Starlette:
    """The page's files at `/` and its tables' calls (`POST /play/new`, `POST /play/move`)."""

    async def client_call(request: Request) -> JSONResponse:
        tables_method = {"new": tables.open, "move": tables.move}[request.path_params["action"]]
        try:
            bridge.admit(request.url.path, request.headers.get("authorization", ""))
            body = await request.json()
            if not isinstance(body, dict):
                raise RequestError([("", "send a JSON object")])
            answer = await asyncio.get_running_loop().run_in_executor(
                bridge.executor, tables_method, body)
        except Aborted as aborted:
            return _error_json(aborted.code, aborted.message)
        except RequestError as error:
            return _error_json(grpc.StatusCode.INVALID_ARGUMENT, str(error))
        except ValueError:
            return _error_json(grpc.StatusCode.INVALID_ARGUMENT, "the body is not JSON")
        return JSONResponse(answer)

    tables = Tables(lambda name, message: bridge.call(name, message, "http:play"))
    return Starlette(routes=[
        Route("/play/{action:str}", client_call, methods=["POST"]),
        Mount("/", StaticFiles(directory=PAGE_FILES, html=True)),
    ])


class Routes:
    """The service's RPCs (`/advisor.v1.Advisor/...`) to `rpcs`, every other path to `page`."""

    def __init__(self, rpcs: Any, page: Any, service: descriptor.ServiceDescriptor):
        self._rpcs, self._page, self._prefix = rpcs, page, f"/{service.full_name}/"

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        rpc = scope["type"] == "http" and scope["path"].startswith(self._prefix)
        await (self._rpcs if rpc else self._page)(scope, receive, send)


def application(servicer: Any, service: descriptor.ServiceDescriptor, config: ServerConfig,
                executor: ThreadPoolExecutor, readiness: Readiness) -> Any:
    """The ASGI application: the generated Connect/gRPC-Web app and the play page, behind
    CORS if asked."""
    bridge = Bridge(servicer, service, executor, config.auth_token, readiness)
    # the bridge has the generated protocol's methods, made from the descriptor at run time
    rpcs = AdvisorASGIApplication(cast(Any, bridge), read_max_bytes=config.max_message_bytes,
                                  codecs=[google_protobuf_binary_codec(), CompactJson()])
    app: Any = Routes(rpcs, play_page(bridge), service)
    origins = [o.strip() for o in (config.cors_origins or "").split(",") if o.strip()]
    if origins:
        app = CORSMiddleware(app, allow_origins=origins, allow_methods=["GET", "POST"],
                             allow_headers=list(REQUEST_HEADERS),
                             expose_headers=list(RESPONSE_HEADERS), max_age=3600)
    return app


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port), alone (no port sharing); port -1: any free one.

    Its protocol is named (IPPROTO_TCP, not 0): asyncio turns Nagle's algorithm off
    (TCP_NODELAY) only on accepted sockets that say they are TCP, and with it on, an answer
    written in two parts waited for the client's delayed acknowledgement, about 40 ms."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
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
        self._server = uvicorn.Server(uvicorn.Config(
            application(servicer, service, config, self._executor, readiness),
            lifespan="off", log_level="warning", access_log=False,
            timeout_graceful_shutdown=max(1, round(config.grace_s)),
        ))
        self._thread = threading.Thread(target=self._server.run, kwargs={
            "sockets": [self._socket]}, name="http", daemon=True)

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
        self._socket.close()
