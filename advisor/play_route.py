"""The page's tables over HTTP (`POST /play/new`, `/play/move`, `/play/view`): a bounded body,
parsed strictly, worked on by threads of the tables' own (so a flood of games cannot hold the
threads the RPCs answer on), with a bounded queue, and stopped when its client leaves.

The answers are JSON: the view (advisor.play), or an error `{"code", "message"}` with its HTTP
status (400 a bad field, 404 no such table, 409 a stale or concurrent move, 413 too large, 429
too many waiting, 503 not ready).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from advisor.errors import RequestError
from advisor.http_gate import Receive, Refusal, Scope, Send, lingering, peer, respond
from advisor.play import Abandoned, Errand, Refused, Tables, table_busy

log = logging.getLogger("advisor.http")

MAX_BODY_BYTES = 64 * 1024
"""A table request is a few hundred bytes: a new game's settings, or a move."""
MAX_DEPTH = 16
MAX_DIGITS = 19
"""The longest whole number taken (a 64-bit seed has 19 digits)."""


class BodyTooLarge(Exception):
    """The body grew past the route's limit while it was read."""


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"the number {text[:24]}... has more than {MAX_DIGITS} digits")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:24]} is out of range")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object: numbers bounded, nesting at most MAX_DEPTH."""
    try:
        value = json.loads(body, parse_int=_whole_number, parse_float=_finite,
                           parse_constant=_no_constant)
    except RecursionError:
        raise RequestError([("", f"the JSON nests deeper than {MAX_DEPTH} levels")]) from None
    except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise RequestError([("", f"the body is not JSON: {exc}")]) from None
    if not isinstance(value, dict):
        raise RequestError([("", "send a JSON object")])
    if _depth(value) > MAX_DEPTH:
        raise RequestError([("", f"the JSON nests deeper than {MAX_DEPTH} levels")])
    return value


def _depth(value: Any) -> int:
    """How deep lists and objects nest in `value` (1: a flat object)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        inner = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in inner if isinstance(child, (dict, list)))
    return deepest


async def read_body(receive: Receive, max_bytes: int) -> bytes:
    """The whole body, or BodyTooLarge as soon as it passes `max_bytes` (the rest unread);
    Abandoned if the client leaves first."""
    parts, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise Abandoned
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > max_bytes:
            raise BodyTooLarge
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts)


async def _client_left(receive: Receive) -> None:
    """Returns when the client disconnects (the body has been read: nothing else comes)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class PlayRoute:
    """The ASGI app of `/play/<action>` over `tables`, on `workers` threads of its own."""

    def __init__(self, tables: Tables, workers: int, max_bytes: int = MAX_BODY_BYTES):
        self.tables = tables
        self._actions: dict[str, Callable[[dict[str, Any], Errand], dict[str, Any]]] = {
            "new": tables.open, "move": tables.move, "view": tables.view}
        self.actions = frozenset(self._actions)
        """The route's actions: `/play/new`, `/play/move`, `/play/view`."""
        self._executor = ThreadPoolExecutor(workers, "play")
        self._most_in_hand = 4 * workers
        self._in_hand = 0
        self._tables_in_hand: set[str] = set()
        self._max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        action = self._actions[scope["path"].removeprefix("/play/")]
        try:
            body = parse_object(await read_body(receive, self._max_bytes))
            answer = await self._work(action, body, Errand(peer(scope)), receive)
        except Abandoned:
            return  # nobody is left to answer
        except BodyTooLarge:
            await Refusal(413, "resource_exhausted", (
                f"the body passed {self._max_bytes} bytes, this route's limit")).send(
                send, linger=lingering(scope, receive))
        except RequestError as error:
            await Refusal(400, "invalid_argument", str(error)).send(send)
        except Refused as refused:
            await Refusal(refused.status, refused.code, str(refused)).send(send)
        else:
            await respond(send, 200, "application/json", json.dumps(answer).encode())

    async def _work(self, action: Callable[[dict[str, Any], Errand], dict[str, Any]],
                    body: dict[str, Any], errand: Errand, receive: Receive) -> dict[str, Any]:
        """Run `action` on a table thread; if the client leaves first, stop it. A request for
        a table that another has in hand, waiting or working, is refused at once."""
        if self._in_hand >= self._most_in_hand:
            raise Refused(429, "resource_exhausted", (
                f"{self._in_hand} table requests are in hand, this server's limit; retry"))
        table = body.get("table")
        if isinstance(table, str):
            if table in self._tables_in_hand:
                raise table_busy()
            self._tables_in_hand.add(table)
        self._in_hand += 1
        work: asyncio.Future[Any] = asyncio.get_running_loop().run_in_executor(
            self._executor, action, body, errand)
        work.add_done_callback(lambda _: self._tables_in_hand.discard(table))
        work.add_done_callback(self._done)
        gone: asyncio.Future[Any] = asyncio.ensure_future(_client_left(receive))
        try:
            await asyncio.wait([work, gone], return_when=asyncio.FIRST_COMPLETED)
        finally:  # also when this request's task is cancelled (the server shuts down)
            gone.cancel()
            if not work.done():
                errand.leave()  # its search stops; the table is released when it returns
        if work.done():
            return work.result()
        raise Abandoned

    def _done(self, work: asyncio.Future[Any]) -> None:
        self._in_hand -= 1
        if not work.cancelled() and isinstance(work.exception(), Abandoned):
            log.info(json.dumps({"event": "table request abandoned by its client"}))

    def close(self) -> None:
        """Stop taking work; threads in progress finish theirs."""
        self._executor.shutdown(wait=False, cancel_futures=True)
