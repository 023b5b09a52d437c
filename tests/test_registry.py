"""One registry of games serves the service, the command line and the arena."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from advisor.adapters import ADAPTERS
from clients.arena.registry import game_names, load_game
from clients.cli.parser import PLAYERS_HELP, build
from clients.client import Game
from contract.codecs import codec_of
from contract.v1 import common_pb2
from games.registry import GAMES, SERVED, TOY_GAMES, entry
from games.splendor_marvel.catalogue import PLAYER_COUNTS


@pytest.mark.parametrize("name", sorted(SERVED))
def test_every_entry_loads_its_engine_and_the_service_serves_it(name: str) -> None:
    loaded = load_game(name)
    assert loaded.game.name == name
    state = loaded.new_game(SERVED[name].player_counts[0], 1)
    assert loaded.game.num_players(state) == SERVED[name].player_counts[0]
    info = ADAPTERS[name].info()
    assert (info.title, tuple(info.player_counts)) == (SERVED[name].title,
                                                        SERVED[name].player_counts)


@pytest.mark.parametrize("name", sorted({**GAMES, **TOY_GAMES}))
def test_every_game_lists_its_evaluators_by_id_its_own_first(name: str) -> None:
    listed = {**GAMES, **TOY_GAMES}[name]
    module = importlib.import_module(listed.evaluators_module)
    evaluators = listed.evaluators()
    assert next(iter(evaluators)) == "default" and evaluators["default"] is module.EVALUATOR
    # every evaluator is one of this game's: it values the game's states, a value per seat
    loaded = listed.load()
    state = loaded.new_game(listed.player_counts[0], 1)
    seats = loaded.game.num_players(state)
    assert all(len(e.evaluate(state)) == seats for e in evaluators.values())
    assert all(listed.evaluator(value) is e for value, e in evaluators.items())
    assert any(listed.greedy() is e for e in evaluators.values())
    with pytest.raises(ValueError,
                       match=f"{name} has no evaluator value=deep; its evaluators: def"):
        listed.evaluator("deep")


def test_the_command_line_the_client_and_the_arena_offer_the_registry_s_games() -> None:
    for name in SERVED:
        assert build().parse_args(["new", "--game", name, "--players", "2"]).game == name
    with pytest.raises(SystemExit):
        build().parse_args(["new", "--game", "chess", "--players", "2"])
    assert [g.value for g in Game] == list(SERVED) == list(ADAPTERS)
    assert game_names() == list(GAMES)  # the arena's: plug-in games too


def test_every_list_of_games_is_read_from_the_registry() -> None:
    assert {codec_of(name).__name__ for name in SERVED} == {g.codec_module for g in SERVED.values()}
    proto_games = [v.name for v in common_pb2.Game.DESCRIPTOR.values if v.number]
    assert proto_games == [f"GAME_{name.upper()}" for name in SERVED]
    assert [ADAPTERS[name].game_id for name in SERVED] == [Game(name).to_proto() for name in SERVED]
    assert all(f"{g.title} {g.player_counts[0]}..{g.player_counts[-1]}" in PLAYERS_HELP
               for g in SERVED.values())
    assert SERVED["splendor_marvel"].player_counts == PLAYER_COUNTS  # the catalogue's supply


def test_reading_the_registry_imports_no_engine_codec_or_adapter() -> None:
    code = ("import sys, games.registry; print(sorted(m for m in sys.modules"
            " if m.startswith(('games.', 'contract', 'advisor'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert loaded.strip() == "['games.registry']"


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="splendor_marvel, challengers"):
        entry("chess")
