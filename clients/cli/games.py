"""The games of the command line: the one registry (`games.registry`) and their message ids."""

from __future__ import annotations

from typing import cast

from contract.v1 import common_pb2
from games.registry import DEFAULT_GAME, GAMES, GameEntry

__all__ = ["DEFAULT_GAME", "GAMES", "GameEntry", "game_id"]


def game_id(game: GameEntry) -> common_pb2.Game:
    """The `advisor.v1.Game` value of a game (`GAME_` and its name in capitals)."""
    return cast(common_pb2.Game, common_pb2.Game.Value(f"GAME_{game.name.upper()}"))
