"""Every benchmark result file says what made it: a row in benchmarks/results/README.md."""

from __future__ import annotations

import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"


def test_every_result_file_has_its_row_and_every_row_its_file() -> None:
    rows = re.findall(r"^\| `([^`]+)` \|", (RESULTS / "README.md").read_text(), re.MULTILINE)
    files = sorted(p.name for p in RESULTS.iterdir() if p.name != "README.md")
    assert sorted(rows) == files
