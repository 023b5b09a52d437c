"""The HTTP port's connections, bounded: a time limit for a request's headers and for its body,
and a cap on open connections, so that idle or slow clients cannot hold the process's
descriptors (uvicorn alone waits for a first request forever).

`guarded_protocol(limits)` is uvicorn's h11 protocol with three additions:
- from its opening, or from its last answer, a connection has `header_s` to send a whole
  request head, then `body_s` for the body; a late one is answered 408 (or, mid-body, closed);
- at the cap, a new connection closes the open one that has waited longest without a request
  being worked on (idle, or still sending), or, when every connection's request is being
  worked on, is answered 503 and closed at once;
- uvicorn's keep-alive timer still closes a connection idle after an answer;
- `accept_backlog(limits)` keeps a burst of connections from taking the descriptors held in
  reserve before the cap can close them.
`QuietAcceptErrors` logs the loop's accept failures (out of descriptors) once per interval.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("advisor.http")

WAITING, RECEIVING, WORKING = "waiting", "receiving", "working"
"""A connection's phase: no request head yet (or idle after an answer), a body coming in, a
whole request being worked on."""
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
           b"connection: close\r\ncontent-length: %d\r\n\r\n%s")
TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
           b"connection: close\r\ncontent-length: %d\r\n\r\n%s")


@dataclass(frozen=True)
class ConnectionLimits:
    """How long a request may take to arrive, and how many connections may be open."""

    header_s: float
    body_s: float
    max_connections: int


def accept_backlog(limits: ConnectionLimits) -> int:
    """The listening socket's backlog: asyncio accepts up to this many connections each time
    the socket wakes it, before any of them reaches the cap, so a quarter of the cap bounds a
    burst (the default 2,048 let one burst run a 256-descriptor process out of descriptors)."""
    return max(8, min(128, limits.max_connections // 4))


def _answer(template: bytes, code: str, message: str) -> bytes:
    body = json.dumps({"code": code, "message": message}).encode()
    return template % (len(body), body)


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with request time limits and the connection cap (`limits`)."""

    limits: ConnectionLimits

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.phase = WAITING
        self.since = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections and not self._make_room():
            limit = self.limits.max_connections
            log.warning(json.dumps({"event": "connection refused", "status": 503,
                                    "peer": self.client and self.client[0],
                                    "open_connections": limit}))
            transport.write(_answer(REFUSAL, "unavailable",
                                    f"the HTTP port holds its limit of {limit} connections"))
            transport.close()
            return
        self._enter(WAITING)

    def _make_room(self) -> bool:
        """Close the connection that has waited longest without a request being worked on."""
        waiting = [c for c in self.connections
                   if c is not self and isinstance(c, GuardedProtocol) and c.phase != WORKING
                   and not c.transport.is_closing()]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.since)
        oldest.transport.close()
        self.connections.discard(oldest)
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def _follow(self) -> None:
        """Arm the timer of the phase h11's state of the client's side says we are in."""
        state = self.conn.their_state
        phase = RECEIVING if state is h11.SEND_BODY else WAITING if state is h11.IDLE else WORKING
        if phase != self.phase:
            self._enter(phase)

    def _enter(self, phase: str) -> None:
        self._cancel()
        self.phase, self.since = phase, time.monotonic()
        if self.transport.is_closing():
            return
        if phase == WAITING:
            self._timer = self.loop.call_later(self.limits.header_s, self._late, phase)
        elif phase == RECEIVING:
            self._timer = self.loop.call_later(self.limits.body_s, self._late, phase)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self, phase: str) -> None:
        """Too slow: a missing request head is answered 408; a body cut off mid-way (the
        application sees the client leave)."""
        self._timer = None
        if self.transport.is_closing():
            return
        if phase == WAITING and self.conn.our_state is h11.IDLE:
            self.transport.write(_answer(TIMEOUT, "deadline_exceeded", (
                f"no whole request within {self.limits.header_s:g} s")))
        log.info(json.dumps({"event": "connection timed out", "phase": phase,
                             "peer": self.client and self.client[0]}))
        self.transport.close()


def guarded_protocol(limits: ConnectionLimits) -> type[GuardedProtocol]:
    """The protocol class for uvicorn's `http=` setting, bound to `limits`."""
    return type("BoundGuardedProtocol", (GuardedProtocol,), {"limits": limits})


class QuietAcceptErrors:
    """An event loop exception handler: the first error of a kind is logged, then at most one
    line per `interval_s` with how many were left out (an accept loop out of descriptors
    retries every second, for as long as the shortage lasts)."""

    def __init__(self, interval_s: float = 10.0):
        self._interval = interval_s
        self._last: dict[str, float] = {}
        self._left_out: dict[str, int] = {}

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", "event loop error"))
        now = time.monotonic()
        if now - self._last.get(message, -self._interval) < self._interval:
            self._left_out[message] = self._left_out.get(message, 0) + 1
            return
        self._last[message] = now
        error = context.get("exception")
        log.error(json.dumps({"event": message, "error": repr(error) if error else None,
                              "left_out": self._left_out.pop(message, 0)}))
