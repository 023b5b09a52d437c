"""A one-line progress bar on a text stream (stderr), redrawn in place."""

from __future__ import annotations

from typing import TextIO

from clients.client import SearchStats

WIDTH = 30


class ProgressBar:
    """Progress of a search against its budget (iterations, else milliseconds); without a
    known budget it shows the counts only."""

    def __init__(self, stream: TextIO, iterations: int | None, time_ms: int | None):
        self.stream = stream
        self.iterations = iterations
        self.time_ms = time_ms
        self._drawn = False

    def fraction(self, stats: SearchStats) -> float | None:
        """Share of the budget used, None when the budget is unknown."""
        if self.iterations:
            return min(1.0, stats.iterations / self.iterations)
        if self.time_ms:
            return min(1.0, stats.elapsed_ms / self.time_ms)
        return None

    def update(self, stats: SearchStats, best: str) -> None:
        """Redraw with the latest statistics and the current best move."""
        done = self.fraction(stats)
        bar = ""
        if done is not None:
            filled = round(done * WIDTH)
            bar = f"[{'#' * filled}{'.' * (WIDTH - filled)}] {done:4.0%} "
        line = f"{bar}{stats.iterations} it {stats.elapsed_ms / 1000:.1f}s best {best}"
        self.stream.write("\r" + line.ljust(70))
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the line so later output starts on a fresh one."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
