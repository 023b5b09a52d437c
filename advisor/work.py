"""What the search worker processes run: one function per searching RPC, answers as bytes.

A job gets the decoded observation and its `Budget`, searches, and returns the serialized
response, so the server process only parses bytes and never holds the GIL for long. Each job
owns a cancellation slot in shared memory (set by the server when the call ends) and sends
partial answers through the shared progress queue tagged with its job id.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from advisor import answers, judging
from advisor.adapters import GameAdapter, adapter_by_name
from advisor.budget import Budget
from advisor.judging import JUDGE_SHARE
from advisor.questions import Question, Remembered
from advisor.warmup import warm_kernels
from contract.v1 import advisor_pb2, common_pb2
from search import SearchResult, ismcts
from search.limits import now

FOLLOW_UP_SHARE = 0.25
"""Budget share of each follow-up search (when the principal variation does not reach)."""
MAX_FOLLOW_UPS = 8
EVALUATION_PLAYOUTS = 16
PLAYOUT_TIME_SHARE = 0.15  # of the time to a call's deadline, kept by Evaluate for playouts
PLAYOUT_PLY_CAP = 2000

REMEMBERED_SEARCHES = 64
"""Main searches a worker remembers (each a result's candidates and lines: a few kB)."""

_flags: Any = None
_progress: Any = None
_remembered: Remembered[SearchResult] = Remembered(REMEMBERED_SEARCHES)


def init_worker(flags: Any, progress: Any) -> None:
    """Pool initializer: keep the shared cancellation flags and progress queue, and leave
    Ctrl-C to the server process (it shuts the pool down cleanly)."""
    global _flags, _progress
    _flags, _progress = flags, progress
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def warm(job: int, slot: int) -> bytes:
    """Start this worker: compile (or load from numba's cache) every game's compiled search, so
    no request pays for it, telling job `job`'s listener each step it starts (text). Returns the
    process id (text)."""
    warm_kernels(lambda step: _progress.put((job, step.encode())))
    return str(os.getpid()).encode()


class SlotCancel:
    """The search's cancel token: this job's flag in shared memory."""

    def __init__(self, slot: int):
        self.slot = slot

    def is_set(self) -> bool:
        return bool(_flags[self.slot])


def _search(
    adapter: GameAdapter, obs: Any, budget: Budget, question: Question, slot: int,
    deadline: float | None = None, **limits: Any,
) -> SearchResult:
    """The main search: the budget's limits (stopping by `deadline` when given) and settings;
    remembered by its question when it ran its whole budget and reported no progress."""
    base = budget.limits(SlotCancel(slot))
    if deadline is not None:
        limits["deadline"] = deadline
    if limits:
        base = replace(base, **limits)

    def search() -> SearchResult:
        return ismcts(adapter.engine, adapter.evaluator, obs, base, budget.config(),
                      seed=budget.seed)

    if "on_progress" in limits:
        return search()
    return _remembered.get(question.key, search,
                           lambda result: result.stats.stopped_by == "iterations")


def suggest(
    game: str, obs: Any, budget: Budget, skip_follow_ups: bool, pv_length: int, judge: bool,
    slot: int,
) -> bytes:
    """SuggestMove: search, choose by strength, then work out the rest of the turn; with
    `judge`, each shown candidate is judged as Evaluate judges a move."""
    adapter = adapter_by_name(game)
    question = Question.of(adapter, obs, budget)
    ends = _time_plan(budget, [1.0, *[JUDGE_SHARE] * (budget.candidates if judge else 0)])
    result = _search(adapter, obs, budget, question, slot, deadline=ends[0])
    index = budget.choose(result)
    chosen = result.candidates[index]
    response = advisor_pb2.SuggestMoveResponse(
        best_move=adapter.move_message(chosen.action, result.player),
        candidates=answers.candidates(  # the level's choice is always in the table
            adapter, obs, result, max(budget.candidates, index + 1), pv_length
        ),
        root_win_probability=result.root_values,
        stats=answers.stats(result, budget.clamped),
        seat=result.player,
        level=budget.strength if budget.weakened else 0,
    )
    if judge:
        judged, iterations = _judged_candidates(adapter, obs, result, budget, question, slot)
        response.judged.extend(judged)
        response.judging_iterations = iterations
    if not skip_follow_ups:
        response.follow_ups.extend(
            _follow_ups(adapter, obs, chosen.action, chosen.pv[1:], budget, slot))
    return response.SerializeToString()


def _judged_candidates(
    adapter: GameAdapter, obs: Any, result: SearchResult, budget: Budget, question: Question,
    slot: int,
) -> tuple[list[advisor_pb2.MoveAssessment], int]:
    """The shown candidates, each judged from its own search against the search's choice,
    highest judged value first, and the iterations those searches ran. The choice's reasons
    compare it with the best other shown candidate, every other's with the choice; the
    choice's loss's interval is measured against its rival, the runner-up, as in Evaluate."""
    cancel = SlotCancel(slot)
    shown = result.candidates[: budget.candidates]
    searched = result.candidates[: max(len(shown), 2)]  # the choice's rival, shown or not
    ends = _judging_plan(budget, len(searched))
    searches = [judging.own_search(adapter, obs, c.action, budget, cancel, question, end)
                for c, end in zip(searched, ends, strict=True)]
    runs, best = searches[: len(shown)], searches[0]
    ranked = judging.ordered(runs)
    others = [j.action for j in ranked if j is not best]
    judged, more = [], 0
    for j in ranked:  # each judged as Evaluate judges it: settled against the best, the
        choice = j is best  # choice against its rival
        other = searches[1] if choice and len(searches) > 1 else best
        mine, top, extra = judging.settled(adapter, obs, j, other, budget, cancel, question,
                                           choice)
        more += extra
        judged.append(judging.assessment(
            adapter, obs, result, mine, mine if choice else top,
            best.action if not choice else others[0] if others else None, runs, budget.seed,
            against=top,
        ))
    judged.sort(key=lambda a: a.win_probability, reverse=True)  # as settled
    return judged, sum(j.iterations for j in searches) + more


def _follow_ups(
    adapter: GameAdapter, obs: Any, action: Any, pv: Sequence[Any], budget: Budget, slot: int
) -> list[common_pb2.Move]:
    """The same seat's remaining decisions this turn, in one sampled world: the searched line
    while it is legal there, else a follow-up search on that world's observation."""
    engine = adapter.engine
    rng = random.Random(f"follow-ups/{budget.seed}")
    world = engine.sample(obs, rng)
    seat = engine.current_player(world)
    engine.apply(world, action, rng)
    line = list(pv)
    out: list[common_pb2.Move] = []
    while adapter.in_follow_up(world, seat) and len(out) < MAX_FOLLOW_UPS:
        legal = engine.legal_actions(world)
        if line and line[0] in legal:
            step = line.pop(0)
        elif len(legal) == 1:
            step, line = legal[0], []
        elif budget.deadline is not None and now() >= budget.deadline:
            line = []
            priors = adapter.evaluator.priors(world, legal)  # no time left: the priors' choice
            step = legal[max(range(len(legal)), key=priors.__getitem__)]
        else:
            line = []
            limits = budget.limits(SlotCancel(slot), FOLLOW_UP_SHARE)
            observation = engine.observe(world, seat)
            config = replace(budget.config(), workers=1)  # a short search: no worker start-up
            step = ismcts(engine, adapter.evaluator, observation, limits, config,
                          seed=budget.seed).action
        out.append(adapter.move_message(step, seat))
        engine.apply(world, step, rng)
    return out


def analyze(game: str, obs: Any, budget: Budget, report_ms: int, job: int, slot: int) -> bytes:
    """Analyze: partial answers go to the progress queue; the final one is returned."""
    adapter = adapter_by_name(game)
    question = Question.of(adapter, obs, budget)

    def report(partial: SearchResult) -> None:
        _progress.put((job, _analysis(adapter, obs, partial, budget, final=False)))

    result = _search(adapter, obs, budget, question, slot, on_progress=report,
                     progress_ms=report_ms)
    return _analysis(adapter, obs, result, budget, final=True)


def _analysis(
    adapter: GameAdapter, obs: Any, result: SearchResult, budget: Budget, *, final: bool
) -> bytes:
    return advisor_pb2.AnalyzeResponse(
        best_move=adapter.move_message(result.action, result.player),
        candidates=answers.candidates(adapter, obs, result, budget.candidates),
        root_win_probability=result.root_values,
        stats=answers.stats(result, budget.clamped),
        is_final=final,
        seat=result.player,
    ).SerializeToString()


def evaluate(game: str, obs: Any, action: Any, budget: Budget, slot: int) -> bytes:
    """Evaluate: win chances (tournament and match), expected points and, with `action`, its
    judgement: the main search (SuggestMove's) names the best move, then the move and the best
    each get a search of their own (`advisor.judging`)."""
    adapter = adapter_by_name(game)
    question = Question.of(adapter, obs, budget)
    ends = _time_plan(budget, [1.0] if action is None else [1.0, JUDGE_SHARE, JUDGE_SHARE])
    result = _search(adapter, obs, budget, question, slot, deadline=ends[0])
    response = advisor_pb2.EvaluateResponse(
        win_probability=result.root_values,
        expected_points=_expected_points(adapter, obs, budget),
        stats=answers.stats(result, budget.clamped),
        summaries=adapter.summaries(obs),
        best_move=adapter.move_message(result.action, result.player),
        match_win_probability=adapter.match_wins(obs, budget.seed, budget.deadline),
    )
    if action is not None:
        is_best = action == result.action
        mine, other, iterations = judging.judged_pair(
            adapter, obs, result, action, budget, SlotCancel(slot), question,
            _judging_plan(budget, 2))
        response.assessment.CopyFrom(judging.assessment(
            adapter, obs, result, mine, mine if is_best else other,
            judging.rival(result) if is_best else result.action, [mine, other], budget.seed,
            against=other,
        ))
        response.judging_iterations = iterations
    return response.SerializeToString()


def _time_plan(budget: Budget, shares: Sequence[float]) -> list[float | None]:
    """The instant each of a call's searches, run in turn, must stop by: the time to the
    deadline (less `PLAYOUT_TIME_SHARE` for the playouts) split in proportion to `shares`;
    None for each when the call has no deadline."""
    if budget.deadline is None:
        return [None] * len(shares)
    start = now()
    usable = (1 - PLAYOUT_TIME_SHARE) * (budget.deadline - start)
    total, done = sum(shares), 0.0
    ends: list[float | None] = []
    for share in shares:
        done += share
        ends.append(start + usable * done / total)
    return ends


def _judging_plan(budget: Budget, searches: int) -> list[float | None]:
    """The instant each of `searches` judging searches, run in turn, must stop by, planned when
    judging starts: equal parts of the time left. Planned at the call's arrival instead, a main
    search (or the answer built after it) that ran late would leave the first judged move, the
    search's own choice, one iteration and an interval of no use."""
    return _time_plan(budget, [JUDGE_SHARE] * searches)


def _expected_points(adapter: GameAdapter, obs: Any, budget: Budget) -> list[float]:
    """Mean final score per seat over `EVALUATION_PLAYOUTS` heuristic playouts from sampled
    worlds, fewer (at least one) when the call's deadline comes first: on a loaded machine the
    playouts must not make the answer late."""
    engine, evaluator = adapter.engine, adapter.evaluator
    rng = random.Random(f"playouts/{budget.seed}")
    playouts: list[list[float]] = []
    while len(playouts) < EVALUATION_PLAYOUTS:
        world = engine.sample(obs, rng)
        for _ply in range(PLAYOUT_PLY_CAP):
            if engine.is_terminal(world):
                break
            engine.apply(world, evaluator.rollout_action(world, rng), rng)
        playouts.append([adapter.points(world, s) for s in range(engine.num_players(world))])
        if budget.deadline is not None and now() >= budget.deadline:
            break
    return [sum(scores) / len(playouts) for scores in zip(*playouts, strict=True)]
