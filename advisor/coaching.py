"""Coaching arithmetic shared by the games: how sure the search is, ties, grades, the lines it
expects, and reasons as measured facts.

Confidence intervals are Wilson's at 95% over a candidate's visits. Two moves are *tied* when
their intervals overlap: the search cannot tell them apart, so neither is called worse. The
grade thresholds and how they were chosen are in docs/coaching.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from contract.v1 import advisor_pb2, common_pb2
from search.result import Candidate, wilson_lower_bound, wilson_upper_bound

BEFORE = "before the move"
"""`Reason.compared_with` when a move is measured against the position it was played in."""


def against(compared_with: str) -> str:
    """How the position a reason compares with is named inside its sentence."""
    return BEFORE if compared_with == BEFORE else f"after {compared_with}"

# Grades by loss of the mover's win probability against the best move (upper bounds).
GRADE_BOUNDS = (
    (0.01, common_pb2.GRADE_BEST),
    (0.04, common_pb2.GRADE_GOOD),
    (0.10, common_pb2.GRADE_INACCURACY),
    (0.20, common_pb2.GRADE_MISTAKE),
)


@dataclass(frozen=True)
class Reason:
    """One reason: what the move does toward `goal` (docs/api.md lists the keys) in words, and
    the measured fact behind it: `value` after the move, `baseline` in the position compared
    with."""

    code: str
    text: str
    value: float
    baseline: float
    compared_with: str = BEFORE
    goal: str = ""

    def message(self) -> advisor_pb2.Reason:
        return advisor_pb2.Reason(code=self.code, text=self.text, value=self.value,
                                  baseline=self.baseline, compared_with=self.compared_with,
                                  goal=self.goal)


def interval(candidate: Candidate) -> tuple[float, float]:
    """The 95% interval on the mover's win probability after `candidate`."""
    return candidate.lcb, wilson_upper_bound(candidate.value, candidate.visits)


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """True when two intervals share a point."""
    return a[0] <= b[1] and b[0] <= a[1]


def tied(a: Candidate, b: Candidate) -> bool:
    """True when the search cannot tell `a` and `b` apart (their intervals overlap)."""
    return a is b or overlap(interval(a), interval(b))


def grade(value_loss: float, tied_with_best: bool) -> common_pb2.Grade:
    """The grade of a move losing `value_loss` win probability against the best; a move tied
    with the best is at worst GOOD."""
    by_loss = next((g for bound, g in GRADE_BOUNDS if value_loss < bound), common_pb2.GRADE_BLUNDER)
    if tied_with_best and by_loss > common_pb2.GRADE_GOOD:
        return common_pb2.GRADE_GOOD
    return by_loss


def line_steps(
    candidate: Candidate, moves: Sequence[common_pb2.Move]
) -> list[advisor_pb2.LineStep]:
    """The expected line after `candidate` (its principal variation as replayed into `moves`),
    each step with the mover's win probability at that node."""
    seat = candidate.player
    return [
        advisor_pb2.LineStep(move=move, win_probability=values[seat], visits=visits)
        for move, visits, values in zip(moves, candidate.line_visits, candidate.line_values,
                                        strict=False)
    ]


def divergence(mine: Sequence[advisor_pb2.LineStep], best: Sequence[advisor_pb2.LineStep]) -> int:
    """The first step (1-based) at which two lines' win probabilities differ by more than
    their intervals allow; 0 when they never do."""
    for step, (a, b) in enumerate(zip(mine, best, strict=False), start=1):
        if not overlap(_step_interval(a), _step_interval(b)):
            return step
    return 0


def _step_interval(step: advisor_pb2.LineStep) -> tuple[float, float]:
    p, n = step.win_probability, step.visits
    return wilson_lower_bound(p, n), wilson_upper_bound(p, n)
