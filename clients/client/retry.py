"""Retries with exponential backoff, for UNAVAILABLE only (the server is not up, or restarting)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import grpc

T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    """Up to `attempts` tries in all; waits `backoff_s`, then `multiplier` times longer, capped
    at `max_backoff_s`.

    >>> RetryPolicy(attempts=3, backoff_s=0.1).delays()
    [0.1, 0.2]
    """

    attempts: int = 4
    backoff_s: float = 0.2
    multiplier: float = 2.0
    max_backoff_s: float = 2.0

    def delays(self) -> list[float]:
        """The waits between consecutive attempts."""
        return [
            min(self.backoff_s * self.multiplier**i, self.max_backoff_s)
            for i in range(max(0, self.attempts - 1))
        ]

    def call(self, attempt: Callable[[], T]) -> T:
        """`attempt()`, tried again after each UNAVAILABLE failure while attempts remain."""
        for delay in self.delays():
            try:
                return attempt()
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise
            time.sleep(delay)
        return attempt()

