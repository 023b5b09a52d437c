"""The reliability table of the search's win chances (benchmarks/coaching/reliability.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.coaching import reliability


def _record(players: int, result: list[float], said: list[float]) -> dict[str, object]:
    return {"game": "nim", "players": players, "seed": 0, "iterations": 1, "value": "default",
            "plies": len(said), "result": result,
            "decisions": [[s, i / len(said), i % players] for i, s in enumerate(said)]}


def test_the_error_is_the_gap_between_the_chance_said_and_the_result_met() -> None:
    """Saying 0.9 for seat 0 and 0.1 for seat 1 of a game seat 0 wins is calibrated to the
    bin's width; saying 0.9 for both seats of games each wins half the time misses by 0.4."""
    sure = [_record(2, [1.0, 0.0], [0.9, 0.1] * 5)]
    assert reliability.ece([d for r in sure for d in reliability.decisions(r)]) == \
        pytest.approx(0.1)
    halves = [_record(2, [1.0, 0.0], [0.9, 0.9]), _record(2, [0.0, 1.0], [0.9, 0.9])]
    assert reliability.ece([d for r in halves for d in reliability.decisions(r)]) == \
        pytest.approx(0.4)
    rows, error = reliability.table(halves)
    assert error == pytest.approx(0.4) and rows == ["| 0.9-1.0 | 4 | 0.900 | 0.500 | -0.400 |"]


def test_a_run_is_seeded_resumable_and_reports_again(tmp_path: Path) -> None:
    """The same seed plays the same games; --resume adds none twice; --report reads the file."""
    args = ["--game", "nim", "--players", "2", "--games", "3", "--iterations", "40"]
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    reliability.main([*args, "--out", str(first)])
    reliability.main([*args, "--out", str(second)])
    assert first.read_text() == second.read_text()
    reliability.main([*args, "--out", str(first), "--resume"])
    records = [json.loads(line) for line in first.read_text().splitlines()]
    assert len(records) == 3 and all(r["decisions"] for r in records)
    assert all(0.0 <= d[0] <= 1.0 and 0.0 <= d[1] < 1.0 for r in records for d in r["decisions"])
    assert "2 players: 3 games" in reliability.report(first)
