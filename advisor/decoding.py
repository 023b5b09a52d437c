"""Request bytes that do not parse: INVALID_ARGUMENT saying what failed, and one log line.

gRPC answers INTERNAL (and logs a traceback) when a request's deserializer raises. A malformed
message is the client's fault, so `DecodeGuard` wraps every handler's deserializer: a request
that does not parse reaches the handler as `Undecodable`, which is refused with
INVALID_ARGUMENT before any work is done.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import grpc

log = logging.getLogger("advisor.rpc")


class Undecodable:
    """Stands for a request whose bytes are not a valid message; `reason` says why."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason


def _message_name(decode: Callable[[bytes], Any]) -> str:
    owner = getattr(decode, "__self__", None)
    descriptor = getattr(owner, "DESCRIPTOR", None)
    return str(getattr(descriptor, "full_name", "request"))


def _guarded(handler: Any, method: str) -> Any:
    decode = handler.request_deserializer
    expected = _message_name(decode)

    def safe_decode(data: bytes) -> Any:
        try:
            return decode(data)
        except Exception as exc:  # any parse failure is the request's fault
            return Undecodable(f"{type(exc).__name__}: {exc}"[:200])

    behaviour = handler.unary_stream if handler.response_streaming else handler.unary_unary

    def checked(request: Any, context: grpc.ServicerContext) -> Any:
        if isinstance(request, Undecodable):
            message = f"the request is not a valid {expected} message ({request.reason})"
            log.info(json.dumps({"method": method, "status": "INVALID_ARGUMENT",
                                 "error": message}, separators=(",", ":")))
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, message)
        return behaviour(request, context)

    make = (grpc.unary_stream_rpc_method_handler if handler.response_streaming
            else grpc.unary_unary_rpc_method_handler)
    return make(checked, safe_decode, handler.response_serializer)


class DecodeGuard(grpc.ServerInterceptor):
    """Wraps the deserializer of every unary-request handler (see the module docstring)."""

    def intercept_service(
        self, continuation: Callable[[Any], Any], details: grpc.HandlerCallDetails
    ) -> Any:
        handler = continuation(details)
        if handler is None or handler.request_streaming or handler.request_deserializer is None:
            return handler
        return _guarded(handler, details.method)
