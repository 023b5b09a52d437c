"""ReviewGame: every reviewed move judged in the search pool, in parallel, streamed in order,
then a summary per seat (accuracy, counts by grade, turning points; docs/coaching.md).

Each move is one `work.evaluate` job on the seat's observation before the move, with a seed
drawn from the review's seed and the move's number. At most one job per worker process is in
flight, so a review keeps the pool busy without taking every cancellation slot; the messages
leave in the record's order whatever order the jobs finish in.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future

from advisor import work
from advisor.budget import Budget
from advisor.pool import Job, PoolBusy, SearchPool
from advisor.records import Replay, Turn
from contract.v1 import advisor_pb2, common_pb2

TURNING_POINTS = 3
# Lichess's move accuracy from the drop of the mover's win chance, in percentage points.
ACCURACY_SCALE, ACCURACY_RATE, ACCURACY_SHIFT = 103.1668, 4.354, 3.1668
HARMONIC_FLOOR = 1.0
"""A move's accuracy counts at least this much in the harmonic mean (no division by zero)."""

_COUNTED = {
    common_pb2.GRADE_BEST: "best",
    common_pb2.GRADE_GOOD: "good",
    common_pb2.GRADE_INACCURACY: "inaccuracy",
    common_pb2.GRADE_MISTAKE: "mistake",
    common_pb2.GRADE_BLUNDER: "blunder",
}

Pending = tuple[Turn, Job | None, "Future[bytes] | None"]


def move_accuracy(loss: float) -> float:
    """0..100 from the win probability a move lost against the best: 100 at no loss, falling
    exponentially (about 80 at 0.05, 40 at 0.20, 8 at 0.50)."""
    raw = ACCURACY_SCALE * math.exp(-ACCURACY_RATE * loss) - ACCURACY_SHIFT
    return min(100.0, max(0.0, raw))


def accuracy(losses: Sequence[float]) -> float:
    """A seat's accuracy: the mean of the arithmetic and harmonic means of its moves'
    accuracies (the harmonic mean makes one blunder weigh); 100 with no graded move."""
    if not losses:
        return 100.0
    scores = [move_accuracy(loss) for loss in losses]
    arithmetic = sum(scores) / len(scores)
    harmonic = len(scores) / sum(1 / max(HARMONIC_FLOOR, s) for s in scores)
    return (arithmetic + harmonic) / 2


def turning_points(moves: Iterable[advisor_pb2.MoveReview]) -> list[int]:
    """The numbers of the (at most three) moves graded an inaccuracy or worse that lost the
    most, largest loss first (the earlier move first on equal losses)."""
    bad = [m for m in moves if m.grade >= common_pb2.GRADE_INACCURACY]
    bad.sort(key=lambda m: (-m.value_loss, m.number))
    return [m.number for m in bad[:TURNING_POINTS]]


def seat_review(seat: int, moves: Sequence[advisor_pb2.MoveReview]) -> advisor_pb2.SeatReview:
    """The summary of one seat's reviewed moves."""
    counts = advisor_pb2.GradeCounts()
    for move in moves:
        if move.forced:
            counts.forced += 1
        elif move.assessment.decided:
            counts.decided += 1
        elif move.grade in _COUNTED:
            name = _COUNTED[move.grade]
            setattr(counts, name, getattr(counts, name) + 1)
            counts.too_close_to_call += move.assessment.too_close_to_call
        else:
            counts.not_searched += 1
    graded = [m.value_loss for m in moves if m.grade in _COUNTED]
    return advisor_pb2.SeatReview(
        seat=seat, accuracy=accuracy(graded), moves=len(moves), counts=counts,
        turning_points=turning_points(moves),
    )


def judged(turn: Turn, adapter_move: Callable[[object, int], common_pb2.Move],
           data: bytes | None) -> advisor_pb2.MoveReview:
    """The message of a turn: forced (no numbers), or from its Evaluate answer's bytes."""
    review = advisor_pb2.MoveReview(
        number=turn.number, seat=turn.seat, move=adapter_move(turn.action, turn.seat),
        forced=turn.forced,
    )
    if data is None:
        return review
    answer = advisor_pb2.EvaluateResponse.FromString(data)
    assessment = answer.assessment
    review.grade, review.value_loss = assessment.grade, assessment.value_loss
    review.best_move.CopyFrom(answer.best_move)
    if assessment.visits:  # judged: the position is worth what its best move is worth
        review.win_probability_after = assessment.win_probability
        review.win_probability_before = assessment.win_probability + assessment.value_loss
    else:  # never tried: only the position's value is known
        review.win_probability_before = answer.win_probability[turn.seat]
    review.reasons.extend(assessment.explanations)
    review.assessment.CopyFrom(assessment)
    review.stats.CopyFrom(answer.stats)
    return review


class Review:
    """One review's jobs: submitted a window ahead, read in order, all cancelled on `stop`."""

    def __init__(self, pool: SearchPool, replayed: Replay, budget: Budget):
        self.pool = pool
        self.replayed = replayed
        self.budget = budget
        self._pending: deque[Pending] = deque()
        self._held: Turn | None = None
        self._stopped = False

    def stop(self) -> None:
        """Cancel every job in flight (the call ended)."""
        self._stopped = True
        for _turn, job, _future in list(self._pending):
            if job is not None:
                job.cancel()

    def _in_flight(self) -> int:
        return sum(1 for _turn, job, _future in self._pending if job is not None)

    def _fill(self, turns: Iterator[Turn]) -> None:
        """Submit turns until one job per worker is in flight (forced turns need none); a turn
        the busy pool refused waits in `_held` while other jobs of this review run."""
        adapter = self.replayed.adapter
        while not self._stopped and self._in_flight() < max(1, self.pool.processes):
            turn = self._held or next(turns, None)
            self._held = None
            if turn is None:
                return
            if turn.forced:
                self._pending.append((turn, None, None))
                continue
            try:  # seeded by the question itself, as a grade asked during play is
                job, future = self.pool.submit(work.evaluate, adapter.name, turn.observation,
                                               turn.action, self.budget)
            except PoolBusy:
                if not self._in_flight():
                    raise
                self._held = turn
                return
            self._pending.append((turn, job, future))

    def messages(self) -> Iterator[advisor_pb2.MoveReview]:
        """Each reviewed move's judgement, in the record's order."""
        turns = iter(self.replayed.turns)
        adapter = self.replayed.adapter
        while True:
            self._fill(turns)
            if not self._pending or self._stopped:
                return
            turn, _job, future = self._pending[0]  # stays cancellable while it is awaited
            data = None if future is None else self.pool.result(future)
            self._pending.popleft()
            yield judged(turn, adapter.move_message, data)


def summary(replayed: Replay, moves: Sequence[advisor_pb2.MoveReview],
            seed: int) -> advisor_pb2.ReviewSummary:
    """The summary of every reviewed seat."""
    return advisor_pb2.ReviewSummary(
        seats=[seat_review(s, [m for m in moves if m.seat == s]) for s in replayed.seats],
        seed=seed,
        iterations=sum(m.stats.iterations for m in moves),
    )
