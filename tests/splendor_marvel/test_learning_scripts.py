"""The self-play generator and both trainers (value, policy), run small: records, reports."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from games.splendor_marvel import new_game
from games.splendor_marvel.knowledge import manifest
from games.splendor_marvel.knowledge.dense import read_weights
from games.splendor_marvel.knowledge.heuristics import priors
from games.splendor_marvel.knowledge.network_features import NUM_INPUTS, RACE_FEATURES
from games.splendor_marvel.knowledge.network_policy import read_policy
from games.splendor_marvel.rules import apply, legal_actions
from tests.splendor_marvel.test_network import inputs
from tests.splendor_marvel.test_race_inputs import race_inputs

ROOT = Path(__file__).resolve().parents[2]


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def trial_weights(tmp_path: Path) -> Path:
    """A copy of the package's weights folder to write into."""
    return Path(shutil.copytree(manifest.SHIPPED, tmp_path / "weights"))


def assert_written(folder: Path, network_id: str, architecture: str,
                   held_out: dict[str, float]) -> None:
    """`network_id` is a new candidate of `folder`'s manifest, and the rest stands."""
    data = json.loads((folder / manifest.MANIFEST).read_text())
    shipped = json.loads((manifest.SHIPPED / manifest.MANIFEST).read_text())
    entry = data["networks"].pop(network_id)
    assert entry["architecture"] == architecture and entry["status"] == "candidate"
    assert entry["file"] == f"{network_id}.json" and entry["held_out"] == held_out
    assert data == shipped
    assert set(manifest.read_manifest(folder).engines) == set(manifest.manifest().engines)


def state_seat(game: dict[str, Any]) -> int:
    """The start seat the generator drew for `game` (its first draw from the game's seed)."""
    return random.Random(game["seed"]).randrange(game["players"])


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("selfplay") / "games.jsonl"
    assert script("selfplay_splendor").main(
        ["--out", str(out), "--games", "3", "--iterations", "8", "--explore-plies", "4"]) == 0
    return out


def test_each_game_replays_its_recorded_decisions(records: Path) -> None:
    games = [json.loads(line) for line in records.read_text().splitlines()]
    trainer = script("train_splendor_network")
    assert [g["game"] for g in games] == [0, 1, 2]
    assert [g["players"] for g in games] == [2, 3, 4]
    for game in games:
        state = new_game(game["players"], game["seed"], start_seat=state_seat(game),
                         turn_cap=100)
        decisions = iter(game["positions"])
        while state.result is None:
            legal = legal_actions(state)
            if len(legal) == 1:
                apply(state, legal[0])
                continue
            position = next(decisions)
            assert position["seat"] == state.current
            assert position["x"] == pytest.approx(inputs(state).tolist(), abs=1e-5)
            turn = (position["seat"] - trainer.start_seat(game)) % game["players"]
            assert trainer.with_race(position["x"], game["players"], turn) == pytest.approx(
                race_inputs(state).tolist(), abs=1e-5), "the trainer's race inputs are the world's"
            assert set(position["codes"]) <= set(legal) and sum(position["visits"]) == 8
            assert position["legal"] == [int(a) for a in legal]
            assert position["prior"] == pytest.approx(
                [math.log(max(p, 1e-300)) for p in priors(state, legal)], abs=1e-5)
            apply(state, legal[legal.index(position["move"])])
        assert next(decisions, None) is None
        assert list(state.result) == game["result"]


def test_a_rerun_skips_written_games_and_drops_a_torn_line(records: Path, tmp_path: Path) -> None:
    copy = tmp_path / "games.jsonl"
    lines = records.read_text().splitlines(keepends=True)
    copy.write_text(lines[0] + lines[1][: len(lines[1]) // 2])
    generator = script("selfplay_splendor")
    assert generator.games_done(copy) == {0}
    generator.main(["--out", str(copy), "--games", "3", "--iterations", "8",
                    "--explore-plies", "4"])
    assert copy.read_text() == records.read_text(), "same seeds replay the same games"


def test_player_counts_cycle_as_asked_and_the_default_replays(tmp_path: Path) -> None:
    generator = script("selfplay_splendor")
    out = tmp_path / "games.jsonl"
    assert generator.main(["--out", str(out), "--games", "2", "--iterations", "4",
                           "--explore-plies", "0", "--players", "4,3"]) == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["players"] for g in games] == [4, 3]
    assert generator.player_counts("2,3,4") == generator.PLAYER_COUNTS
    for bad in ("2,5", "two", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            generator.player_counts(bad)


def test_the_value_names_the_engine_every_seat_searches_with(tmp_path: Path) -> None:
    generator = script("selfplay_splendor")
    played: dict[str, str] = {}
    for value in ("learned", "default", "logistic"):
        out = tmp_path / f"{value}.jsonl"
        assert generator.main(["--out", str(out), "--games", "1", "--iterations", "4",
                               "--explore-plies", "0", "--players", "2", "--value", value]) == 0
        played[value] = out.read_text()
    assert played["default"] == played["learned"], "the default engine is `learned`"
    assert played["logistic"] != played["learned"]


def test_the_trainer_reports_against_the_logistic_evaluation(
        records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert script("train_splendor_network").main(
        ["--data", str(records), "--epochs", "2", "--hidden", "8", "4"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["held_out"]) == {"network", "shipped network_gen2", "logistic",
                                       "search_root"}, "the default's values of public inputs"
    assert report["positions"]["test"] > 0 and report["positions"]["train"] > 0


def test_the_trainer_learns_from_the_race_inputs_and_reports_shipped_networks_alone(
        records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trainer = script("train_splendor_network")
    weights = trial_weights(tmp_path)
    assert trainer.main(["--data", str(records), "--epochs", "1", "--hidden", "8", "4", "--race",
                         "--baseline", str(weights / "network_gen2.json"),
                         "--baseline", str(weights / "network_4p.json"),
                         "--write", "value-trial", "--weights", str(weights)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["held_out"]) == {"network", "shipped network_gen2", "shipped network_4p",
                                       "logistic", "search_root"}
    assert_written(weights, "value-trial", "value-dense", report["held_out"]["network"])
    out = weights / "value-trial.json"
    assert read_weights(out.read_text())[0].shape[1] == NUM_INPUTS + RACE_FEATURES
    with pytest.raises(ValueError, match="exists"):
        trainer.main(["--data", str(records), "--epochs", "1", "--hidden", "8", "4",
                      "--write", "value-trial", "--weights", str(weights)])
    capsys.readouterr()
    assert trainer.main(["--data", str(records), "--epochs", "0", "--race"]) == 0
    alone = json.loads(capsys.readouterr().out)["held_out"]
    assert set(alone) == {"shipped network_gen4", "shipped network_gen2", "shipped network_4p",
                          "logistic", "search_root"}
    with pytest.raises(ValueError, match="add --race"):
        trainer.main(["--data", str(records), "--epochs", "0",
                      "--baseline", str(weights / "network_4p.json")])


def test_the_policy_trainer_moves_from_today_s_priors_toward_the_visits(
        records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trainer = script("train_splendor_policy")
    data = trainer.load([records])
    _, log = trainer.train(data, epochs=3, seed=1, rate=3e-2, decay=0.0)
    assert log[0][0] == 0 and log[-1][1] < log[0][1], "training fits the training visits"
    assert trainer.main(["--data", str(records), "--epochs", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["held_out"]) == {"today", "shipped network_policy_gen4",
                                       "shipped network_policy", "policy"}
    held_out_heads_up = {"cross_entropy", "agreement", "cross_entropy_2p"}  # game 0 only
    assert set(report["held_out"]["policy"]) == held_out_heads_up
    assert report["decisions"]["test"] > 0 and report["decisions"]["train"] > 0


def test_the_policy_trainer_reads_one_table_and_the_race_inputs(
        records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trainer = script("train_splendor_policy")
    four = trainer.load([records], players=4, race=True)
    assert set(four) == {"train"} and set(four["train"].players.tolist()) == {4}
    game = json.loads(records.read_text().splitlines()[2])
    first = next(p for p in game["positions"] if "legal" in p)
    turn = (first["seat"] - trainer.start_seat(game)) % 4
    assert four["train"].x[0].tolist() == trainer.with_race(first["x"], 4, turn)
    weights = trial_weights(tmp_path)
    assert trainer.main(["--data", str(records), "--epochs", "1", "--race",
                         "--baseline", str(weights / "network_policy.json"),
                         "--baseline", str(weights / "network_policy_gen4.json"),
                         "--write", "policy-trial", "--weights", str(weights)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["held_out"]) == {"today", "shipped network_policy",
                                       "shipped network_policy_gen4", "policy"}
    assert_written(weights, "policy-trial", "policy-linear", report["held_out"]["policy"])
    out = weights / "policy-trial.json"
    assert read_policy(out.read_text()).weight.shape[1] == NUM_INPUTS + RACE_FEATURES
    assert trainer.main(["--data", str(records), "--epochs", "0"]) == 0
    assert set(json.loads(capsys.readouterr().out)["held_out"]) == {
        "today", "shipped network_policy_gen4", "shipped network_policy"}
