"""A ReviewGame stream: each judged move as it comes, then the summary per seat.

`GameReview` is iterated like `Analysis`: it yields `MoveReview`s in the record's order, keeps
the `summary` once the stream ends, and `stop()` cancels the review (the server stops judging).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc

from clients.client.answers import Assessment, Grade, Move, Reason, SearchStats
from clients.client.errors import AdvisorError
from clients.client.stream import Stream
from contract.v1 import advisor_pb2


@dataclass(frozen=True)
class MoveReview:
    """One move of the record judged from its seat's observation just before it."""

    number: int
    """1-based position of the move in the record."""
    seat: int
    move: Move
    forced: bool
    """The seat's only legal move: not graded, no numbers."""
    grade: Grade
    value_loss: float
    best_move: Move | None
    win_probability_before: float
    win_probability_after: float
    reasons: tuple[Reason, ...]
    assessment: Assessment | None
    stats: SearchStats | None
    proto: advisor_pb2.MoveReview = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: advisor_pb2.MoveReview) -> MoveReview:
        """The review of an `advisor.v1.MoveReview`."""
        judged = not message.forced
        return cls(
            message.number, message.seat, Move.of(message.move), message.forced,
            Grade.of(message.grade), message.value_loss,
            Move.of(message.best_move) if judged else None,
            message.win_probability_before, message.win_probability_after,
            tuple(Reason.of(r) for r in message.reasons),
            Assessment.of(message.assessment) if message.HasField("assessment") else None,
            SearchStats.of(message.stats) if message.HasField("stats") else None,
            message,
        )


@dataclass(frozen=True)
class SeatReview:
    """A seat's game in a few numbers (docs/coaching.md defines them)."""

    seat: int
    accuracy: float
    """0..100; 100 when every graded move was the best."""
    moves: int
    counts: dict[Grade, int]
    """Graded moves by grade (`Grade.NOT_SEARCHED`: moves the search never tried)."""
    forced: int
    turning_points: tuple[int, ...]
    """Numbers of the (at most three) costliest moves, costliest first."""
    decided: int = 0
    """Moves played once the game was decided (not graded)."""
    too_close_to_call: int = 0
    """Graded moves whose grade was too close to call (counted in their grade too)."""

    @classmethod
    def of(cls, message: advisor_pb2.SeatReview) -> SeatReview:
        c = message.counts
        counts = {
            Grade.BEST: c.best, Grade.GOOD: c.good, Grade.INACCURACY: c.inaccuracy,
            Grade.MISTAKE: c.mistake, Grade.BLUNDER: c.blunder, Grade.NOT_SEARCHED: c.not_searched,
        }
        return cls(message.seat, message.accuracy, message.moves, counts, c.forced,
                   tuple(message.turning_points), c.decided, c.too_close_to_call)


@dataclass(frozen=True)
class ReviewSummary:
    """The last message of a review: every reviewed seat's summary."""

    seats: tuple[SeatReview, ...]
    seed: int
    """Send it back (with the same budget) for the same review."""
    iterations: int
    proto: advisor_pb2.ReviewSummary = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: advisor_pb2.ReviewSummary) -> ReviewSummary:
        return cls(tuple(SeatReview.of(s) for s in message.seats), message.seed,
                   message.iterations, message)


class GameReview(Stream):
    """A running ReviewGame call: iterate for the `MoveReview`s; `summary` once it ends;
    `stop()` cancels it. Use it as a context manager to stop it on leaving."""

    def __init__(self, start: Callable[[], Any], retry: Callable[[Callable[[], Any]], Any]):
        super().__init__(start, retry)
        self._moves: Iterator[MoveReview] | None = None
        self.summary: ReviewSummary | None = None
        """Set when the stream ended normally."""

    def __iter__(self) -> Iterator[MoveReview]:
        if self._moves is None:
            self._moves = self._read()
        return self._moves

    def _read(self) -> Iterator[MoveReview]:
        for message in self._messages():
            if message.HasField("summary"):
                self.summary = ReviewSummary.of(message.summary)
            else:
                yield MoveReview.of(message.move)

    def stop(self) -> None:
        """Cancel the review; iteration ends quietly."""
        self.cancel()

    def wait(self) -> ReviewSummary:
        """Read to the end; the summary (AdvisorError CANCELLED if stopped before it)."""
        for _ in self:
            pass
        if self.summary is None:
            raise AdvisorError(grpc.StatusCode.CANCELLED, "stopped before the summary")
        return self.summary

    def __enter__(self) -> GameReview:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
