"""Coaching arithmetic shared by the games: how sure the search is, ties, grades, the lines it
expects, and reasons as measured facts.

Each reason knows which side its fact favours (its feature's good direction); under a move the
best is measured better than, `against_the_better` puts the better move's advantages first and
frames the move's own as a trade-off that lost.

Confidence intervals are Wilson's at 95% over a candidate's visits. Two moves are *tied* when
their intervals overlap and each has at least `MIN_TIE_VISITS` visits: the search cannot tell
them apart, so neither is called worse. With fewer visits overlapping intervals say only that
the search did not look long enough (*undecided*). When neither holds and the best move's value
is higher, the search measures the best *better*. A grade is the band of the measured loss
alone (best, good, mistake, blunder); how sure it is comes apart: the loss's interval, whether it
straddles a band's edge, whether the best is measured better (docs/coaching.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from contract.v1 import advisor_pb2, common_pb2
from search.result import Candidate, wilson_lower_bound, wilson_upper_bound

BEFORE = "before the move"
"""`Reason.compared_with` when a move is measured against the position it was played in."""

MIN_TIE_VISITS = 400
"""Least visits both moves need before overlapping intervals count as a tie (with fewer, a
95% Wilson interval is wider than ±0.049 and the answer is "not searched enough to tell")."""


def against(compared_with: str) -> str:
    """How the position a reason compares with is named inside its sentence (the other move
    by its short name: its full description is the comparison's, said once)."""
    return BEFORE if compared_with == BEFORE else f"after {short(compared_with)}"


def short(description: str) -> str:
    """A move's description without its parenthesised details: "recruit Quake (level 1, red
    bonus, ...)" is "recruit Quake", "take Power (purple), Soul (orange)" "take Power, Soul"."""
    return re.sub(r" \([^()]*\)", "", description)


def count(number: float, singular: str, plural: str = "") -> str:
    """"1 card", "3 cards", "0.5 cards": a number with its noun in the right number."""
    return f"{number:g} {singular if number == 1 else plural or singular + 's'}"


BEST_BOUND = 0.02
"""Losses below this are graded best: within two points of the best move's win chance."""

GOOD_BOUND = 0.06
"""Losses below this (from `BEST_BOUND`) are graded good: a small loss."""

BLUNDER_BOUND = 0.20
"""Losses from this up are blunders: a fifth of a game, the size of letting a forced win go."""

GRADE_BOUNDS = ((BEST_BOUND, common_pb2.GRADE_BEST), (GOOD_BOUND, common_pb2.GRADE_GOOD),
                (BLUNDER_BOUND, common_pb2.GRADE_MISTAKE))
"""The bands by the loss of the mover's win probability against the best move (upper bounds);
above the last, `GRADE_BLUNDER`. A grade is its loss's band alone: how sure the judgement is
is said apart (`loss_interval`, `measured_better`). `GRADE_INACCURACY` is no longer given."""

DECIDED_MARGIN = 0.03
"""A win chance whose interval lies within this of 0 or of 1 is decided."""

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


TRADE_OFF = "in its favour, but not enough: "
"""How a fact in the move's favour begins under a move the best is measured better than."""


@dataclass(frozen=True)
class Reason:
    """One reason: what the move does toward `goal` (docs/api.md lists the keys) in words, and
    the measured fact behind it: `value` after the move, `baseline` in the position compared
    with; `favours` the side the fact is good for, for the mover."""

    code: str
    text: str
    value: float
    baseline: float
    compared_with: str = BEFORE
    goal: str = ""
    favours: advisor_pb2.Favours = advisor_pb2.FAVOURS_NEITHER

    def message(self) -> advisor_pb2.Reason:
        return advisor_pb2.Reason(code=self.code, text=self.text, value=self.value,
                                  baseline=self.baseline, compared_with=self.compared_with,
                                  goal=self.goal, favours=self.favours)


def side(gain: float) -> advisor_pb2.Favours:
    """The side favoured by a difference `gain` (after the move less the position compared
    with, already multiplied by the good direction): positive the move, negative the other."""
    if gain > 0:
        return advisor_pb2.FAVOURS_MOVE
    return advisor_pb2.FAVOURS_COMPARED if gain < 0 else advisor_pb2.FAVOURS_NEITHER


def against_the_better(reasons: Sequence[Reason]) -> list[Reason]:
    """The reasons of a move the best (the move they are compared with) is measured better
    than: the facts favouring the best first, then the move's own advantages framed as a
    trade-off that lost (`TRADE_OFF`), then the rest (facts measured against the position
    before that cost the move something, and facts favouring neither); each group keeps its
    order."""
    better = [r for r in reasons if favours_the_other_move(r)]
    own = [replace(r, text=TRADE_OFF + r.text) for r in reasons
           if r.favours == advisor_pb2.FAVOURS_MOVE]
    rest = [r for r in reasons
            if not favours_the_other_move(r) and r.favours != advisor_pb2.FAVOURS_MOVE]
    return better + own + rest


def favours_the_other_move(reason: Reason) -> bool:
    """True when the fact favours the move it is compared with (not the position before)."""
    return reason.favours == advisor_pb2.FAVOURS_COMPARED and reason.compared_with != BEFORE


S = TypeVar("S")
"""A game's full state."""
C = TypeVar("C")
"""What a game's features need besides the state and the seat (the cards the mover sees,
the likely opponent's deck power...), the same in both positions."""


@dataclass(frozen=True)
class Measured(Generic[S, C]):
    """One feature measured after the move (`after`) and in the position compared with
    (`base`), from `seat`'s side; `than` names that position (a move's description, or
    `BEFORE`)."""

    after: S
    base: S
    seat: int
    context: C
    value: float
    baseline: float
    than: str

    @property
    def against(self) -> str:
        """How the position compared with is named inside a sentence."""
        return against(self.than)

    @property
    def other(self) -> str:
        """The move compared with, by its short name (`short`)."""
        return short(self.than)


def more_is_better(_m: Measured[Any, Any]) -> int:
    """A feature's direction: a larger number is good for the mover."""
    return 1


def fewer_is_better(_m: Measured[Any, Any]) -> int:
    """A feature's direction: a smaller number is good for the mover."""
    return -1


def neither_is_better(_m: Measured[Any, Any]) -> int:
    """A feature's direction: neither is clearly good (a count below a limit)."""
    return 0


@dataclass(frozen=True)
class Feature(Generic[S, C]):
    """One number of a position tied to a goal of the game, from the mover's side."""

    code: str
    goal: str
    measure: Callable[[S, int, C], float]
    """(state, mover, context) -> the number."""
    say: Callable[[Measured[S, C]], str]
    """The sentence: what the difference does for the goal, and whether it is good."""
    weight: Callable[[Measured[S, C]], float]
    """How much the difference matters, in the game's points or their equivalent."""
    next_turn: bool = False
    """About the turns to come: not reported when the move or the alternative ends the game."""
    good: Callable[[Measured[S, C]], int] = neither_is_better
    """The direction good for the mover: 1 a larger number, -1 a smaller, 0 neither (it may
    depend on the two numbers, e.g. a deck's size matters once it is short)."""


def differences(
    features: Sequence[Feature[S, C]], after: S, base: S, seat: int, context: C, than: str,
    over: bool = False,
) -> list[tuple[float, Reason]]:
    """A weighed reason for each feature whose number differs between `after` and `base`, in
    `features` order; `over` (the move or the alternative ends the game) skips the features
    about the turns to come."""
    found = []
    for feature in features:
        if over and feature.next_turn:
            continue
        value = float(feature.measure(after, seat, context))
        baseline = float(feature.measure(base, seat, context))
        if value != baseline:
            m = Measured(after, base, seat, context, value, baseline, than)
            found.append((feature.weight(m), Reason(
                feature.code, feature.say(m), value, baseline, than, feature.goal,
                side(feature.good(m) * (value - baseline)))))
    return found


def most_important_first(weighed: Sequence[tuple[float, Reason]]) -> list[Reason]:
    """The reasons by weight, heaviest first; equal weights keep their order."""
    return [reason for _, reason in sorted(weighed, key=lambda pair: -pair[0])]


def interval(candidate: Candidate) -> tuple[float, float]:
    """The 95% interval on the mover's win probability after `candidate`."""
    return candidate.lcb, wilson_upper_bound(candidate.value, candidate.visits)


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """True when two intervals share a point."""
    return a[0] <= b[1] and b[0] <= a[1]


def tied(a: Candidate, b: Candidate) -> bool:
    """True when the search cannot tell `a` and `b` apart although it looked long enough
    (their intervals overlap and both have `MIN_TIE_VISITS`) and their values differ by less
    than `BEST_BOUND`, so a move tied with the best is always graded best."""
    return a is b or (_enough(a, b) and overlap(interval(a), interval(b))
                      and abs(a.value - b.value) < BEST_BOUND)


def undecided(a: Candidate, b: Candidate) -> bool:
    """True when the intervals of `a` and `b` overlap but one has too few visits to call it
    a tie ("not searched enough to tell")."""
    return a is not b and not _enough(a, b) and overlap(interval(a), interval(b))


def _enough(a: Candidate, b: Candidate) -> bool:
    return min(a.visits, b.visits) >= MIN_TIE_VISITS


def measured_better(own: Candidate, best: Candidate) -> bool:
    """True when the search measures `best` better than `own`: a higher value, and neither
    tied nor undecided (the answer then says "... is better")."""
    return own.value < best.value and not tied(own, best) and not undecided(own, best)


def grade(value_loss: float) -> common_pb2.Grade:
    """The grade of a move losing `value_loss` win probability against the best: its band."""
    return next((g for bound, g in GRADE_BOUNDS if value_loss < bound), common_pb2.GRADE_BLUNDER)


def loss_interval(own: Candidate, best: Candidate) -> tuple[float, float]:
    """The 95% interval on `best`'s value less `own`'s (two independent searches: the
    half-widths of their Wilson intervals added in quadrature), within [0, 1]."""
    if own is best:
        return 0.0, 0.0
    spread = math.hypot(*((high - low) / 2 for low, high in (interval(own), interval(best))))
    loss = best.value - own.value
    return max(0.0, loss - spread), min(1.0, max(0.0, loss + spread))


def grades_between(low: float, high: float) -> list[common_pb2.Grade]:
    """The grades whose bands the losses from `low` to `high` meet, best first."""
    return list(dict.fromkeys(grade(loss) for loss in (low, *[
        bound for bound, _ in GRADE_BOUNDS if low < bound <= high], high)))


def decided(own: Candidate, best: Candidate, roots: Sequence[Candidate]) -> str:
    """"lost" when even the best move's win chance is within noise of 0 (no move wins), "won"
    when the move's and every move's the main search tried (`roots`) are within noise of 1
    (no move loses), else ""."""
    if interval(best)[1] <= DECIDED_MARGIN:
        return "lost"
    won = [own, *roots]
    return "won" if all(interval(c)[0] >= 1 - DECIDED_MARGIN for c in won) else ""


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
