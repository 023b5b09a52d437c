"""Running a match or a ladder: schedule the games, play them, tally, stop early on an SPRT."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from clients.arena.executors import Executor
from clients.arena.progress import Progress
from clients.arena.record import GameRecord, GameTask
from clients.arena.schedule import DEFAULT_MAX_PLIES, ladder_pairings, match_tasks
from clients.arena.scoring import PairTally, tally
from clients.arena.stats import SPRT, Decision, Rating, fit_ratings


@dataclass(frozen=True)
class SPRTOutcome:
    """Where a sequential test stood when the match ended."""

    test: SPRT
    llr: float
    decision: Decision | None
    deals: int


@dataclass(frozen=True)
class MatchResult:
    """Every game of a match (in game order), A-vs-B tallies and the SPRT if one ran."""

    records: list[GameRecord]
    tallies: list[PairTally]
    sprt: SPRTOutcome | None = None
    interrupted: bool = False
    """Stopped by Ctrl-C: `records` then hold the deals that finished, every seat of them."""


@dataclass(frozen=True)
class LadderResult:
    """Every game of a ladder, the tally of each pairing and the fitted ratings."""

    records: list[GameRecord]
    tallies: list[PairTally]
    ratings: list[Rating]
    interrupted: bool = False
    """As `MatchResult.interrupted`."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during play, carrying the games finished by then (in game order)."""

    def __init__(self, records: list[GameRecord]) -> None:
        super().__init__()
        self.records = records


def play_tasks(
    tasks: Sequence[GameTask],
    executor: Executor,
    progress: Progress | None = None,
    stop: Callable[[dict[int, GameRecord]], bool] | None = None,
) -> list[GameRecord]:
    """Play `tasks`; after each game `stop(records so far by index)` may end the run early.

    Ctrl-C stops the games and raises `Interrupted` with the ones that finished.
    """
    done: dict[int, GameRecord] = {}
    errors = 0
    games = executor.run(tasks)
    try:
        for record in games:
            done[record.task.index] = record
            errors += not record.scored
            if progress is not None:
                progress.update(len(done), f"errors {errors}" if errors else "")
            if stop is not None and stop(done):
                break
    except KeyboardInterrupt:
        raise Interrupted([done[i] for i in sorted(done)]) from None
    finally:
        close = getattr(games, "close", None)
        if close is not None:
            close()
        if progress is not None:
            progress.close()
    return [done[i] for i in sorted(done)]


def whole_deals(records: Sequence[GameRecord], tasks: Sequence[GameTask]) -> list[GameRecord]:
    """The records of the deals of which every game (every seat rotation) is among them."""
    scheduled = Counter((t.pairing, t.deal) for t in tasks)
    played = Counter((r.task.pairing, r.task.deal) for r in records)
    return [r for r in records if played[r.task.pairing, r.task.deal]
            == scheduled[r.task.pairing, r.task.deal]]


def play_whole_deals(
    tasks: Sequence[GameTask],
    executor: Executor,
    progress: Progress | None = None,
    stop: Callable[[dict[int, GameRecord]], bool] | None = None,
) -> tuple[list[GameRecord], bool]:
    """`play_tasks`, but Ctrl-C keeps the deals that finished; returns (records, interrupted)."""
    try:
        return play_tasks(tasks, executor, progress, stop), False
    except Interrupted as interrupted:
        return whole_deals(interrupted.records, tasks), True


def _linked_to(anchor: str, tallies: Sequence[PairTally]) -> list[str]:
    """The anchor, then every bot that a chain of played pairings links to it."""
    linked = [anchor]
    for name in linked:
        for t in tallies:
            if t.games and name in (t.a, t.b):
                other = t.b if name == t.a else t.a
                if other not in linked:
                    linked.append(other)
    return linked


def _ratings(names: list[str], anchor: str, tallies: Sequence[PairTally]) -> list[Rating]:
    """Ratings of `names`, anchored at `anchor`, from the pairings among them."""
    index = {name: i for i, name in enumerate(names)}
    rows = [(index[t.a], index[t.b], t.points, t.games)
            for t in tallies if t.games and t.a in index and t.b in index]
    return fit_ratings(names, rows, anchor=index[anchor])


class SequentialStop:
    """Evaluates an SPRT deal by deal, in deal order, as games come in; true once decided."""

    def __init__(self, test: SPRT, bots: Sequence[str], deals: int, per_deal: int,
                 tally_of: Callable[[Iterable[GameRecord], str, str], PairTally] = tally):
        """`tally_of(records, a, b)` scores the deals (A against B by default; `share_tally`
        for A's share of the wins against copies of B)."""
        self.test = test
        self.a, self.b = bots
        self.tally_of = tally_of
        self.total = deals
        self.per_deal = per_deal
        self.deals = 0  # complete deals evaluated so far
        self.llr = 0.0
        self.decision: Decision | None = None

    def __call__(self, done: dict[int, GameRecord]) -> bool:
        while self.decision is None and self.deals < self.total and self._complete(done):
            self.deals += 1
            records = [done[i] for i in range(self.deals * self.per_deal)]
            counts, values = self.tally_of(records, self.a, self.b).deal_outcomes(self.per_deal)
            self.llr = self.test.llr(counts, values)
            self.decision = self.test.decide(self.llr)
        return self.decision is not None

    def _complete(self, done: dict[int, GameRecord]) -> bool:
        first = self.deals * self.per_deal
        return all(i in done for i in range(first, first + self.per_deal))

    def outcome(self) -> SPRTOutcome:
        return SPRTOutcome(self.test, self.llr, self.decision, self.deals)


def run_match(
    game: str,
    bots: Sequence[str],
    num_players: int,
    deals: int,
    run_seed: int,
    executor: Executor,
    *,
    sprt: SPRT | None = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    show_progress: bool = True,
) -> MatchResult:
    """Play a match; with `sprt` (two bots only), stop after the first deal that decides it.

    The test is evaluated deal by deal in deal order, so where it stops does not depend on which
    games happened to finish first (games of later deals already played are dropped). Ctrl-C
    ends the match early with the deals that finished (`interrupted`).
    """
    if len(set(bots)) != len(bots):
        raise ValueError("a match needs distinct bot specs")
    if sprt is not None and len(bots) != 2:
        raise ValueError("an SPRT compares exactly two bots")
    tasks = match_tasks(game, bots, num_players, deals, run_seed, max_plies=max_plies)
    progress = Progress(len(tasks), "match") if show_progress else None
    stop = None if sprt is None else SequentialStop(sprt, bots, deals, len(tasks) // deals)
    records, interrupted = play_whole_deals(tasks, executor, progress, stop)
    if stop is not None:
        records = [r for r in records if r.task.deal < stop.deals]
    tallies = [tally(records, a, b) for a, b in combinations(bots, 2)]
    return MatchResult(records, tallies, None if stop is None else stop.outcome(), interrupted)


def run_ladder(
    game: str,
    bots: Sequence[str],
    num_players: int,
    deals: int,
    run_seed: int,
    executor: Executor,
    *,
    anchor: str | None = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    show_progress: bool = True,
) -> LadderResult:
    """All-play-all: every pairing plays `deals` deals; ratings anchored at `anchor` (0 Elo).

    The anchor defaults to `random` when it plays, else to the first bot. After Ctrl-C, a bot
    that no finished pairing links to the anchor goes unrated.
    """
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("a ladder needs at least two distinct bot specs")
    if anchor is None:
        anchor = "random" if "random" in bots else bots[0]
    if anchor not in bots:
        raise ValueError(f"anchor {anchor!r} is not one of the bots")
    tasks: list[GameTask] = []
    for a, b in ladder_pairings(bots):
        tasks += match_tasks(
            game, (a, b), num_players, deals, run_seed, first_index=len(tasks), max_plies=max_plies
        )
    progress = Progress(len(tasks), "ladder") if show_progress else None
    records, interrupted = play_whole_deals(tasks, executor, progress)
    tallies = [tally(records, a, b) for a, b in ladder_pairings(bots)]
    linked = _linked_to(anchor, tallies)
    ratings = _ratings([b for b in bots if b in linked], anchor, tallies)
    return LadderResult(records, tallies, ratings, interrupted)
