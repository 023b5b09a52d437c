"""The play page's games kept in SQLite (advisor/play_store.py): a game survives a restart of
the server (through a real server on loopback), and the store's bounds (per client, in all,
idle age) hold on what is kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from advisor import AdvisorServer
from advisor.play import Errand, Refused, TableBounds, Tables
from advisor.play_store import GameStore
from tests.advisor.conftest import start
from tests.advisor.test_play import play, rpc, splendor, turn

TOKEN = "p1ay"


def kept_server(path: Path) -> AdvisorServer:
    return start(max_concurrent=4, http_port=-1, auth_token=TOKEN, play_store=str(path))


def test_a_game_resumes_after_the_server_restarts(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first = kept_server(path)
    try:
        _, view = play(first, "new", {"newGame": splendor(11), "iterations": 16,
                                      "bots": [{"seat": 1, "strength": 3}]})
        legal = rpc(first, "LegalMoves", {"observation": view["observation"]})
        status, before = play(first, "move", turn(view, legal["moves"][0]["notation"]))
        assert status == 200, before
    finally:
        first.stop(grace=1.0)
    again = kept_server(path)
    try:
        status, resumed = play(again, "view", {"table": view["table"]})
        assert status == 200, resumed
        assert resumed == before  # the same moves, the same observation, the same turn
        legal = rpc(again, "LegalMoves", {"observation": resumed["observation"]})
        status, after = play(again, "move", turn(resumed, legal["moves"][0]["notation"]))
        assert status == 200, after
        assert after["number"] == before["number"] + 2  # the move, then the bot's reply
        assert after["moves"][:len(before["moves"])] == before["moves"]
    finally:
        again.stop(grace=1.0)


@pytest.fixture(scope="module")
def served() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=4, http_port=-1)
    yield running
    running.stop(grace=1.0)


class Clock:
    """Wall-clock seconds the test sets."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def opened(tables: Tables, client: str, seed: int) -> str:
    body: dict[str, Any] = {"newGame": splendor(seed), "iterations": 8}
    return str(tables.open(body, Errand(client))["table"])


def seen(tables: Tables, name: str) -> bool:
    try:
        tables.view({"table": name}, Errand("anyone"))
    except Refused as refused:
        assert refused.status == 404
        return False
    return True


def test_the_store_forgets_idle_games_and_keeps_the_bounds_across_a_restart(
    served: AdvisorServer,
) -> None:
    store, clock = GameStore(":memory:"), Clock()
    bounds = TableBounds(per_client=2, most=3, idle_s=3600)
    tables = Tables(served.http.play.tables._call, 100, store, bounds, clock)
    old = opened(tables, "a", 1)
    clock.now += 1800
    mine = [opened(tables, "a", 2), opened(tables, "b", 3)]
    with pytest.raises(Refused) as full:
        opened(tables, "c", 4)  # 3 kept, the most: another client's game is never taken
    assert full.value.status == 429 and len(tables) == 3
    clock.now += 1801  # `old` has been idle for more than an hour, the others not
    assert [seen(tables, n) for n in (old, *mine)] == [False, True, True]
    # a new server on the same store (its tables rebuilt by replay) holds the same games
    restarted = Tables(served.http.play.tables._call, 100, store, bounds, clock)
    assert len(restarted) == 2
    clock.now += 1
    kept = opened(restarted, "a", 5)
    clock.now += 1
    newer = opened(restarted, "a", 6)  # "a" holds 2: its least recently played one goes
    assert [seen(restarted, n) for n in (*mine, kept, newer)] == [False, True, True, True]
