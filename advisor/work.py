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

from advisor import answers, coaching
from advisor.budget import Budget
from advisor.coaching import Reason
from advisor.games import ADAPTERS, GameAdapter, adapter_by_name
from contract.v1 import advisor_pb2, common_pb2
from search import SearchResult, ismcts
from search.compiled import warm_up
from search.compiled_game import compiled_twin
from search.limits import now
from search.result import Candidate

FOLLOW_UP_SHARE = 0.25
"""Budget share of each follow-up search (when the principal variation does not reach)."""
MAX_FOLLOW_UPS = 8
EVALUATION_PLAYOUTS = 16
PLAYOUT_TIME_SHARE = 0.15  # of the time to a call's deadline, kept by Evaluate for playouts
PLAYOUT_PLY_CAP = 2000

_flags: Any = None
_progress: Any = None


def init_worker(flags: Any, progress: Any) -> None:
    """Pool initializer: keep the shared cancellation flags and progress queue, and leave
    Ctrl-C to the server process (it shuts the pool down cleanly)."""
    global _flags, _progress
    _flags, _progress = flags, progress
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def warm() -> int:
    """Start this worker: compile (or load from numba's cache) every game's compiled search, so
    no request pays for it. Returns the process id."""
    for adapter in ADAPTERS.values():
        twin = compiled_twin(adapter.engine, "compiled")
        if twin is not None:
            warm_up(twin)
    return os.getpid()


class SlotCancel:
    """The search's cancel token: this job's flag in shared memory."""

    def __init__(self, slot: int):
        self.slot = slot

    def is_set(self) -> bool:
        return bool(_flags[self.slot])


def _search(
    adapter: GameAdapter, obs: Any, budget: Budget, slot: int, judging: bool = False,
    **limits: Any,
) -> SearchResult:
    base = budget.limits(SlotCancel(slot))
    if limits:
        base = replace(base, **limits)
    config = budget.config(judging=judging)
    return ismcts(adapter.engine, obs, base, config, seed=budget.seed)


def suggest(
    game: str, obs: Any, budget: Budget, skip_follow_ups: bool, pv_length: int, slot: int
) -> bytes:
    """SuggestMove: search, choose by strength, then work out the rest of the turn."""
    adapter = adapter_by_name(game)
    result = _search(adapter, obs, budget, slot)
    index = budget.choose(result)
    chosen = result.candidates[index]
    follow_ups = (
        []
        if skip_follow_ups
        else _follow_ups(adapter, obs, chosen.action, chosen.pv[1:], budget, slot)
    )
    return advisor_pb2.SuggestMoveResponse(
        best_move=adapter.move_message(chosen.action, result.player),
        candidates=answers.candidates(  # the level's choice is always in the table
            adapter, obs, result, max(budget.candidates, index + 1), pv_length
        ),
        root_win_probability=result.root_values,
        stats=answers.stats(result, budget.clamped),
        follow_ups=follow_ups,
        seat=result.player,
        level=budget.strength if budget.weakened else 0,
    ).SerializeToString()


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
            priors = engine.priors(world, legal)  # no time left: the heuristic's choice
            step = legal[max(range(len(legal)), key=priors.__getitem__)]
        else:
            line = []
            limits = budget.limits(SlotCancel(slot), FOLLOW_UP_SHARE)
            observation = engine.observe(world, seat)
            config = replace(budget.config(), workers=1)  # a short search: no worker start-up
            step = ismcts(engine, observation, limits, config, seed=budget.seed).action
        out.append(adapter.move_message(step, seat))
        engine.apply(world, step, rng)
    return out


def analyze(game: str, obs: Any, budget: Budget, report_ms: int, job: int, slot: int) -> bytes:
    """Analyze: partial answers go to the progress queue; the final one is returned."""
    adapter = adapter_by_name(game)

    def report(partial: SearchResult) -> None:
        _progress.put((job, _analysis(adapter, obs, partial, budget, final=False)))

    result = _search(adapter, obs, budget, slot, on_progress=report, progress_ms=report_ms)
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
    """Evaluate: win chances (tournament and match), expected points and a move's grade."""
    adapter = adapter_by_name(game)
    if budget.deadline is None:
        result = _search(adapter, obs, budget, slot, judging=True)
    else:  # keep part of the time to the deadline for the playouts below
        start = now()
        result = _search(adapter, obs, budget, slot, judging=True,
                         deadline=start + (1 - PLAYOUT_TIME_SHARE) * (budget.deadline - start))
    response = advisor_pb2.EvaluateResponse(
        win_probability=result.root_values,
        expected_points=_expected_points(adapter, obs, budget),
        stats=answers.stats(result, budget.clamped),
        summaries=adapter.summaries(obs),
        best_move=adapter.move_message(result.action, result.player),
        match_win_probability=adapter.match_wins(obs, budget.seed, budget.deadline),
    )
    if action is not None:
        response.assessment.CopyFrom(_assess(adapter, obs, action, result, budget))
    return response.SerializeToString()


def _expected_points(adapter: GameAdapter, obs: Any, budget: Budget) -> list[float]:
    """Mean final score per seat over heuristic playouts from sampled worlds."""
    engine = adapter.engine
    rng = random.Random(f"playouts/{budget.seed}")
    totals: list[float] = []
    for _ in range(EVALUATION_PLAYOUTS):
        world = engine.sample(obs, rng)
        for _ply in range(PLAYOUT_PLY_CAP):
            if engine.is_terminal(world):
                break
            engine.apply(world, engine.rollout_action(world, rng), rng)
        scores = [adapter.points(world, s) for s in range(engine.num_players(world))]
        totals = [a + b for a, b in zip(totals, scores, strict=True)] if totals else scores
    return [t / EVALUATION_PLAYOUTS for t in totals]


def _assess(
    adapter: GameAdapter, obs: Any, action: Any, result: SearchResult, budget: Budget
) -> advisor_pb2.MoveAssessment:
    """Rank, value loss, grade, ties, reasons and expected lines of `action` against the
    search's candidates."""
    best, seat = result.best, result.player
    ranked = [c.action for c in result.candidates]
    rank = ranked.index(action) + 1 if action in ranked else 0
    alternative = best.action if rank != 1 else ranked[1] if len(ranked) > 1 else None
    reasons = adapter.reasons(obs, action, alternative, random.Random(f"reasons/{budget.seed}"))
    assessment = advisor_pb2.MoveAssessment(
        move=adapter.move_message(action, seat), rank=rank, candidates=len(ranked)
    )
    if rank:
        mine = result.candidates[rank - 1]
        reasons.insert(0, _comparison(adapter, mine, result))
        _judge(assessment, adapter, obs, mine, result)
    assessment.explanations.extend(r.message() for r in reasons)
    assessment.reasons.extend(r.text for r in reasons)
    return assessment


def _comparison(adapter: GameAdapter, mine: Candidate, result: SearchResult) -> Reason:
    """How the move stands against the search's choice, with both intervals."""
    best = result.best
    words = adapter.move_message(best.action, best.player).description
    if mine is best:
        text = f"the search's choice: {_chance(mine)} to win"
    elif coaching.tied(mine, best):
        text = (f"about as good as {words}: {_chance(mine)} against {_chance(best)} to win; "
                "the search cannot tell them apart")
    else:
        text = f"{words} is better: {_chance(best)} to win against {_chance(mine)}"
    return Reason("win_probability", text, mine.value, best.value, words)


def _chance(c: Candidate) -> str:
    low, high = coaching.interval(c)
    return f"{c.value:.0%} ({low:.0%}-{high:.0%}, {c.visits} visits)"


def _judge(
    assessment: advisor_pb2.MoveAssessment, adapter: GameAdapter, obs: Any, mine: Candidate,
    result: SearchResult,
) -> None:
    """Fill in the numbers of a searched move: value, loss, interval, ties, grade and lines."""
    best, seed = result.best, result.stats.seed
    loss = 0.0 if mine is best else max(0.0, best.value - mine.value)
    tie = coaching.tied(mine, best)
    assessment.win_probability, assessment.value_loss = mine.value, loss
    assessment.visits = mine.visits
    assessment.lcb, assessment.ucb = coaching.interval(mine)
    assessment.tied_with_best = tie
    assessment.tied_with.extend(
        adapter.move_message(c.action, c.player)
        for c in result.candidates if c is not mine and coaching.tied(mine, c)
    )
    assessment.grade = coaching.grade(loss, tie)
    line = coaching.line_steps(mine, answers.pv_moves(adapter, obs, mine.pv, seed))
    assessment.line.extend(line)
    if mine is not best:
        best_line = coaching.line_steps(best, answers.pv_moves(adapter, obs, best.pv, seed))
        assessment.best_line.extend(best_line)
        assessment.divergence = coaching.divergence(line, best_line)
