"""`Stream`: a server-streaming call that is opened (retried until its first message), read
and stopped; the base of `Analysis` and `GameReview`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc

from clients.client.errors import AdvisorError


class Stream:
    """`start()` begins the call; `retry(attempt)` retries opening it while the server is
    unavailable. Once `cancel()`ed, reading ends quietly."""

    def __init__(self, start: Callable[[], Any], retry: Callable[[Callable[[], Any]], Any]):
        self._start = start
        self._retry = retry
        self._call: Any = None
        self._stopped = False

    def _open(self) -> tuple[Any, Any]:
        """Start the call and read its first message (retried while the server is unavailable)."""

        def attempt() -> tuple[Any, Any]:
            call = self._start()
            self._call = call
            return call, next(call, None)

        opened: tuple[Any, Any] = self._retry(attempt)
        return opened

    def _messages(self) -> Iterator[Any]:
        """The call's messages until it ends or is cancelled; other failures raise
        `AdvisorError`."""
        if self._stopped:
            return
        try:
            call, message = self._open()
            while message is not None and not self._stopped:
                yield message
                message = next(call, None)
        except grpc.RpcError as error:
            if self._stopped and error.code() == grpc.StatusCode.CANCELLED:
                return
            raise AdvisorError.from_rpc_error(error) from None

    def cancel(self) -> None:
        """Cancel the call; reading ends quietly."""
        self._stopped = True
        if self._call is not None:
            self._call.cancel()
