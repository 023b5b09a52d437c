"""`Analysis`: a running Analyze stream that can be iterated, stopped or waited for."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc

from clients.client.errors import AdvisorError
from contract.v1 import advisor_pb2


class Analysis:
    """Live answers of one Analyze call: partial ones every report period, then the final one.

    Iterate it for the answers (the last has `is_final`); `stop()` cancels the search, after
    which `latest` is the last answer received (every answer is a valid one). Use it as a
    context manager to stop it on leaving.
    """

    def __init__(self, start: Callable[[], Any], retry: Callable[[Callable[[], Any]], Any]):
        self._start = start
        self._retry = retry
        self._call: Any = None
        self._stopped = False
        self._answers: Iterator[advisor_pb2.AnalyzeResponse] | None = None
        self.latest: advisor_pb2.AnalyzeResponse | None = None
        """The last answer received, None before the first."""

    @property
    def final(self) -> advisor_pb2.AnalyzeResponse | None:
        """The final answer once the stream has ended normally."""
        return self.latest if self.latest is not None and self.latest.is_final else None

    def _open(self) -> tuple[Any, advisor_pb2.AnalyzeResponse | None]:
        """Start the call and read its first answer (retried while the server is unavailable)."""

        def attempt() -> tuple[Any, advisor_pb2.AnalyzeResponse | None]:
            call = self._start()
            self._call = call
            return call, next(call, None)

        opened: tuple[Any, advisor_pb2.AnalyzeResponse | None] = self._retry(attempt)
        return opened

    def __iter__(self) -> Iterator[advisor_pb2.AnalyzeResponse]:
        """The answers not read yet (iterating again resumes the same stream)."""
        if self._answers is None:
            self._answers = self._read()
        return self._answers

    def _read(self) -> Iterator[advisor_pb2.AnalyzeResponse]:
        if self._stopped:
            return
        try:
            call, answer = self._open()
            while answer is not None and not self._stopped:
                self.latest = answer
                yield answer
                answer = next(call, None)
        except grpc.RpcError as error:
            if self._stopped and error.code() == grpc.StatusCode.CANCELLED:
                return
            raise AdvisorError.from_rpc_error(error) from None

    def stop(self) -> None:
        """Cancel the search; iteration ends quietly and `latest` keeps the last answer."""
        self._stopped = True
        if self._call is not None:
            self._call.cancel()

    def wait(self) -> advisor_pb2.AnalyzeResponse:
        """Read to the end; the final answer (or, once stopped, the last one received)."""
        for _ in self:
            pass
        if self.latest is None:
            raise AdvisorError(grpc.StatusCode.CANCELLED, "stopped before any answer")
        return self.latest

    def __enter__(self) -> Analysis:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
