"""Adding a game edits no file of the project: Kuhn poker (tests/plugin_game), a package the
source does not know, is named in `CARD_ADVISOR_GAME_PLUGINS`, and the registry lists it, the
kits over every game pass for it, the search plays it and the arena referees it by its own
evaluators; the service, whose messages are the proto's, does not serve it."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.registry import GAMES, PLUGINS_VARIABLE, PUBLISHED, _plugged
from search import Limits, ismcts

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "tests" / "plugin_game"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """`python args` from the project's root with the plug-in on the path and named."""
    env = {**os.environ, PLUGINS_VARIABLE: "kuhn_poker",
           "PYTHONPATH": os.pathsep.join([str(PLUGINS), str(ROOT)])}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def test_the_kits_over_every_game_run_for_the_plugged_game() -> None:
    done = _run("-m", "pytest", "-p", "no:cacheprovider", "-rA", "tests/test_facade.py",
                "tests/test_registry.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    for kit in ("test_the_facade_keeps_its_contracts", "test_every_evaluator_keeps_its_contracts",
                "test_every_game_lists_its_evaluators_by_id_its_own_first"):
        assert f"PASSED tests/test_{'facade' if 'keeps' in kit else 'registry'}.py::{kit}" \
               f"[kuhn_poker]" in done.stdout


def test_the_arena_referees_it_by_its_own_evaluators(tmp_path: Path) -> None:
    record = tmp_path / "games.json"
    done = _run("-m", "clients.arena", "match", "ismcts:iters=100,value=uniform",
                "ismcts:iters=100", "--game", "kuhn_poker", "--deals", "10", "--processes", "1",
                "--quiet", "--json", str(record))
    assert done.returncode == 0, done.stderr
    games = json.loads(record.read_text())["games"]
    assert len(games) == 20 and all(g["status"] == "finished" for g in games)
    sys.path.insert(0, str(PLUGINS))
    try:
        from kuhn_poker import GAME, new_game  # the plug-in's rules replay every game
    finally:
        sys.path.remove(str(PLUGINS))
    for played in games:
        state = new_game(2, played["setup_seed"])
        for move in played["moves"]:
            GAME.apply(state, GAME.parse(move), random.Random(0))
        assert GAME.is_terminal(state) and list(GAME.returns(state)) == played["returns"]


def test_the_service_and_its_command_line_do_not_offer_it() -> None:
    listed = _run("-c", "from advisor.adapters import ADAPTERS; from games.registry import GAMES;"
                  " from clients.cli.parser import PLAYERS_HELP;"
                  " print(list(GAMES)); print(list(ADAPTERS)); print(PLAYERS_HELP)")
    assert listed.returncode == 0, listed.stderr
    games, served, help_text = listed.stdout.splitlines()
    assert "'kuhn_poker'" in games and "kuhn_poker" not in served and "Kuhn" not in help_text
    refused = _run("-m", "clients.cli", "new", "--game", "kuhn_poker", "--players", "2")
    assert refused.returncode == 2 and "invalid choice: 'kuhn_poker'" in refused.stderr


def test_the_search_plays_it_from_the_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(PLUGINS))
    entry = _plugged(GAMES, "kuhn_poker")["kuhn_poker"]
    game, evaluator = entry.load().game, entry.evaluator("default")
    state = game.new_game(2, seed=4)
    observation = game.observe(state, 0)
    first = ismcts(game, evaluator, observation, Limits(iterations=200), seed=9)
    assert first.action in game.legal_actions(state)
    again = ismcts(game, evaluator, observation, Limits(iterations=200), seed=9)
    assert again.candidates == first.candidates  # the same seed, the same tree


def test_a_bad_plugin_is_refused_by_name(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    (tmp_path / "no_entry.py").write_text("")
    (tmp_path / "served_game.py").write_text(
        "from games.registry import GameEntry\n"
        "ENTRY = GameEntry('served_game', 'Served', (2,), 'x', package='served_game')\n")
    (tmp_path / "twin.py").write_text(
        "from games.registry import GameEntry\n"
        "ENTRY = GameEntry('challengers', 'Twin', (2,), 'x', package='twin', served=False)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match="names no_entry, which has no ENTRY"):
        _plugged(PUBLISHED, "no_entry")
    with pytest.raises(ValueError, match="served=False"):
        _plugged(PUBLISHED, "served_game")
    with pytest.raises(ValueError, match="the game 'challengers', which is registered already"):
        _plugged(PUBLISHED, "twin")
