"""benchmarks/strength/challengers_drafters.py: a tiny seeded run gives a table, JSON and the
same games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.strength import challengers_drafters as bench


def test_tiny_run_prints_a_table_and_writes_json(tmp_path: Path, capsys) -> None:
    out = tmp_path / "r.json"
    args = ["--tournaments", "2", "--iters", "4", "--depth", "1",
            "--opponents", "greedy,power,random", "--seed", "3", "--quiet", "--json", str(out)]
    assert bench.main(args) == 0
    text = capsys.readouterr().out
    assert "greedy" in text and "power" in text and "random" in text and "95% CI" in text
    data = json.loads(out.read_text())
    assert data["bot"] == "ismcts:depth=1,iters=4"
    rows = {r["opponent"]: r for r in data["results"]}
    assert rows["power"]["games"] == 2 and rows["power"]["errors"] == 0
    assert "goal_met" in rows["power"] and "goal" not in rows["random"]
    assert (rows["greedy"]["goal"], rows["power"]["goal"]) == (0.65, 0.80)
    assert "--deals 1 --seed 3" in rows["power"]["command"]
    bench.main(args[:-2])
    again = capsys.readouterr().out
    strip = [line.rsplit(None, 1)[0] for line in text.splitlines()]
    assert strip == [line.rsplit(None, 1)[0] for line in again.splitlines()]


def test_bad_opponent_spec_is_refused() -> None:
    with pytest.raises(ValueError):
        bench.main(["--tournaments", "2", "--opponents", "nobody", "--quiet"])
