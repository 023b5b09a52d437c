"""One registry of games serves the service, the command line and the arena."""

from __future__ import annotations

import pytest

from advisor.games import ADAPTERS
from clients.arena.registry import game_names, load_game
from clients.cli.parser import build
from clients.client import Game
from games.registry import GAMES, entry


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_entry_loads_its_engine_and_the_service_serves_it(name: str) -> None:
    loaded = load_game(name)
    assert loaded.game.name == name
    state = loaded.new_game(GAMES[name].player_counts[0], 1)
    assert loaded.game.num_players(state) == GAMES[name].player_counts[0]
    info = ADAPTERS[name].info()
    assert (info.title, tuple(info.player_counts)) == (GAMES[name].title,
                                                        GAMES[name].player_counts)


def test_the_command_line_the_client_and_the_arena_offer_the_registry_s_games() -> None:
    for name in GAMES:
        assert build().parse_args(["new", "--game", name, "--players", "2"]).game == name
    with pytest.raises(SystemExit):
        build().parse_args(["new", "--game", "chess", "--players", "2"])
    assert [g.value for g in Game] == game_names() == list(GAMES) == list(ADAPTERS)


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="splendor_marvel, challengers"):
        entry("chess")
