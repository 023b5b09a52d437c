"""Playing games: the same seeds give the same games anywhere; crashes are recorded; replays."""

import importlib.util
import json
from dataclasses import replace

import pytest

from clients.arena import referee
from clients.arena.executors import Executor
from clients.arena.record import read_json, write_csv, write_json
from clients.arena.replay import replay
from clients.arena.runner import run_ladder, run_match
from clients.arena.specs import build_bot
from clients.arena.stats import SPRT

BOTS = ["greedy", "ismcts:iters=8,depth=2"]


def _match(executor: Executor, deals: int = 2):
    return run_match("splendor_marvel", BOTS, 2, deals, 11, executor, show_progress=False)


@pytest.fixture(scope="module")
def serial():
    return _match(Executor(processes=1))


def test_same_seeds_give_the_same_games_with_one_or_two_processes(serial):
    parallel = _match(Executor(processes=2))
    assert [r.without_timing() for r in parallel.records] == [
        r.without_timing() for r in serial.records
    ]
    assert all(r.status == "finished" and r.moves for r in serial.records)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_same_seeds_give_the_same_games_on_ray_in_local_mode(serial):
    on_ray = _match(Executor(ray=True))
    assert [r.without_timing() for r in on_ray.records] == [
        r.without_timing() for r in serial.records
    ]


def test_each_bot_plays_each_deal_from_each_seat(serial):
    by_deal = {}
    for r in serial.records:
        by_deal.setdefault(r.task.deal, []).append(r.task.bots)
    both_seats = [tuple(BOTS), tuple(reversed(BOTS))]
    assert by_deal == {0: both_seats, 1: both_seats}


def test_replay_reproduces_every_recorded_game(serial, tmp_path):
    path = tmp_path / "games.json"
    write_json(path, serial.records, {"seed": 11})
    _, loaded = read_json(path)
    assert [r.without_timing() for r in loaded] == [r.without_timing() for r in serial.records]
    assert all(replay(r).ok for r in loaded)


def test_replay_catches_a_tampered_game(serial):
    record = serial.records[0]
    assert not replay(replace(record, returns=tuple(1 - x for x in record.returns))).ok
    assert not replay(replace(record, moves=record.moves[:-1])).ok
    assert not replay(replace(record, moves=("pass", *record.moves))).ok


def test_csv_has_one_row_per_game(serial, tmp_path):
    path = tmp_path / "games.csv"
    write_csv(path, serial.records)
    assert len(path.read_text().strip().splitlines()) == 1 + len(serial.records)


class _Crashing:
    """A bot that raises on some decisions (chosen by its seed, so deterministically)."""

    name = "crashing"

    def __init__(self, inner):
        self.inner = inner

    def choose(self, observation, limits, seed):
        if seed % 40 == 0:
            raise RuntimeError("boom")
        return self.inner.choose(observation, limits, seed)


def test_a_crashing_bot_is_recorded_as_an_error_and_the_run_goes_on(monkeypatch):
    def build(spec, game):
        bot, limits = build_bot(spec, game)
        return (_Crashing(bot), limits) if spec.kind == "random" else (bot, limits)

    monkeypatch.setattr(referee, "build_bot", build)
    result = run_match(
        "splendor_marvel", ["random", "greedy"], 2, 6, 3, Executor(processes=1),
        show_progress=False,
    )  # fmt: skip
    assert len(result.records) == 12
    errors = [r for r in result.records if r.status == "error"]
    assert errors and len(errors) < 12
    for r in errors:
        assert "RuntimeError: boom" in r.error and "(random)" in r.error
        assert r.task.setup_seed and r.task.bot_seeds
        assert replay(r).ok  # the moves before the crash replay, and the game is unfinished
    tally = result.tallies[0]
    assert tally.errors == len(errors) and tally.games == 12 - len(errors)


def test_the_referee_cap_ends_a_long_game_as_a_reported_draw():
    result = run_match(
        "splendor_marvel", ["random", "greedy"], 2, 1, 1, Executor(processes=1),
        max_plies=10, show_progress=False,
    )  # fmt: skip
    assert [r.status for r in result.records] == ["capped", "capped"]
    assert result.records[0].returns == (0.5, 0.5)
    assert result.tallies[0].draws == 2 and result.tallies[0].capped == 2
    assert all(replay(r).ok for r in result.records)


def test_an_sprt_stops_at_the_same_deal_with_one_or_two_processes():
    def run(processes):
        return run_match(
            "splendor_marvel", ["random", "greedy"], 2, 30, 2, Executor(processes=processes),
            sprt=SPRT(-50, 50), show_progress=False,
        )  # fmt: skip

    one, two = run(1), run(2)
    assert one.sprt is not None and one.sprt.decision == "H0"  # random is not within 50 Elo
    assert one.sprt == two.sprt and one.sprt.deals < 30
    assert len(one.records) == 2 * one.sprt.deals
    assert [r.without_timing() for r in one.records] == [r.without_timing() for r in two.records]


def test_a_ladder_rates_every_bot_against_the_anchor():
    result = run_ladder(
        "splendor_marvel", ["random", "greedy", "pimc:iters=8,worlds=2,depth=2"], 2, 1, 4,
        Executor(processes=1), show_progress=False,
    )  # fmt: skip
    assert [t.games for t in result.tallies] == [2, 2, 2]
    ratings = {r.name: r for r in result.ratings}
    assert ratings["random"].elo == 0 and ratings["greedy"].elo > 0
    assert len({r.task.index for r in result.records}) == 6


def test_the_json_file_names_seeds_bots_moves_and_result(serial, tmp_path):
    path = tmp_path / "games.json"
    write_json(path, serial.records, {"seed": 11})
    game = json.loads(path.read_text())["games"][0]
    for key in ("setup_seed", "chance_seed", "bot_seeds", "bots", "moves", "returns", "status"):
        assert key in game
