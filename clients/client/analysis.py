"""`Analysis`: a running Analyze stream that can be iterated, stopped or waited for."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc

from clients.client.answers import Suggestion
from clients.client.errors import AdvisorError
from clients.client.stream import Stream


class Analysis(Stream):
    """Live answers of one Analyze call: partial ones every report period, then the final one.

    Iterate it for the answers (`Suggestion`s; the last has `is_final`); `stop()` cancels the
    search, after which `latest` is the last answer received (every answer is a valid one),
    its `stats.stopped_by` CANCELLED. Use it as a context manager to stop it on leaving.
    """

    def __init__(self, start: Callable[[], Any], retry: Callable[[Callable[[], Any]], Any]):
        super().__init__(start, retry)
        self._answers: Iterator[Suggestion] | None = None
        self.latest: Suggestion | None = None
        """The last answer received, None before the first."""

    @property
    def final(self) -> Suggestion | None:
        """The final answer once the stream has ended normally."""
        return self.latest if self.latest is not None and self.latest.is_final else None

    def __iter__(self) -> Iterator[Suggestion]:
        """The answers not read yet (iterating again resumes the same stream)."""
        if self._answers is None:
            self._answers = self._read()
        return self._answers

    def _read(self) -> Iterator[Suggestion]:
        for message in self._messages():
            self.latest = Suggestion.of(message)
            yield self.latest

    def stop(self) -> None:
        """Cancel the search; iteration ends quietly and `latest` keeps the last answer."""
        self.cancel()
        if self.latest is not None and not self.latest.is_final:
            self.latest = self.latest.stopped()

    def wait(self) -> Suggestion:
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
