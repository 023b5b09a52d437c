"""Judging moves: each judged move's value from a search of its own, and the assessments.

The main search (the one SuggestMove runs) names the best move. Each judged move, and the best
move, then gets a search with the root restricted to it (`SearchConfig.root_move`), a share
`JUDGE_SHARE` of the budget, all of whose iterations go below that move; its value converges to
the move's own value as the budget grows. Losses, intervals, ties and grades come from those
searches (docs/coaching.md "How a move is judged").
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from advisor import answers, coaching
from advisor.adapters import GameAdapter
from advisor.budget import Budget
from advisor.coaching import Reason
from advisor.questions import Question, Remembered
from contract.v1 import advisor_pb2, common_pb2
from search import CancelToken, SearchResult, ismcts
from search.limits import now
from search.result import Candidate

JUDGE_SHARE = 0.5
"""Share of the budget's iterations (or time) each judged move's own search gets, beside the
main search's whole budget. Half gives 500 visits at the default budget (1,000), enough for a
tie (`coaching.MIN_TIE_VISITS`); a quarter measured the Avengers give-away alike but could
never call a tie there (docs/coaching.md)."""


ESCALATION = (JUDGE_SHARE, 2.0, 8.0)
"""The own searches' shares of the budget, in turn, while the loss's interval straddles a
grade's edge: the judgement is sequential, capped at 8 times the budget."""
REMEMBERED_JUDGEMENTS = 4096
"""Own searches a worker remembers (a few hundred bytes each): a long game's every judged move."""


@dataclass(frozen=True)
class Judged:
    """A move's own search: its only candidate (None when no sampled world allowed the move),
    the iterations it ran and whether it ran them all (then the same question gets it again)."""

    action: Hashable
    own: Candidate | None
    iterations: int
    whole: bool = True
    share: float = JUDGE_SHARE


_remembered: Remembered[Judged] = Remembered(REMEMBERED_JUDGEMENTS)


def own_search(
    adapter: GameAdapter, obs: Any, action: Hashable, budget: Budget, cancel: CancelToken,
    question: Question, deadline: float | None = None, share: float = JUDGE_SHARE,
) -> Judged:
    """Search `obs` with the root restricted to `action`, with `share` of the budget
    (remembered by the question when it ran its whole budget)."""

    def search() -> Judged:
        limits = budget.limits(cancel, share)
        if deadline is not None:
            limits = replace(limits, deadline=deadline)
        config = adapter.judging(replace(budget.config(), root_move=action))
        result = ismcts(adapter.engine, adapter.evaluator, obs, limits, config, seed=budget.seed)
        own = result.candidates[0] if result.candidates else None
        return Judged(action, own, result.stats.iterations,
                      result.stats.stopped_by == "iterations", share)

    return _remembered.get((question.key, action, share), search, lambda j: j.whole)


def settled(
    adapter: GameAdapter, obs: Any, mine: Judged, other: Judged, budget: Budget,
    cancel: CancelToken, question: Question, choice: bool = False,
) -> tuple[Judged, Judged, int]:
    """The judged move's own search and the one its loss is measured against (the best move's;
    for the search's choice, its rival's: `loss_range`), run again with the next share of
    `ESCALATION` while the loss's interval straddles a grade's edge (budgets in iterations,
    while the call has time), and the iterations those further searches ran."""
    more = 0
    while straddles(mine, other, choice) and budget.iterations is not None \
            and not cancel.is_set():
        shares = [share for share in ESCALATION if share > mine.share]
        if not shares or (budget.deadline is not None and now() >= budget.deadline):
            break
        mine, other = (own_search(adapter, obs, j.action, budget, cancel, question,
                                  share=shares[0]) for j in (mine, other))
        more += mine.iterations + other.iterations
    return mine, other, more


def straddles(mine: Judged, other: Judged, choice: bool = False) -> bool:
    """True when the loss's interval (`loss_range`) meets more than one grade's band."""
    return len(coaching.grades_between(*loss_range(mine, other, choice))) > 1


def loss_range(mine: Judged, other: Judged, choice: bool = False) -> tuple[float, float]:
    """The 95% interval on the judged move's loss, measured against `other`: the best move's
    own search; for the search's `choice` itself (which loses nothing by definition), its
    rival's, and then it runs from 0 to how much better the rival may be. (0, 0) when there
    is nothing to measure against."""
    if mine.action == other.action or mine.own is None or other.own is None:
        return 0.0, 0.0
    low, high = coaching.loss_interval(mine.own, other.own)
    return (0.0, high) if choice else (low, high)


def rival(result: SearchResult) -> Hashable | None:
    """The move the search's choice is measured against: the main search's runner-up."""
    return result.candidates[1].action if len(result.candidates) > 1 else None


def judged_pair(
    adapter: GameAdapter, obs: Any, result: SearchResult, action: Hashable, budget: Budget,
    cancel: CancelToken, question: Question, ends: Sequence[float | None] = (None, None),
    share: float = JUDGE_SHARE,
) -> tuple[Judged, Judged, int]:
    """`action` judged as Evaluate judges it after the main search `result`: its own search
    and the one its loss is measured against (the choice's; for the choice itself, its
    rival's), settled, and the iterations they ran. `ends`: when each first search must
    stop."""
    choice = action == result.action
    compared = rival(result) if choice else result.action
    mine = own_search(adapter, obs, action, budget, cancel, question, ends[0], share)
    other = mine if compared is None else own_search(adapter, obs, compared, budget, cancel,
                                                     question, ends[1], share)
    first = mine.iterations + (0 if other is mine else other.iterations)
    mine, other, more = settled(adapter, obs, mine, other, budget, cancel, question, choice)
    return mine, other, first + more


def assessment(
    adapter: GameAdapter, obs: Any, result: SearchResult, mine: Judged, best: Judged,
    alternative: Hashable | None, peers: Sequence[Judged], seed: int,
    against: Judged | None = None,
) -> advisor_pb2.MoveAssessment:
    """The assessment of `mine` against `best` (the main search's choice, judged the same way):
    rank in the main search, value, loss, interval, ties, grade, reasons (measured against
    `alternative`, a move shown in the same answer, or the position before the move when None)
    and both expected lines; the loss's interval is measured against `against` (the choice's
    rival when `mine` is the choice; `best` when None). `peers` are the other moves judged in
    the same answer. When the best is measured better and is the alternative, its advantages
    come first (`coaching.against_the_better`). After the comparison comes, if it applies,
    that the game is decided (then the move is not graded), or why a move every fact argues
    against is still best."""
    seat = result.player
    ranked = [c.action for c in result.candidates]
    rank = ranked.index(mine.action) + 1 if mine.action in ranked else 0
    out = advisor_pb2.MoveAssessment(
        move=adapter.move_message(mine.action, seat), rank=rank, candidates=len(ranked)
    )
    reasons = adapter.reasons(obs, mine.action, alternative, random.Random(f"reasons/{seed}"))
    if mine.own is not None and best.own is not None:
        against_best = alternative == best.action != mine.action and coaching.measured_better(
            mine.own, best.own)
        if against_best:
            reasons = coaching.against_the_better(reasons)
        unexplained = against_best and not any(map(coaching.favours_the_other_move, reasons))
        _numbers(out, adapter, obs, mine, best, against or best, peers, seed,
                 result.candidates)
        framing = [comparison(adapter, mine, best, unexplained)]
        if out.decided:
            framing.append(decided_reason(mine, best, result.candidates))
        elif out.grade == common_pb2.GRADE_BEST and alternative == best.action != mine.action \
                and _all_against(reasons):
            framing.append(still_best(adapter, mine, best))
        reasons = framing + reasons
    out.explanations.extend(r.message() for r in reasons)
    out.reasons.extend(r.text for r in reasons)
    return out


def _all_against(reasons: Sequence[Reason]) -> bool:
    """True when some reason takes a side and every one that does favours the other move."""
    sided = [r for r in reasons if r.favours != advisor_pb2.FAVOURS_NEITHER]
    return bool(sided) and all(map(coaching.favours_the_other_move, sided))


def still_best(adapter: GameAdapter, mine: Judged, best: Judged) -> Reason:
    """Why a move whose every measured fact favours the search's choice is still best."""
    assert mine.own is not None and best.own is not None
    words = coaching.short(adapter.move_message(best.action, best.own.player).description)
    found = ("this move at least as good" if mine.own.value >= best.own.value else
             f"the difference worth less than {coaching.BEST_BOUND:.0%} of a win")
    return Reason("still_best", (
        f"still best: the facts below favour {words}, but playing both on, the search finds "
        f"{found}"), mine.own.value, best.own.value, words)


def decided_reason(mine: Judged, best: Judged, roots: Sequence[Candidate]) -> Reason:
    """The first reason of a move played once the game is decided."""
    assert mine.own is not None and best.own is not None
    if coaching.decided(mine.own, best.own, roots) == "lost":
        text = (f"the game is decided: no move wins it (the best keeps {_chance(best.own)}), so "
                "the move is not graded")
    else:
        text = ("the game is decided: every move keeps the win "
                f"(this one {_chance(mine.own)}), so the move is not graded")
    return Reason("decided", text, mine.own.value, best.own.value)


def _numbers(
    out: advisor_pb2.MoveAssessment, adapter: GameAdapter, obs: Any, mine: Judged, best: Judged,
    against: Judged, peers: Sequence[Judged], seed: int, roots: Sequence[Candidate],
) -> None:
    """Value, loss and its interval, ties, grade (with how sure it is) and lines of a judged
    move."""
    own, top = mine.own, best.own
    assert own is not None and top is not None
    is_best = mine.action == best.action
    loss, tie, out.grade = verdict(mine, best)
    out.win_probability, out.value_loss, out.visits = own.value, loss, own.visits
    out.lcb, out.ucb = coaching.interval(own)
    out.loss_low, out.loss_high = loss_range(mine, against, is_best)
    grades = coaching.grades_between(out.loss_low, out.loss_high)
    if len(grades) > 1:
        out.too_close_to_call = True
        out.close_grade = grades[-1] if out.grade == grades[0] else grades[0]
    out.best_measured_better = not is_best and coaching.measured_better(own, top)
    if coaching.decided(own, top, roots):
        out.decided, out.grade = True, common_pb2.GRADE_UNSPECIFIED
        out.too_close_to_call, out.close_grade = False, common_pb2.GRADE_UNSPECIFIED
    out.tied_with_best = tie
    out.undecided = coaching.undecided(own, top)
    out.tied_with.extend(
        adapter.move_message(p.action, p.own.player)
        for p in sorted(peers, key=_value, reverse=True)
        if p.own is not None and p.action != mine.action and coaching.tied(own, p.own)
    )
    line = coaching.line_steps(own, answers.pv_moves(adapter, obs, own.pv, seed))
    out.line.extend(line)
    if not is_best:
        best_line = coaching.line_steps(top, answers.pv_moves(adapter, obs, top.pv, seed))
        out.best_line.extend(best_line)
        out.divergence = coaching.divergence(line, best_line)


def verdict(mine: Judged, best: Judged) -> tuple[float, bool, common_pb2.Grade]:
    """The loss of `mine` against `best` (both searched), whether they are tied, the grade
    (the loss's band)."""
    own, top = mine.own, best.own
    assert own is not None and top is not None
    if mine.action == best.action:
        return 0.0, True, common_pb2.GRADE_BEST
    loss = max(0.0, top.value - own.value)
    return loss, coaching.tied(own, top), coaching.grade(loss)


def _value(judged: Judged) -> float:
    return -1.0 if judged.own is None else judged.own.value


UNEXPLAINED = "; no fact measured after this turn favours it: the search finds its edge further " \
    "ahead"
"""Said after "... is better" when none of the reasons favours the better move."""


def comparison(adapter: GameAdapter, mine: Judged, best: Judged, unexplained: bool = False
               ) -> Reason:
    """How the move stands against the search's choice, both from their own searches;
    `unexplained`: no reason favours the choice (`UNEXPLAINED` says so)."""
    own, top = mine.own, best.own
    assert own is not None and top is not None
    words = adapter.move_message(best.action, top.player).description
    if mine.action == best.action:
        text = f"the search's choice: {_chance(own)} to win"
    elif coaching.measured_better(own, top) and top.value - own.value < coaching.BEST_BOUND:
        text = (f"{words} is measurably better, by less than {coaching.BEST_BOUND:.0%}: "
                f"{_chance(top)} to win against {_chance(own)}")
    elif coaching.measured_better(own, top):
        text = f"{words} is better: {_chance(top)} to win against {_chance(own)}" + (
            UNEXPLAINED if unexplained else "")
    elif own.value >= top.value:
        text = f"at least as good as the search's choice {words}: {_chance(own)} against " \
               f"{_chance(top)} to win"
    elif coaching.tied(own, top):
        text = (f"about as good as {words}: {_chance(own)} against {_chance(top)} to win; "
                "the search cannot tell them apart")
    else:  # undecided
        text = (f"{words}: {_chance(top)} to win against {_chance(own)}; not searched enough "
                "to tell which is better")
    favours = advisor_pb2.FAVOURS_COMPARED if coaching.measured_better(own, top) \
        else advisor_pb2.FAVOURS_NEITHER
    return Reason("win_probability", text, own.value, top.value, words, favours=favours)


def _chance(c: Candidate) -> str:
    low, high = coaching.interval(c)
    return f"{c.value:.0%} ({low:.0%}-{high:.0%}, {c.visits} visits)"


def ordered(judged: Sequence[Judged]) -> list[Judged]:
    """Highest judged value first (stable: equal values keep their order)."""
    return sorted(judged, key=_value, reverse=True)
