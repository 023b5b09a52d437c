"""Game records as files: the `play` command's (protobuf JSON of `advisor.v1.GameRecord`) and
the arena's `--json` results (one entry per game), both read into a `GameRecord`."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from clients.cli.files import InputError, read_text, to_json
from clients.client import Game
from contract.v1 import advisor_pb2, common_pb2

GAMES_DIR_ENV = "CARD_ADVISOR_GAMES"
"""Where `play` saves its records when not told (default ~/.local/share/card-advisor/games)."""


def default_path() -> Path:
    """A new record file, named by the time, in the games directory."""
    folder = os.environ.get(GAMES_DIR_ENV) or Path.home() / ".local/share/card-advisor/games"
    return Path(folder) / f"game-{datetime.now():%Y%m%d-%H%M%S}.json"


def save(path: Path, record: advisor_pb2.GameRecord) -> None:
    """Write `record` as protobuf JSON (creating the folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_json(record) + "\n")


def from_arena(game: dict[str, Any], where: str) -> advisor_pb2.GameRecord:
    """The record of one arena game (`clients.arena.record.GameRecord.to_dict`): dealt by
    NewGame from its `setup_seed`, its moves' randomness from `chance_seed`."""
    try:
        return advisor_pb2.GameRecord(
            new_game=advisor_pb2.NewGameRequest(
                game=Game(game["game"]).to_proto(), players=len(game["bots"]),
                seed=int(game["setup_seed"]),
            ),
            moves=[common_pb2.Move(notation=str(m)) for m in game["moves"]],
            chance_seed=int(game["chance_seed"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{where} is not an arena game record ({type(exc).__name__}: {exc})"
                         ) from None


def load(path: str, index: int | None = None) -> advisor_pb2.GameRecord:
    """The record in `path` ("-": stdin): a `play` record, one arena game, or an arena results
    file (`index` chooses the game; needed when it holds several)."""
    text = read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path} is not JSON: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        games = data["games"]
        if index is None and len(games) != 1:
            raise InputError(f"{path} holds {len(games)} arena games: choose one with --index "
                             f"0..{len(games) - 1}")
        chosen = index or 0
        if not 0 <= chosen < len(games):
            raise InputError(f"--index {chosen}: {path} holds games 0..{len(games) - 1}")
        return from_arena(games[chosen], f"{path} game {chosen}")
    if isinstance(data, dict) and "setup_seed" in data:
        return from_arena(data, path)
    try:
        return json_format.Parse(text, advisor_pb2.GameRecord())
    except json_format.ParseError as exc:
        raise InputError(f"{path} is neither a game record (from `play`) nor arena results "
                         f"(--json): {exc}") from None
