"""Ctrl-C or `kill` during a run keeps the deals that finished, every seat of them."""

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from benchmarks.strength.targets import Target, heads_up
from clients.arena.executors import Executor
from clients.arena.record import GameRecord, GameTask, read_json
from clients.arena.referee import play
from clients.arena.replay import replay
from clients.arena.runner import run_ladder, run_match
from clients.arena.stats import SPRT

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class StopsAfter(Executor):
    """Plays the first `games` tasks in this process, then acts as if Ctrl-C were pressed."""

    games: int = 0

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        for task in tasks[: self.games]:
            yield play(task)
        raise KeyboardInterrupt


def test_an_interrupted_match_keeps_only_the_deals_played_from_both_seats():
    result = run_match(
        "splendor_marvel", ["random", "greedy"], 2, 5, 3, StopsAfter(games=5), show_progress=False
    )
    assert result.interrupted
    assert [(r.task.deal, r.task.rotation) for r in result.records] == [
        (0, 0), (0, 1), (1, 0), (1, 1)
    ]  # fmt: skip
    assert result.tallies[0].games == 4


def test_an_interrupted_sprt_match_reports_where_the_test_stood():
    result = run_match(
        "splendor_marvel", ["random", "greedy"], 2, 30, 2, StopsAfter(games=7),
        sprt=SPRT(-50, 50), show_progress=False,
    )  # fmt: skip
    assert result.interrupted and result.sprt is not None
    assert result.sprt.decision is None and result.sprt.deals == 3
    assert len(result.records) == 6


def test_an_interrupted_ladder_rates_the_pairings_that_finished_a_deal():
    bots = ["random", "greedy", "pimc:iters=8,worlds=2,depth=2"]
    result = run_ladder(
        "splendor_marvel", bots, 2, 1, 4, StopsAfter(games=3), show_progress=False
    )
    assert result.interrupted
    assert [(t.a, t.b, t.games) for t in result.tallies] == [
        ("random", "greedy", 2), ("random", bots[2], 0), ("greedy", bots[2], 0)
    ]  # fmt: skip
    assert [r.name for r in result.ratings] == ["random", "greedy"]


def test_an_interrupt_before_any_game_keeps_nothing():
    result = run_match(
        "splendor_marvel", ["random", "greedy"], 2, 3, 3, StopsAfter(games=0), show_progress=False
    )
    assert result.interrupted and result.records == [] and result.tallies[0].games == 0


GAMES_BEFORE_STOP = 8
"""Finished games awaited before the signal: with 2 processes at most 2 of the first 10 games
are still in flight, so at least three deals are complete from both seats."""


def _wait_for_games(stderr, games: int) -> str:
    """Read the progress lines until one counts `games` finished games; what was read."""
    seen = []
    for line in stderr:
        seen.append(line)
        done = re.search(r"\] (\d+)/\d+ games", line)
        if done and int(done[1]) >= games:
            return "".join(seen)
    raise AssertionError("the run ended before its first games: " + "".join(seen))


ARENA_WITH_CTRL_C = ("import runpy, signal; "
                     "signal.signal(signal.SIGINT, signal.default_int_handler); "
                     "runpy.run_module('clients.arena', run_name='__main__', alter_sys=True)")
"""The arena's command line, taking SIGINT as Ctrl-C even when the test runs with SIGINT
ignored (an ignored signal is inherited). Set in the child itself, not by a `preexec_fn`: that
forks the test process, whose gRPC threads (other tests' servers) then break the child."""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_the_command_line_saves_the_finished_deals_when_stopped(tmp_path, signum):
    path = tmp_path / "games.json"
    command = [sys.executable, "-c", ARENA_WITH_CTRL_C, "match", "random", "greedy",
               "--deals", "100000", "--processes", "2", "--json", str(path)]  # fmt: skip
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        head = _wait_for_games(proc.stderr, GAMES_BEFORE_STOP)
        proc.send_signal(signum)
        out, rest = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    err = head + rest
    assert proc.returncode == 130, err
    assert "interrupted: the results count the" in err
    _, records = read_json(path)
    played = {(r.task.deal, r.task.rotation) for r in records}
    assert played and played == {(deal, seat) for deal, _ in played for seat in (0, 1)}
    assert all(replay(r).ok for r in records)
    assert f"{len(records)} games" in err and "random" in out


def test_an_interrupted_target_run_records_nothing():
    target = Target("interrupted", 0.5, "random", "greedy", "random against greedy")
    with pytest.raises(KeyboardInterrupt):
        heads_up(target, 3, 1, StopsAfter(games=3))
