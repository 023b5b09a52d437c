"""The calibration tool's comparison of two evaluations: judging with another engine of the
game (`--value`) and against one judge (`--against`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.adapters import adapter_by_name
from advisor.coaching import BEST_BOUND, BLUNDER_BOUND
from benchmarks.coaching.calibration import against, report, searched_with
from benchmarks.coaching.calibration_drift import main as drift_main
from benchmarks.coaching.calibration_drift import summary
from games.splendor_marvel import GAME
from games.splendor_marvel.evaluators import EVALUATOR, LOGISTIC

BEST, MISTAKE, BLUNDER = 0.0, (BEST_BOUND + BLUNDER_BOUND) / 2, BLUNDER_BOUND + 0.1


def judged(position: str, move: str, small: float, large: float) -> dict[str, object]:
    """A judged move losing `small` at 1x and `large` at 10x, never told apart from the
    choice below the best bound (500 visits each)."""
    def side(loss: float) -> dict[str, object]:
        return {"move": move, "best": "choice", "loss": loss, "value": 0.5 - loss,
                "best_value": 0.5, "visits": 500}
    return {"position": position, "kind": "best", "small": side(small), "large": side(large)}


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
    assert "| at 1x | 66.7% | 100.0% |" in text
    assert "| at 10x | 33.3% | 66.7% |" in text
    assert "no judged move in common" in against(rows[3:], reference)


def test_the_report_gives_the_confident_grades_agreement_and_the_close_calls_by_grade(
    tmp_path: Path,
) -> None:
    """Two confident grades that agree, one too close to call at 1x that does not."""
    def side(loss: float, too_close: bool) -> dict[str, object]:
        return {"move": "m", "best": "choice", "loss": loss, "value": 0.5 - loss,
                "best_value": 0.5, "visits": 500, "too_close": too_close}

    path = tmp_path / "calibration.jsonl"
    path.write_text("\n".join(json.dumps({
        "position": f"p{i}", "kind": kind, "iterations": 1000, "factor": 10, "share": 0.5,
        "small": small, "large": large}) for i, (kind, small, large) in enumerate((
            ("best", side(0.0, False), side(0.0, False)),
            ("level3", side(MISTAKE, False), side(MISTAKE, False)),
            ("random", side(0.019, True), side(0.021, False)),  # best at 1x, good at 10x
        ))))
    text = report(path)
    assert "All grades agree: 66.7%" in text
    assert "Confident grades agree (not too close to call at 1x, 2 of 3): 100.0%" in text
    assert "| BEST | 2 | 50.0% |" in text and "| MISTAKE | 1 | 0.0% |" in text
    assert "| BEST | GOOD | 1 |" in text
    assert "| random | 1 | 0.0% |" in text and "| level3 | 1 | 100.0% |" in text


def test_judging_with_another_engine_leaves_the_service_adapter_alone() -> None:
    logistic = searched_with("splendor_marvel", "logistic")
    assert logistic.evaluator is LOGISTIC and logistic.engine is GAME
    assert adapter_by_name("splendor_marvel").evaluator is EVALUATOR
    assert adapter_by_name("splendor_marvel").engine is GAME
    assert searched_with("splendor_marvel", "default") is adapter_by_name("splendor_marvel")
    with pytest.raises(ValueError, match="value=nonsense"):
        searched_with("splendor_marvel", "nonsense")


def test_the_drift_tool_separates_the_seeds_spread_from_the_error_by_visits() -> None:
    steady = {
        "moves": ["a", "b"], "best": "a", "reference": "5000",
        "seeds": [{"best": "a", "values": {"a": 0.60, "b": 0.50}},
                  {"best": "a", "values": {"a": 0.62, "b": 0.50}}],
        # at 500 visits `a` is 0.05 above its value at 5000, `b` exact: the loss errs by 0.05
        "visits": {"a": {"500": 0.60, "5000": 0.55}, "b": {"500": 0.50, "5000": 0.50}},
    }
    chose_apart = {  # the main search chose another move with the second seed: no spread
        "moves": ["c"], "best": "c", "reference": "5000",
        "seeds": [{"best": "c", "values": {"c": 0.5}}, {"best": "d", "values": {"c": 0.9}}],
        "visits": {},
    }
    text = summary([steady, chose_apart])
    # the loss of b is 0.10 and 0.12 over the two seeds (sd 0.0141); b's own value never moves
    assert "on 1 judged moves" in text and "own value 0.0000, loss 0.0141" in text
    assert "| 500 | 5000 | 0.0354 | 0.0500 | 1 |" in text  # rms of 0.05 and 0 is 0.0354


def test_the_report_says_whether_the_two_own_values_err_together(tmp_path: Path) -> None:
    def row(position: str, shift: float, choice: float) -> dict[str, object]:
        """The move's own value 0.5 and the choice's `choice` at 10x; at 1x both higher by
        `shift`: an error they share, which leaves the loss exact."""
        def side(up: float) -> dict[str, object]:
            return {"move": "m", "best": "b", "value": 0.5 + up, "best_value": choice + up,
                    "loss": choice - 0.5, "visits": 500}
        return {"position": position, "kind": "middling", "stage": 0.5, "iterations": 1000,
                "factor": 10, "share": 0.5, "small": side(shift), "large": side(0.0)}

    path = tmp_path / "calibration.jsonl"
    path.write_text("\n".join(json.dumps(row(f"p{i}", 0.01 * i, 0.6 + 0.01 * i))
                              for i in range(4)))
    text = report(path)
    assert ("On the 4 judged moves (not the choice) whose main search chose the same move at "
            "both budgets") in text
    assert "the move's own value 0.011, the choice's 0.011 (correlation +1.00), the loss 0.000" \
        in text


def test_the_drift_tool_measures_a_position_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "drift.jsonl"
    drift_main(["--game", "splendor_marvel", "--positions", "1", "--iterations", "20",
                "--seeds", "2", "--factor", "5", "--out", str(out)])
    (record,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(record["moves"]) == 3 and record["reference"] == "50"  # 5 x half of 20
    assert len(record["seeds"]) == 2 and record["best"] == record["seeds"][0]["best"]
    for values in record["visits"].values():
        assert set(values) == {"10", "20", "40", "50"}
