"""A one-line live progress bar on stderr (redrawn in place when stderr is a terminal)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """`update(done, note)` redraws `[#####.....] done/total  rate  eta  note`."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, width: int = 30):
        self.total = max(total, 1)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.live = self.stream.isatty()
        self._last_line = ""

    def update(self, done: int, note: str = "") -> None:
        """Show `done` of the total; off a terminal only the powers of two and every tenth are
        printed (a log shows the first games at once, then steady steps)."""
        elapsed = time.monotonic() - self.start
        filled = self.width * done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        line = (
            f"{self.label} [{bar}] {done}/{self.total} games  {rate:.2f}/s  eta {eta:.0f}s  {note}"
        ).strip()
        if self.live:
            self.stream.write("\r" + line.ljust(len(self._last_line)))
        elif done == self.total or done & (done - 1) == 0 or done % max(1, self.total // 10) == 0:
            self.stream.write(line + "\n")
        self._last_line = line
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
