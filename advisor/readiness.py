"""Readiness: until the search workers are warm, Advisor calls get an immediate UNAVAILABLE
that says what the server is doing and when to retry (health and reflection answer as usual)."""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import grpc

OPEN_PREFIXES = ("/grpc.health.v1.Health/", "/grpc.reflection.")
"""Methods answered at any time: health checks and reflection."""


class Readiness:
    """What the server is doing until `ready` is set (`doing` in a few words, `detail` in a
    sentence), and about how long it will take."""

    def __init__(self, doing: str, estimate_s: float, detail: str):
        self.ready = threading.Event()
        self.doing = doing
        self.detail = detail
        self.estimate_s = estimate_s
        self._started = time.monotonic()

    def remaining_s(self) -> int:
        """About how many seconds are left (at least 1 while not ready)."""
        left = self.estimate_s - (time.monotonic() - self._started)
        return max(1, math.ceil(left))

    def message(self) -> str:
        """The answer to a call made before readiness."""
        return (f"the advisor is starting: {self.doing}, ready in about {self.remaining_s()} s; "
                "retry")


class StartingGate(grpc.ServerInterceptor):
    """Refuses every Advisor call with UNAVAILABLE until `readiness.ready` is set."""

    def __init__(self, readiness: Readiness):
        self._readiness = readiness

    def intercept_service(
        self, continuation: Callable[[Any], Any], details: grpc.HandlerCallDetails
    ) -> Any:
        if self._readiness.ready.is_set() or details.method.startswith(OPEN_PREFIXES):
            return continuation(details)
        return refusal(continuation(details), grpc.StatusCode.UNAVAILABLE,
                       self._readiness.message)


def refusal(handler: Any, code: grpc.StatusCode, message: Callable[[], str]) -> Any:
    """A handler of the same shape as `handler` that answers `code` with `message()`."""

    def deny(request: Any, context: grpc.ServicerContext) -> Any:
        context.abort(code, message())

    if handler is None:
        return None
    if handler.response_streaming:
        return grpc.unary_stream_rpc_method_handler(
            deny, handler.request_deserializer, handler.response_serializer
        )
    return grpc.unary_unary_rpc_method_handler(
        deny, handler.request_deserializer, handler.response_serializer
    )


def ready_port(event_log: Iterable[str]) -> int:
    """The port of a server started as a subprocess, read from its JSON event log (its stderr)
    up to the event that says it is ready."""
    for line in event_log:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and event.get("event") == "ready":
            return int(event["port"])
    raise RuntimeError("the server stopped before it was ready")
