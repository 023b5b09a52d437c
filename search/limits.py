"""Search budgets: iterations, wall time, an external deadline, cancellation, progress reports."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Protocol

from search.result import SearchResult, StopReason

__all__ = ["CancelToken", "Cancelled", "Countdown", "Limits", "StopReason", "now", "run_budget"]


class CancelToken(Protocol):
    """Anything with `is_set()`: a `threading.Event`, a `multiprocessing.Event`, a flag object."""

    def is_set(self) -> bool:
        """True once the search should stop."""
        ...


class Cancelled:
    """A minimal cancellation flag (`threading.Event` works just as well)."""

    __slots__ = ("_set",)

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        """Ask the search to stop; it returns its answer so far after the current iteration."""
        self._set = True

    def is_set(self) -> bool:
        """True once `set` was called."""
        return self._set


@dataclass(frozen=True, repr=False)
class Limits:
    """When to stop a search, and whom to tell along the way.

    At least one of `iterations`, `time`, `deadline` or `cancel` must be given. With several, the
    first reached stops the search. One iteration always runs, so there is always an answer.

    >>> Limits(iterations=2000)
    Limits(iterations=2000)
    """

    iterations: int | None = None
    """Total iterations (summed over all workers)."""
    time: float | None = None
    """Seconds of wall time, counted from the call."""
    deadline: float | None = None
    """Absolute `time.monotonic()` instant to stop by (e.g. a gRPC deadline)."""
    cancel: CancelToken | None = None
    """Stops the search when set from another thread."""
    nodes: int | None = None
    """Stops the search once its trees (summed over workers) hold this many nodes: a bound on
    its memory, checked between chunks of iterations, so a tree may pass it by one chunk's
    growth. Alone it is no budget: give iterations, time, deadline or cancel too."""
    on_progress: Callable[[SearchResult], None] | None = None
    """Called with the partial result every `progress_ms`, from the searching thread (with
    several workers, the partial result is the calling process's own tree)."""
    progress_ms: int = 100

    def __post_init__(self) -> None:
        unbounded = self.iterations is None and self.time is None and self.deadline is None
        if unbounded and self.cancel is None:
            raise ValueError("Limits needs iterations, time, deadline or cancel")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"nodes must be >= 1, got {self.nodes}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be >= 1, got {self.iterations}")
        if self.time is not None and self.time < 0:
            raise ValueError(f"time must be >= 0, got {self.time}")
        if self.progress_ms <= 0:
            raise ValueError(f"progress_ms must be > 0, got {self.progress_ms}")

    def __repr__(self) -> str:
        shown = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and value != f.default:
                shown.append(f"{f.name}={value!r}")
        return f"Limits({', '.join(shown)})"

    def end(self, start: float) -> tuple[float | None, StopReason]:
        """The monotonic instant the search must stop by, and what that instant stands for."""
        by_time = None if self.time is None else start + self.time
        if self.deadline is not None and (by_time is None or self.deadline <= by_time):
            return self.deadline, "deadline"
        return by_time, "time"


def now() -> float:
    """The clock every budget is measured with."""
    return time.monotonic()


class Countdown:
    """A running budget: call `spent(done)` after each unit of work to learn whether to stop."""

    __slots__ = ("_end", "_end_reason", "_max", "cancel")

    def __init__(self, limits: Limits, start: float, iterations: int | None = None):
        self._end, self._end_reason = limits.end(start)
        self._max = limits.iterations if iterations is None else iterations
        self.cancel = limits.cancel

    def spent(self, done: int) -> StopReason | None:
        """Why to stop after `done` units of work, or None to go on."""
        if self._max is not None and done >= self._max:
            return "iterations"
        if self._end is not None and now() >= self._end:
            return self._end_reason
        if self.cancel is not None and self.cancel.is_set():
            return "cancelled"
        return None


def run_budget(
    advance: Callable[[int], None],
    iterations: int | None,
    end: float | None,
    end_reason: StopReason,
    cancel: CancelToken | None,
    report: Callable[[], None] | None = None,
    progress_ms: int = 100,
    chunk_seconds: float | None = None,
    full: Callable[[], bool] | None = None,
) -> StopReason:
    """Call `advance(n)` (n >= 1 more iterations) until `iterations` are done, the clock passes
    `end`, `cancel` is set or `full()` (the tree reached its size); `report()` every
    `progress_ms`. At least one iteration runs.

    Nothing to watch (no end, cancel, report or size): the whole budget in one call. Otherwise
    one iteration a call, or with `chunk_seconds`, chunks sized to take about that long at the
    rate the last one ran. Returns what stopped the loop.
    """
    left = math.inf if iterations is None else iterations
    unattended = end is None and cancel is None and report is None and full is None
    deadline = math.inf if end is None else end
    interval = progress_ms / 1000.0
    next_report = now() + interval if report is not None else math.inf
    chunk = 1
    while True:
        count = max(1, int(left if unattended else min(left, chunk)))
        began = now()
        advance(count)
        left -= count
        if left <= 0:
            return "iterations"
        t = now()
        if t >= deadline:
            return end_reason
        if report is not None and t >= next_report:
            report()
            next_report = now() + interval
        if cancel is not None and cancel.is_set():
            return "cancelled"
        if full is not None and full():
            return "nodes"
        if chunk_seconds is not None:
            chunk = _next_chunk(count, t - began, min(chunk_seconds, (deadline - t) / 2))


def _next_chunk(last: int, seconds: float, target: float) -> int:
    """Iterations to take about `target` seconds at the last chunk's rate (at least one, at
    most eight times the last)."""
    if seconds <= 0.0:
        return 8 * last
    return int(max(1, min(8 * last, last / seconds * target)))
