"""The default engine answers as it did when its networks became weight files: the same seed
and budget give the same search answer (Python and compiled), and the same evaluation and
priors, as `default_answers.json` records.

The record was written by the engine before the move (`python -m
tests.splendor_marvel.test_default_answers` writes it anew); write it again only when a
measurement changes a default, and say so in the commit."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest

from games.splendor_marvel import GAME, legal_actions, observe
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.state import SplendorState
from search import Limits, SearchConfig, ismcts
from search.config import Engine
from tests.splendor_marvel.helpers import played

RECORD = Path(__file__).with_name("default_answers.json")
ENGINES: tuple[Engine, ...] = ("compiled", "python")


def positions() -> list[SplendorState]:
    """Seeded positions at every table size, from the opening to the late game."""
    found = [played(2 + i % 3, 4000 + i, (i * 11) % 80) for i in range(9)]
    return [state for state in found if state.result is None]


def as_data(value: Any) -> Any:
    """`value` as JSON data: moves in the notation, tuples as lists."""
    return json.loads(json.dumps(value, default=GAME.notation))


def answers() -> dict[str, Any]:
    """Everything the default answers in `positions`: each engine's search at 300 iterations
    (its timing set to 0, no tree), and the evaluation and priors."""
    found: dict[str, Any] = {}
    for seed, state in enumerate(positions()):
        observation = observe(state, state.current)
        searched = {}
        for engine in ENGINES:
            result = ismcts(GAME, EVALUATOR, observation, Limits(iterations=300),
                            SearchConfig(engine=engine), seed=seed)
            searched[engine] = as_data(asdict(replace(
                result, tree=None, stats=replace(result.stats, elapsed=0.0))))
        found[f"{state.num_players}p-{seed}"] = {
            "search": searched,
            "evaluate": as_data(EVALUATOR.evaluate(state)),
            "priors": as_data(EVALUATOR.priors(state, legal_actions(state))),
        }
    return found


@pytest.fixture(scope="module")
def today() -> dict[str, Any]:
    return answers()


def test_the_record_covers_every_table_size() -> None:
    recorded = json.loads(RECORD.read_text())
    assert {key.split("-")[0] for key in recorded} == {"2p", "3p", "4p"}


@pytest.mark.parametrize("part", ["evaluate", "priors", *ENGINES])
def test_the_default_answers_as_recorded(today: dict[str, Any], part: str) -> None:
    recorded = json.loads(RECORD.read_text())
    assert today.keys() == recorded.keys()
    for key, answer in today.items():
        if part in ENGINES:
            assert answer["search"][part] == recorded[key]["search"][part], key
        else:
            assert answer[part] == recorded[key][part], key


if __name__ == "__main__":
    RECORD.write_text(json.dumps(answers(), indent=1) + "\n")
    print(f"wrote {RECORD}")
