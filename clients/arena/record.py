"""What one game was and how it ended: the unit of every output file, replayable."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

Status = Literal["finished", "capped", "error"]
"""`finished` by the rules, `capped` by a turn or ply cap (scored as the engine/referee says:
a draw), `error` when a bot raised or chose an illegal move (not scored)."""


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game; small and picklable."""

    index: int
    pairing: str
    deal: int
    rotation: int
    game: str
    bots: tuple[str, ...]  # bot spec per seat
    setup_seed: int
    chance_seed: int
    bot_seeds: tuple[int, ...]  # per seat
    max_plies: int


@dataclass(frozen=True)
class GameRecord:
    """One played game: its task, the moves in notation and the result."""

    task: GameTask
    status: Status
    moves: tuple[str, ...] = ()
    returns: tuple[float, ...] = ()
    error: str = ""
    seconds: float = field(default=0.0, compare=False)

    @property
    def scored(self) -> bool:
        return self.status != "error"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (task fields inlined)."""
        data = asdict(self.task)
        data.update(
            status=self.status,
            moves=list(self.moves),
            returns=list(self.returns),
            error=self.error,
            seconds=round(self.seconds, 3),
        )
        data["bots"] = list(self.task.bots)
        data["bot_seeds"] = list(self.task.bot_seeds)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """The record `to_dict` wrote."""
        task_fields = GameTask.__dataclass_fields__
        task_args = {k: v for k, v in data.items() if k in task_fields}
        task_args["bots"] = tuple(task_args["bots"])
        task_args["bot_seeds"] = tuple(task_args["bot_seeds"])
        return cls(
            task=GameTask(**task_args),
            status=data["status"],
            moves=tuple(data["moves"]),
            returns=tuple(data["returns"]),
            error=data.get("error", ""),
            seconds=data.get("seconds", 0.0),
        )

    def without_timing(self) -> GameRecord:
        """The same record with `seconds` zeroed (for comparing runs)."""
        return replace(self, seconds=0.0)


def write_json(path: Path, records: Iterable[GameRecord], meta: dict[str, Any]) -> None:
    """`{"run": meta, "games": [...]}` with one entry per game, in game order."""
    games = [r.to_dict() for r in sorted(records, key=lambda r: r.task.index)]
    path.write_text(json.dumps({"run": meta, "games": games}, indent=1) + "\n")


def read_json(path: Path) -> tuple[dict[str, Any], list[GameRecord]]:
    """The run metadata and the records of a file `write_json` wrote."""
    data = json.loads(path.read_text())
    return data.get("run", {}), [GameRecord.from_dict(g) for g in data["games"]]


CSV_COLUMNS = (
    "index", "pairing", "deal", "rotation", "game", "bots", "setup_seed", "chance_seed",
    "bot_seeds", "max_plies", "status", "returns", "moves", "error", "seconds",
)  # fmt: skip


def write_csv(path: Path, records: Iterable[GameRecord]) -> None:
    """One row per game; list fields joined by spaces (moves) or `|` (bots, seeds, returns)."""
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        for record in sorted(records, key=lambda r: r.task.index):
            row = record.to_dict()
            row["bots"] = "|".join(row["bots"])
            row["bot_seeds"] = "|".join(map(str, row["bot_seeds"]))
            row["returns"] = "|".join(map(str, row["returns"]))
            row["moves"] = " ".join(row["moves"])
            writer.writerow(row)
