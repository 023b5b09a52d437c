"""What a search answers: ranked candidates, root values per seat, statistics."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from search.config import Engine
from search.tree import Node

StopReason = Literal["iterations", "time", "deadline", "cancelled", "nodes", "running"]
"""What ended a search (`running` in progress reports)."""

LCB_Z = 1.96



@dataclass(frozen=True)
class Candidate:
    """One root action with its statistics; `values[player]` is its value to the mover."""

    action: Hashable
    player: int
    visits: int
    availability: int
    values: tuple[float, ...]
    """Mean reward per seat after this action."""
    prior: float
    lcb: float
    """Wilson lower confidence bound (z = 1.96) on the mover's value."""
    pv: tuple[Hashable, ...]
    """Principal variation starting with `action` (every seat's moves, most visited line)."""
    line_visits: tuple[int, ...] = ()
    """Visits of each node of `pv` (empty where the search keeps no tree: flat Monte Carlo)."""
    line_values: tuple[tuple[float, ...], ...] = ()
    """Mean reward per seat after each move of `pv` (as `line_visits`)."""

    @property
    def value(self) -> float:
        """Mean reward of the seat making this move."""
        return self.values[self.player]


@dataclass(frozen=True)
class SearchStats:
    """How much searching went into a result."""

    iterations: int
    nodes: int
    """Tree size at the end (summed over workers)."""
    elapsed: float
    """Wall seconds from the call to the answer."""
    worlds: int
    """Determinizations sampled."""
    workers: int
    seed: int
    """The request seed: searching again with it and an iteration budget gives this result."""
    stopped_by: StopReason
    engine: Engine = "python"
    """The search that ran: `compiled` (a game's numba kernel) or `python`."""

    @property
    def iterations_per_second(self) -> float:
        """Throughput over the whole call (all workers)."""
        return self.iterations / self.elapsed if self.elapsed > 0 else 0.0


@dataclass(frozen=True)
class SearchResult:
    """Candidates ranked best first: by most visits, then value, then a seeded tie-break;
    PIMC's rollouts by value."""

    player: int
    """Seat to move at the root."""
    candidates: tuple[Candidate, ...]
    root_values: tuple[float, ...]
    """Mean reward per seat over all iterations."""
    stats: SearchStats
    tree: Node | None = field(default=None, repr=False, compare=False)
    """The in-process tree, for `search.reuse.subtree` (worker 0's with several workers)."""

    @property
    def action(self) -> Hashable:
        """The chosen action: the first candidate (the most visited one by default)."""
        return self.candidates[0].action

    @property
    def best(self) -> Candidate:
        """The chosen candidate."""
        return self.candidates[0]


@dataclass
class ActionStats:
    """Mergeable statistics of one root action (what a worker sends back)."""

    action: Hashable
    visits: int
    availability: int
    totals: list[float]
    prior: float
    pv: tuple[Hashable, ...]
    line_visits: tuple[int, ...] = ()
    line_values: tuple[tuple[float, ...], ...] = ()


@dataclass
class RootSummary:
    """Mergeable statistics of a root: all a worker process returns."""

    player: int
    visits: int
    totals: list[float]
    actions: list[ActionStats]
    iterations: int
    nodes: int
    worlds: int
    stopped_by: StopReason


def summarize(
    root: Node, player: int, iterations: int, nodes: int, stopped_by: StopReason
) -> RootSummary:
    """The root statistics of a tree, visited actions only."""
    actions = [_action_stats(c) for c in root.children.values() if c.visits > 0]
    return RootSummary(
        player, root.visits, list(root.totals), actions, iterations, nodes, iterations, stopped_by
    )


def _action_stats(child: Node) -> ActionStats:
    line = child.principal_nodes()
    return ActionStats(
        child.action, child.visits, child.avail, list(child.totals), child.prior,
        pv=tuple(n.action for n in line),
        line_visits=tuple(n.visits for n in line),
        line_values=tuple(tuple(n.mean(s) for s in range(len(n.totals))) for n in line),
    )


def merge(summaries: Sequence[RootSummary]) -> RootSummary:
    """Sum per-action statistics across workers; action order is first appearance by worker."""
    first = summaries[0]
    merged: dict[Hashable, ActionStats] = {}
    pv_visits: dict[Hashable, int] = {}
    for summary in summaries:
        for a in summary.actions:
            m = merged.get(a.action)
            if m is None:
                merged[a.action] = ActionStats(
                    a.action, a.visits, a.availability, list(a.totals), a.prior, a.pv,
                    a.line_visits, a.line_values,
                )
                pv_visits[a.action] = a.visits
                continue
            m.visits += a.visits
            m.availability += a.availability
            m.totals = [x + y for x, y in zip(m.totals, a.totals, strict=True)]
            if m.prior == 0.0:
                m.prior = a.prior
            if a.visits > pv_visits[a.action]:
                m.pv, m.line_visits, m.line_values = a.pv, a.line_visits, a.line_values
                pv_visits[a.action] = a.visits
    totals = [0.0] * len(first.totals)
    for summary in summaries:
        totals = [x + y for x, y in zip(totals, summary.totals, strict=True)]
    stop_order: list[StopReason] = ["cancelled", "deadline", "time", "nodes", "iterations"]
    stopped_by = next(r for r in stop_order if any(s.stopped_by == r for s in summaries))
    return RootSummary(
        player=first.player,
        visits=sum(s.visits for s in summaries),
        totals=totals,
        actions=list(merged.values()),
        iterations=sum(s.iterations for s in summaries),
        nodes=sum(s.nodes for s in summaries),
        worlds=sum(s.worlds for s in summaries),
        stopped_by=stopped_by,
    )


def wilson_lower_bound(mean: float, n: int, z: float = LCB_Z) -> float:
    """Lower confidence bound on a mean of rewards in [0, 1] after `n` samples."""
    if n <= 0:
        return 0.0
    p = min(1.0, max(0.0, mean))
    z2 = z * z
    centre = p + z2 / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, (centre - spread) / (1 + z2 / n))


def wilson_upper_bound(mean: float, n: int, z: float = LCB_Z) -> float:
    """Upper confidence bound on a mean of rewards in [0, 1] after `n` samples."""
    return 1.0 - wilson_lower_bound(1.0 - mean, n, z) if n > 0 else 1.0


def build_result(
    summary: RootSummary,
    *,
    seed: int,
    elapsed: float,
    workers: int,
    tree: Node | None = None,
    rank_by_value: bool = False,
    engine: Engine = "python",
) -> SearchResult:
    """Rank the candidates of a summary and package them as a `SearchResult`.

    Candidates rank by visits (the robust choice of a tree search), then value; with
    `rank_by_value` (flat Monte Carlo, where visits only reflect the allocation) by value first.
    Ties left fall to a tie-break seeded by `seed`.
    """
    player = summary.player
    tiebreak = random.Random(f"tiebreak/{seed}")
    ranked: list[tuple[float, float, float, Candidate]] = []
    for a in summary.actions:
        values = tuple(t / a.visits for t in a.totals)
        candidate = Candidate(
            action=a.action,
            player=player,
            visits=a.visits,
            availability=a.availability,
            values=values,
            prior=a.prior,
            lcb=wilson_lower_bound(values[player], a.visits),
            pv=a.pv,
            line_visits=a.line_visits,
            line_values=a.line_values,
        )
        key = (-values[player], -a.visits) if rank_by_value else (-a.visits, -values[player])
        ranked.append((*key, tiebreak.random(), candidate))
    ranked.sort(key=lambda row: row[:3])
    n = summary.visits
    root_values = tuple(t / n if n else 0.0 for t in summary.totals)
    stats = SearchStats(
        iterations=summary.iterations,
        nodes=summary.nodes,
        elapsed=elapsed,
        worlds=summary.worlds,
        workers=workers,
        seed=seed,
        stopped_by=summary.stopped_by,
        engine=engine,
    )
    return SearchResult(player, tuple(row[3] for row in ranked), root_values, stats, tree)
