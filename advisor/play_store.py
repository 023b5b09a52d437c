"""The play page's games on disk (SQLite, stdlib `sqlite3`): each table's record, enough to
rebuild its state by replaying NewGame and ApplyMove, so games survive a restart.

A row is one game: its id (unguessable, `secrets.token_urlsafe`), the client that opened it,
the NewGameRequest (binary protobuf), the bots and their budget, the moves so far (the log the
page shows: seat, bot or not, notation, description), whether it is over, and when it was
opened and last played (wall-clock seconds, since they outlive the process). Each write is
committed as it is made (autocommit, WAL), so a server stopped at any point keeps every move
it answered. The bounds
(advisor.play's TableBounds) are enforced on these rows: the store is the set of games kept.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MEMORY = ":memory:"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    client TEXT NOT NULL,
    new_game BLOB NOT NULL,
    bots TEXT NOT NULL,
    iterations INTEGER NOT NULL,
    log TEXT NOT NULL,
    over INTEGER NOT NULL,
    opened REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_client ON games (client, touched);
CREATE INDEX IF NOT EXISTS games_by_age ON games (touched);
"""


def default_path() -> Path:
    """Where games are kept unless `--play-store` says: the user's data folder
    ($XDG_DATA_HOME, else ~/.local/share) / card-advisor / games.sqlite3."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "card-advisor" / "games.sqlite3"


@dataclass(frozen=True)
class Kept:
    """One stored game's record."""

    id: str
    client: str
    new_game: bytes
    bots: dict[int, int]
    iterations: int
    log: list[dict[str, Any]]
    over: bool
    opened: float
    touched: float


class GameStore:
    """The games kept, in one SQLite file (or `:memory:`); safe to call from any thread."""

    def __init__(self, path: str | Path):
        if str(path) != MEMORY:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if self.path != MEMORY:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def add(self, game: Kept) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game.id, game.client, game.new_game,
                 json.dumps({str(s): level for s, level in game.bots.items()}),
                 game.iterations, json.dumps(game.log), int(game.over), game.opened,
                 game.touched))

    def save(self, name: str, log: list[dict[str, Any]], over: bool, touched: float) -> None:
        """A game's moves so far, whether it is over, and when it was last played."""
        with self._lock:
            self._db.execute("UPDATE games SET log = ?, over = ?, touched = ? WHERE id = ?",
                             (json.dumps(log), int(over), touched, name))

    def get(self, name: str) -> Kept | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (name,)).fetchone()
        if row is None:
            return None
        bots = {int(s): int(level) for s, level in json.loads(row[3]).items()}
        return Kept(row[0], row[1], row[2], bots, row[4], json.loads(row[5]), bool(row[6]),
                    row[7], row[8])

    def delete(self, names: list[str]) -> None:
        with self._lock:
            self._db.executemany("DELETE FROM games WHERE id = ?", [(n,) for n in names])

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def of_client(self, client: str) -> list[str]:
        """The client's games, least recently played first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM games WHERE client = ? ORDER BY touched", (client,)).fetchall()
        return [r[0] for r in rows]

    def idle_since(self, before: float) -> list[str]:
        """The games last played before `before`."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE touched < ?",
                                    (before,)).fetchall()
        return [r[0] for r in rows]
