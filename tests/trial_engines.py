"""What both games' knowledge tests check of a trial weights folder: the arena plays its engine
`trial` by id when the folder's variable names it, and refuses the id without it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def check_the_arena_plays_the_trial(folder: Path, variable: str, games: Path,
                                    *match_args: str) -> None:
    """Play `trial` against `learned` through the arena's command line, in a subprocess."""
    command = [sys.executable, "-m", "clients.arena", "match",
               "ismcts:iters=8,value=trial,engine=python",
               "ismcts:iters=8,value=learned,engine=python", *match_args,
               "--deals", "1", "--processes", "1", "--quiet", "--json", str(games)]
    without = {**os.environ, "PYTHONPATH": str(ROOT)}
    without.pop(variable, None)
    done = subprocess.run(command, cwd=ROOT, env={**without, variable: str(folder)},
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    record = json.loads(games.read_text())
    assert "value=trial" in json.dumps(record) and len(record["games"]) == 2
    refused = subprocess.run(command, cwd=ROOT, env=without, capture_output=True, text=True,
                             timeout=600, check=False)
    assert refused.returncode != 0 and "value must be one of" in refused.stderr
