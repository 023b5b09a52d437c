"""Budgets: wall time, deadlines, cancellation from another thread, progress reports.

In-process budgets run on a fake clock (every reading advances it by a millisecond), so the
tests are exact whatever the machine's load. Threads and worker processes run on the real
clock; their tests check that the search stops, never how fast.
"""

from __future__ import annotations

import importlib
import random
import threading
import time

import pytest

from search import Cancelled, Limits, SearchConfig, SearchResult, ismcts
from search.limits import now
from tests.search.toy_games import HighCard, HighCardObservation

TICK = 0.001
"""How far the fake clock advances at each reading, in seconds."""
STOPS = 10.0
"""Seconds within which a search on the real clock must have stopped (it did not hang)."""


class FakeClock:
    """A monotonic clock that advances by `TICK` every time it is read."""

    def __init__(self) -> None:
        self.time = 1000.0

    def __call__(self) -> float:
        self.time += TICK
        return self.time


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    for name in ("limits", "ismcts", "core", "baselines", "compiled", "parallel"):
        monkeypatch.setattr(importlib.import_module(f"search.{name}"), "now", fake)
    return fake


@pytest.fixture
def position() -> tuple[HighCard, HighCardObservation]:
    game = HighCard(deck=15, hand_size=6)
    return game, game.observe(game.deal(random.Random(5)), 0)


def timed(fn: object) -> tuple[SearchResult, float]:
    start = time.monotonic()
    result = fn()  # type: ignore[operator]
    return result, time.monotonic() - start


def test_wall_time_budget_is_respected(
    position: tuple[HighCard, HighCardObservation], clock: FakeClock
) -> None:
    game, observation = position
    result = ismcts(game, game, observation, Limits(time=0.5), seed=1)

    assert result.stats.stopped_by == "time"
    assert 0.5 <= result.stats.elapsed <= 0.5 + 3 * TICK
    assert result.stats.iterations > 100


def test_an_external_deadline_stops_the_search(
    position: tuple[HighCard, HighCardObservation], clock: FakeClock
) -> None:
    game, observation = position
    limits = Limits(time=10.0, deadline=clock() + 0.3)
    result = ismcts(game, game, observation, limits, seed=1)

    assert result.stats.stopped_by == "deadline"
    assert 0.3 - 3 * TICK <= result.stats.elapsed <= 0.3 + 3 * TICK


def test_an_iteration_budget_stops_before_the_time_budget(
    position: tuple[HighCard, HighCardObservation],
) -> None:
    game, observation = position
    result = ismcts(game, game, observation, Limits(iterations=50, time=30.0), seed=1)
    assert result.stats.stopped_by == "iterations"
    assert result.stats.iterations == 50


def test_a_passed_deadline_still_gives_an_answer(
    position: tuple[HighCard, HighCardObservation],
) -> None:
    game, observation = position
    result = ismcts(game, game, observation, Limits(deadline=now() - 1.0), seed=1)
    assert result.stats.iterations == 1
    assert result.action in observation.hand


@pytest.mark.parametrize("token", [threading.Event, Cancelled], ids=["event", "token"])
def test_cancellation_from_another_thread_stops_quickly(
    position: tuple[HighCard, HighCardObservation], token: type
) -> None:
    game, observation = position
    cancel = token()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    try:
        result, elapsed = timed(
            lambda: ismcts(game, game, observation, Limits(cancel=cancel), seed=1)
        )
    finally:
        timer.cancel()

    assert result.stats.stopped_by == "cancelled"
    assert 0.15 <= elapsed <= STOPS
    assert result.action in observation.hand


def test_progress_reports_arrive_while_searching(
    position: tuple[HighCard, HighCardObservation], clock: FakeClock
) -> None:
    game, observation = position
    reports: list[SearchResult] = []
    limits = Limits(time=0.4, on_progress=reports.append, progress_ms=50)
    final = ismcts(game, game, observation, limits, seed=1)

    assert len(reports) >= 6  # every 50 ms of 400
    assert all(r.stats.stopped_by == "running" for r in reports)
    assert all(r.candidates for r in reports)
    counts = [r.stats.iterations for r in reports]
    assert counts == sorted(counts)
    assert counts[-1] < final.stats.iterations


def test_workers_stop_on_cancellation(position: tuple[HighCard, HighCardObservation]) -> None:
    game, observation = position
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    try:
        result, elapsed = timed(
            lambda: ismcts(
                game, game, observation, Limits(cancel=cancel), SearchConfig(workers=2)
            )
        )
    finally:
        timer.cancel()

    assert result.stats.stopped_by == "cancelled"
    assert result.stats.workers == 2
    assert elapsed <= STOPS


def test_workers_stop_at_the_wall_time_budget(
    position: tuple[HighCard, HighCardObservation],
) -> None:
    game, observation = position
    limits = Limits(time=0.5)
    result, elapsed = timed(
        lambda: ismcts(game, game, observation, limits, SearchConfig(workers=2))
    )

    assert result.stats.stopped_by == "time"
    assert result.stats.workers == 2
    assert 0.45 <= elapsed <= STOPS


@pytest.mark.parametrize("workers", [1, 2])
def test_a_node_limit_stops_the_search_once_the_tree_is_that_big(
    position: tuple[HighCard, HighCardObservation], workers: int
) -> None:
    game, observation = position
    config = SearchConfig(engine="python", workers=workers)
    limits = Limits(iterations=100_000, nodes=300)
    result = ismcts(game, game, observation, limits, config, seed=1)
    assert result.stats.stopped_by == "nodes"
    assert 300 <= result.stats.nodes < 300 + 20 * workers  # one iteration's nodes past it
    assert result.stats.iterations < 100_000


def test_a_node_limit_changes_only_where_the_search_stops(
    position: tuple[HighCard, HighCardObservation],
) -> None:
    game, observation = position
    config = SearchConfig(engine="python")
    limits = Limits(iterations=100_000, nodes=300)
    limited = ismcts(game, game, observation, limits, config, seed=1)
    same = ismcts(
        game, game, observation, Limits(iterations=limited.stats.iterations), config, seed=1
    )
    assert (same.candidates, same.stats.nodes) == (limited.candidates, limited.stats.nodes)


def test_a_node_limit_is_no_budget_on_its_own() -> None:
    with pytest.raises(ValueError, match="needs iterations, time, deadline or cancel"):
        Limits(nodes=1000)
    with pytest.raises(ValueError, match="nodes must be >= 1"):
        Limits(iterations=10, nodes=0)
