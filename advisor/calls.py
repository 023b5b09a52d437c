"""What every Advisor RPC goes through: admission, error mapping and one JSON log line.

Handlers raise `RequestError` / `PreconditionError` and the wrapper turns them into statuses;
anything else becomes INTERNAL (logged with its traceback), so no request can take the server
down.
"""

from __future__ import annotations

import functools
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

import grpc

from advisor.errors import (
    PreconditionError,
    RequestError,
    abort,
    bad_request_status,
    precondition_status,
)
from advisor.pool import PoolBusy, WorkerCrashed

log = logging.getLogger("advisor.rpc")

Request = TypeVar("Request")
Response = TypeVar("Response")


@dataclass
class CallRecord:
    """The log line of one call; handlers fill in what they learn."""

    method: str
    game: str = ""
    budget: dict[str, Any] = field(default_factory=dict)
    iterations: int = 0
    elapsed_ms: float = 0.0
    status: str = "OK"
    error: str = ""
    peer: str = ""


class Admission:
    """At most `limit` calls in flight; the rest are shed."""

    def __init__(self, limit: int):
        self.limit = limit
        self._active = 0
        self._lock = threading.Lock()

    def enter(self) -> bool:
        """Take a place if one is free."""
        with self._lock:
            if self._active >= self.limit:
                return False
            self._active += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self._active -= 1


class _Aborted(Exception):
    """Carries the status chosen for a failing call to the logging `finally`."""

    def __init__(self, code: grpc.StatusCode, status: grpc.Status | None, message: str):
        super().__init__(message)
        self.code = code
        self.status = status


def _classify(exc: BaseException) -> _Aborted:
    if isinstance(exc, RequestError):
        return _Aborted(grpc.StatusCode.INVALID_ARGUMENT, bad_request_status(exc), str(exc))
    if isinstance(exc, PreconditionError):
        return _Aborted(grpc.StatusCode.FAILED_PRECONDITION, precondition_status(exc), str(exc))
    if isinstance(exc, PoolBusy):
        return _Aborted(grpc.StatusCode.RESOURCE_EXHAUSTED, None, str(exc))
    if isinstance(exc, WorkerCrashed):
        return _Aborted(grpc.StatusCode.UNAVAILABLE, None, str(exc))
    log.exception("internal error")
    return _Aborted(grpc.StatusCode.INTERNAL, None, f"internal error: {type(exc).__name__}")


def _fail(context: grpc.ServicerContext, aborted: _Aborted) -> None:
    if aborted.status is not None:
        abort(context, aborted.status)
    context.abort(aborted.code, str(aborted))


def _begin(admission: Admission, record: CallRecord, context: grpc.ServicerContext) -> None:
    record.peer = context.peer()
    if not admission.enter():
        raise _Aborted(
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            None,
            f"the server is at its limit of {admission.limit} concurrent calls",
        )


def _end(record: CallRecord, context: grpc.ServicerContext, start: float) -> None:
    record.elapsed_ms = round((time.perf_counter() - start) * 1000, 3)
    if record.status == "OK" and not context.is_active():
        record.status = "CANCELLED"
    log.info(json.dumps(asdict(record), separators=(",", ":")))


@contextmanager
def _call(servicer: Any, name: str, context: grpc.ServicerContext) -> Iterator[CallRecord]:
    """Admit, run the body, map its exception to a status, log one line."""
    record = CallRecord(name)
    start = time.perf_counter()
    admitted = False
    metrics = servicer.metrics
    try:
        _begin(servicer.admission, record, context)
        admitted = True
        metrics.call_started(name)
        yield record
    except Exception as exc:
        aborted = exc if isinstance(exc, _Aborted) else _classify(exc)
        record.status, record.error = aborted.code.name, str(aborted)[:300]
        _fail(context, aborted)
        raise
    finally:
        if admitted:
            servicer.admission.leave()
        _end(record, context, start)
        if admitted:
            metrics.call_finished(name, record.status, record.elapsed_ms / 1000,
                                  record.iterations)
        else:
            metrics.call_refused(name)


def unary(
    method: Callable[[Any, Request, grpc.ServicerContext, CallRecord], Response],
) -> Callable[[Any, Request, grpc.ServicerContext], Response]:
    """Wrap a unary handler `(self, request, context, record) -> response` (the servicer has
    an `admission` and `metrics`)."""

    @functools.wraps(method)
    def handler(servicer: Any, request: Request, context: grpc.ServicerContext) -> Response:
        with _call(servicer, method.__name__, context) as record:
            return method(servicer, request, context, record)

    return handler


def streaming(
    method: Callable[[Any, Request, grpc.ServicerContext, CallRecord], Iterator[Response]],
) -> Callable[[Any, Request, grpc.ServicerContext], Iterator[Response]]:
    """Wrap a server-streaming handler `(self, request, context, record) -> iterator`."""

    @functools.wraps(method)
    def handler(
        servicer: Any, request: Request, context: grpc.ServicerContext
    ) -> Iterator[Response]:
        with _call(servicer, method.__name__, context) as record:
            yield from method(servicer, request, context, record)

    return handler
