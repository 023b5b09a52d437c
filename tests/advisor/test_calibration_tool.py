"""The calibration tool's comparison of two evaluations: judging with another engine of the
game (`--value`) and against one judge (`--against`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.adapters import adapter_by_name
from advisor.coaching import BEST_BOUND, BLUNDER_BOUND
from benchmarks.calibration import against, searched_with
from games.splendor_marvel import GAME

BEST, MISTAKE, BLUNDER = 0.0, (BEST_BOUND + BLUNDER_BOUND) / 2, BLUNDER_BOUND + 0.1


def judged(position: str, move: str, small: float, large: float) -> dict[str, object]:
    return {"position": position, "kind": "best", "small": {"move": move, "loss": small},
            "large": {"move": move, "loss": large}}


def test_grades_are_compared_with_the_reference_judge_on_shared_moves(tmp_path: Path) -> None:
    reference = tmp_path / "ref.jsonl"
    reference.write_text("\n".join(json.dumps(r) for r in (
        judged("p1", "a", BEST, BEST),
        judged("p2", "b", BEST, MISTAKE),
        judged("p3", "c", BEST, BLUNDER),
        judged("p9", "z", BEST, BEST),  # not in the compared file
    )))
    rows = [
        judged("p1", "a", BEST, BEST),  # 1x and 10x agree with the judge
        judged("p2", "b", MISTAKE, BEST),  # 1x agrees, 10x does not
        judged("p3", "c", MISTAKE, MISTAKE),  # neither agrees
        judged("p4", "d", BEST, BEST),  # no reference: left out
    ]
    text = against(rows, reference)
    assert "on the 3 judged moves both files hold" in text
    assert "| at 1x | 66.7% |" in text
    assert "| at 10x | 33.3% |" in text
    assert "no judged move in common" in against(rows[3:], reference)


def test_judging_with_another_engine_leaves_the_service_adapter_alone() -> None:
    logistic = searched_with("splendor_marvel", "logistic")
    assert logistic.engine is GAME.logistic
    assert adapter_by_name("splendor_marvel").engine is GAME
    assert searched_with("splendor_marvel", "default") is adapter_by_name("splendor_marvel")
    with pytest.raises(ValueError, match="value=nonsense"):
        searched_with("splendor_marvel", "nonsense")
