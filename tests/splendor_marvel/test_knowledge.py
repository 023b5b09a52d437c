"""Knowledge as data: a new generation is weight files and manifest entries (no code), played
by its id in the arena from a folder of its own; a manifest that does not hold is refused,
naming the entry and the field."""

from __future__ import annotations

import json
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.splendor_marvel import GAME, SplendorMarvel, legal_actions
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR, EVALUATORS, LOGISTIC
from games.splendor_marvel.knowledge import manifest, network
from games.splendor_marvel.knowledge.dense import read_weights
from tests.splendor_marvel.test_network import positions
from tests.trial_engines import check_the_arena_plays_the_trial

ROOT = Path(__file__).resolve().parents[2]
TRIAL_PUCT_C = 0.4


def trial_folder(tmp_path: Path) -> Path:
    """The package's weights with a new value network (generation 2's, its last bias moved)
    and an engine `trial` that reads it heads-up, written as a trainer and a person would."""
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "weights"))
    data = json.loads((folder / "network_gen2.json").read_text())
    data["layers"][-1]["bias"][0] += 0.5
    manifest.add_network(folder, "value-trial", network.ARCHITECTURE, json.dumps(data),
                          {"tables": [2], "data": "a test's", "held_out": {}})
    data = json.loads((folder / manifest.MANIFEST).read_text())
    tables = dict(data["engines"]["learned"]["tables"])
    tables["2"] = {**tables["2"], "value": "value-trial", "puct_c": TRIAL_PUCT_C}
    data["engines"]["trial"] = {"status": "trial", "tables": tables}
    (folder / manifest.MANIFEST).write_text(json.dumps(data))
    return folder


def test_the_package_s_engines_are_its_manifest_s_and_the_baseline() -> None:
    assert list(EVALUATORS) == ["learned", "logistic"]
    assert EVALUATORS["learned"] is EVALUATOR and EVALUATORS["logistic"] is LOGISTIC
    assert EVALUATOR is manifest.default() and LOGISTIC is manifest.HAND_WRITTEN
    assert manifest.weights_folder() == manifest.SHIPPED


def test_a_new_entry_is_an_engine_of_its_own_in_python_and_compiled(tmp_path: Path) -> None:
    found = manifest.read_manifest(trial_folder(tmp_path))
    assert list(found.engines) == ["learned", "trial"] and found.default == "learned"
    trial, default = found.engines["trial"], found.engines["learned"]
    moved = read_weights((tmp_path / "weights" / "value-trial.json").read_text())
    assert trial.search_settings(2) == {"puct_c": TRIAL_PUCT_C}
    assert trial.search_settings(3) == default.search_settings(3)
    compiled = trial.compiled.kernel.evaluate
    assert trial.compiled.kernel_version != default.compiled.kernel_version
    for table in trial.tables.values():  # numba's cache sees a function's own file only
        assert table.value_tag.endswith(manifest.SOURCE)
        assert table.policy_tag.endswith(manifest.SOURCE)
    assert trial.compiled.kernel_version.endswith(COMPILED.kernel_version)
    for state in positions(9):
        actions = legal_actions(state)
        assert trial.priors(state, actions) == default.priors(state, actions)
        mine = trial.evaluate(state)
        if state.num_players == 2:
            assert mine == network.evaluate(state, moved) != default.evaluate(state)
        else:
            assert mine == default.evaluate(state)
        out = np.empty(state.num_players)
        compiled(COMPILED.encode_state(state), out)
        assert np.allclose(out, mine, rtol=0, atol=1e-9)


def test_the_arena_plays_a_new_entry_by_its_id_from_its_folder(tmp_path: Path) -> None:
    check_the_arena_plays_the_trial(trial_folder(tmp_path), manifest.FOLDER_VARIABLE,
                                    tmp_path / "games.json")


def edited(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of the package's weights whose manifest `change` edits."""
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "edited"))
    data = json.loads((folder / manifest.MANIFEST).read_text())
    change(data)
    (folder / manifest.MANIFEST).write_text(json.dumps(data))
    return folder


def _set(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        if value is None:
            del node[path[-1]]
        else:
            node[path[-1]] = value
    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set(("networks", "value-gen2", "architecture"), "cnn"),
     "network 'value-gen2': architecture must be one of value-dense, policy-linear"),
    (_set(("networks", "value-gen2", "version"), 2),
     "network 'value-gen2': version 2 of value-dense; this code computes version 1"),
    (_set(("engines", "learned", "tables", "3"), None), "engine 'learned': tables must give 3"),
    (_set(("engines", "learned", "tables", "4", "policy"), "value-4p"),
     "engine 'learned': policy must name a policy-linear network"),
    (_set(("engines", "learned", "status"), "retired"), "exactly one engine must have status"),
    (_set(("networks", "value-4p", "file"), "network_policy.json"),
     "network 'value-4p': network_policy.json: not value-dense weights that fit"),
    (_set(("networks", "value-4p", "file"), "network_gone.json"),
     "network 'value-4p': file must name a weight file"),
    (_set(("networks", "value-4p", "file"), None),
     "network 'value-4p': file must name a weight file"),
], ids=["architecture", "version", "table", "kind", "no-default", "misfit", "missing", "no-file"])
def test_a_manifest_that_does_not_hold_is_refused_by_entry_and_field(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        manifest.read_manifest(edited(tmp_path, change))


def test_a_trainer_never_writes_over_a_network(tmp_path: Path) -> None:
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "weights"))
    text = (folder / "network_gen2.json").read_text()
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    for network_id in ("value-gen2", "network_gen2", "Gen 6"):  # taken, not ids
        with pytest.raises(ValueError, match=r"exists|lower-case"):
            manifest.add_network(folder, network_id, network.ARCHITECTURE, text, {})
    with pytest.raises(ValueError, match="not value-dense weights that fit"):
        manifest.add_network(folder, "value-misfit", network.ARCHITECTURE,
                              json.dumps({"inputs": 3, "layers": []}), {})
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_an_engine_pickles_as_its_folder_and_id_for_worker_processes(tmp_path: Path) -> None:
    state = positions(1)[0]
    EVALUATOR.evaluate(state)  # the default's knowledge and twin are loaded
    assert EVALUATOR.compiled.kernel is not None
    assert isinstance(pickle.loads(pickle.dumps(GAME)), SplendorMarvel), "the rules pickle too"
    again = pickle.loads(pickle.dumps(EVALUATOR))
    assert again is EVALUATOR and again.evaluate(state) == EVALUATOR.evaluate(state)
    trial = manifest.read_manifest(trial_folder(tmp_path)).engines["trial"]
    assert trial.compiled.kernel is not None
    back = pickle.loads(pickle.dumps(trial))
    assert back is not trial and back.id == "trial" and back.folder == trial.folder
    assert back.evaluate(state) == trial.evaluate(state)
