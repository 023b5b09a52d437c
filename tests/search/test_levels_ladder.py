"""benchmarks/strength/levels.py: games are kept per pair of levels as tuned, so a re-tuned level
never mixes its old games with new ones; a run with --only plays one game's pairs and still
reports both."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from benchmarks.strength import levels as ladder
from clients.arena.record import GameTask
from search import levels

BUDGETS = {"splendor_marvel": 400, "challengers": 100}


def row(game: str, pairing: str, fingerprint: str, seed: int = 1) -> dict[str, Any]:
    return {"levels": fingerprint, "seed": seed, "game": game, "pairing": pairing,
            "deal": 0, "rotation": 0, "status": "finished", "score": 1.0, "plies": 60,
            "seconds": 1.0}  # fmt: skip


def kept(path: Path) -> set[tuple[str, str]]:
    return {(r["game"], r["pairing"]) for r in ladder.read_games(path, 1, BUDGETS).values()}


def test_retuning_a_level_discards_the_games_of_its_two_pairs_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.jsonl"
    current = ladder.fingerprints(BUDGETS)
    rows = [row(*key, f, seed) for key, f in current.items() for seed in (1, 2)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert kept(path) == set(current)

    monkeypatch.setitem(levels.LEVELS, 5, replace(levels.LEVELS[5], temperature=0.123))
    retuned = {("splendor_marvel", ladder.pairing_name(ladder.pair_bots(400, weaker)))
               for weaker in (4, 5)}  # fmt: skip
    assert kept(path) == set(current) - retuned  # Challengers! plays its own ladder


def test_the_report_covers_both_games_when_one_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[str] = []

    def play(tasks: list[GameTask], *_: object) -> Iterator[dict[str, Any]]:
        played.extend(t.game for t in tasks)
        return iter(())

    monkeypatch.setattr(ladder, "play", play)
    out = tmp_path / "LEVELS.md"
    argv = ["--deals", "1", "--only", "challengers", "--games", str(tmp_path / "g.jsonl"),
            "--out", str(out)]  # fmt: skip
    assert ladder.main(argv) == 0
    assert set(played) == {"challengers"} and len(played) == 2 * (levels.FULL_STRENGTH - 1)
    text = out.read_text()
    assert "## Splendor: Marvel" in text and "## Challengers!" in text
    assert "--only" not in text and "| breadth |" in text
