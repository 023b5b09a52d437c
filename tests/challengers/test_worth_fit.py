"""The learned card worth's fit (scripts/fit_challengers_worth.py) on the search's root visits."""

from __future__ import annotations

import json
import random
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games import weights
from games.challengers import GAME
from games.challengers.catalogue import NUM_TYPES
from games.challengers.knowledge import manifest
from games.challengers.knowledge.heuristics import TODAY, Worth, _score
from tests.splendor_marvel.test_learning_scripts import script


@cache
def records() -> list[dict[str, Any]]:
    selfplay = script("selfplay_challengers")
    return [dict(selfplay.play_game(2, seed, iterations=64, explore_plies=4), game=i)
            for i, seed in enumerate((11, 12, 13, 14, 15))]


def test_each_move_s_linear_form_is_its_score_at_any_table() -> None:
    """The forms the fit learns from are `_score` itself: at a random table, every move of
    every decision scores as its form says (redraws rescored), and the targets are the visit
    shares."""
    fit = script("fit_challengers_worth")
    model = fit.Model(fit.collect(records(), script("selfplay_challengers").replay))
    rng = random.Random(3)
    table = np.array([rng.uniform(-2, 9) for _ in range(2 * NUM_TYPES)])
    model.rescore_redraws(table)
    worth = Worth(tuple(table[:NUM_TYPES]), tuple(table[NUM_TYPES:]), 1.0)
    scores = model.scores(table)
    selfplay = script("selfplay_challengers")
    row = 0
    for record in records():
        searched = {entry["ply"] for entry in record["visits"]}
        for ply, state in enumerate(selfplay.replay(record)):
            if ply in searched:
                for action in GAME.legal_actions(state):
                    assert abs(scores[row] - _score(state, action, worth)) < 1e-9
                    row += 1
    assert row == len(scores)
    sums = np.add.reduceat(model.target, model.start)
    assert np.allclose(sums, 1.0)


def test_the_fit_lowers_the_cross_entropy_and_adds_the_table_as_a_network(
        tmp_path: Path) -> None:
    fit = script("fit_challengers_worth")
    data = tmp_path / "visits.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in records()), encoding="utf-8")
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "weights"))
    command = ["--visits", str(data), "--steps", "200", "--weights", str(folder)]
    assert fit.main([*command, "--write", "trial"]) == 0
    out = folder / "trial.json"
    fitted = json.loads(out.read_text("utf-8"))
    assert len(fitted["pick"]) == len(fitted["trim"]) == NUM_TYPES
    entry = json.loads((folder / weights.MANIFEST).read_text())["networks"]["trial"]
    assert entry["architecture"] == "card-worth" and entry["file"] == "trial.json"
    assert entry["status"] == weights.CANDIDATE and entry["tables"] == [2]
    assert entry["held_out"] == fitted["fit"]["held_out_cross_entropy"]
    assert manifest.read_manifest(folder).default == "learned"
    model = fit.Model(fit.collect(records(), script("selfplay_challengers").replay))
    today = model.loss(np.array([*TODAY.pick, *TODAY.trim]), TODAY.temperature)[0]
    table = np.array([*fitted["pick"], *fitted["trim"]])
    model.rescore_redraws(table)
    assert model.loss(table, fitted["temperature"])[0] < today
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    with pytest.raises(SystemExit):
        fit.main([*command, "--write", "trial"])
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
    fit.main([*command, "--write", "again"])
    assert (folder / "again.json").read_text("utf-8") == out.read_text("utf-8")
