"""Knowledge as data: a new card worth is a weight file and manifest entries (no code), played by
its id in the arena from a folder of its own; a manifest that does not hold is refused, naming
the entry and the field."""

from __future__ import annotations

import json
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games import weights
from games.challengers import GAME, Challengers, evaluators, flow
from games.challengers.compiled import LOGISTIC
from games.challengers.evaluators import EVALUATOR, EVALUATORS, NETWORKS
from games.challengers.kernel import game as k
from games.challengers.kernel.actions import code_of
from games.challengers.kernel.state import encode_state
from games.challengers.knowledge import heuristics, manifest
from kernels.rng import PythonRng, new_rng
from tests.challengers.test_kernel import positions
from tests.trial_engines import check_the_arena_plays_the_trial

ROOT = Path(__file__).resolve().parents[2]


def moved_worth() -> str:
    """The shipped worth with its pick worths negated and its temperature doubled."""
    data = json.loads((manifest.SHIPPED / "worth.json").read_text("utf-8"))
    data["pick"] = [-x for x in data["pick"]]
    data["temperature"] *= 2
    return json.dumps(data)


def trial_folder(tmp_path: Path) -> Path:
    """The package's weights with a new card worth and an engine `trial` that reads it in its
    priors and its playouts, written as the fit and a person would."""
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "weights"))
    manifest.add_network(folder, "worth-trial", moved_worth(),
                          {"tables": [2], "data": "a test's", "held_out": {}})
    data = json.loads((folder / weights.MANIFEST).read_text())
    data["engines"]["trial"] = {"status": "trial", "priors": "worth-trial",
                                    "playouts": "worth-trial"}
    (folder / weights.MANIFEST).write_text(json.dumps(data))
    return folder


def test_the_package_s_engines_are_its_manifest_s_and_the_baseline() -> None:
    assert list(EVALUATORS) == ["learned", "logistic"]
    assert EVALUATORS["learned"] is EVALUATOR and EVALUATORS["logistic"] is evaluators.LOGISTIC
    assert EVALUATOR is manifest.default() and NETWORKS == ("worth-gen1",)
    assert manifest.manifest().folder == manifest.SHIPPED
    assert EVALUATOR.playout_worth is heuristics.TODAY, "playouts null: the hand-written worth"
    assert evaluators.LOGISTIC is manifest.HAND_WRITTEN
    assert evaluators.LOGISTIC.worth is evaluators.LOGISTIC.playout_worth is heuristics.TODAY


def test_a_new_entry_is_an_engine_of_its_own_in_python_and_compiled(tmp_path: Path) -> None:
    found = manifest.read_manifest(trial_folder(tmp_path))
    assert list(found.engines) == ["learned", "trial"] and found.default == "learned"
    trial, default = found.engines["trial"], found.engines["learned"]
    assert trial.worth == trial.playout_worth == manifest.read_worth(moved_worth())
    assert trial.networks == ("worth-trial",) and default.networks == ("worth-gen1",)
    assert default.version == manifest.default().version, "the same files, the same tag"
    assert trial.compiled.kernel_version == trial.version != default.version
    assert trial.version.endswith(LOGISTIC.kernel_version)
    kernel = trial.compiled.kernel
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    out = np.empty(k.MAX_LEGAL)
    differ = 0
    for i, state in enumerate(positions(60)):
        legal = flow.legal_actions(state)
        mine = trial.priors(state, legal)
        differ += len(legal) > 1 and mine != EVALUATOR.priors(state, legal)
        world = encode_state(state)
        count = kernel.legal_actions(world, buffer)
        kernel.priors(world, buffer, count, out)
        assert np.allclose(out[:count], mine, rtol=0, atol=1e-9)
        python_rng: Any = PythonRng(i)
        kernel_rng = new_rng(i)
        expected = trial.rollout_action(state, python_rng)
        assert kernel.rollout_action(world, kernel_rng, buffer) == code_of(expected)
        assert int(kernel_rng[0]) == python_rng.state, "the same number of draws"
    assert differ > 10


def test_the_arena_plays_a_new_entry_by_its_id_from_its_folder(tmp_path: Path) -> None:
    check_the_arena_plays_the_trial(trial_folder(tmp_path), manifest.FOLDER_VARIABLE,
                                    tmp_path / "games.json", "--game", "challengers")


Change = Callable[[dict[str, Any], Path], None]


def edited(tmp_path: Path, change: Change) -> Path:
    """A copy of the package's weights whose manifest (and folder) `change` edits."""
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "edited"))
    data = json.loads((folder / weights.MANIFEST).read_text())
    change(data, folder)
    (folder / weights.MANIFEST).write_text(json.dumps(data))
    return folder


def _set(path: tuple[str, ...], value: Any) -> Change:
    def change(data: dict[str, Any], folder: Path) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        if value is None:
            del node[path[-1]]
        else:
            node[path[-1]] = value
    return change


def _short_file(data: dict[str, Any], folder: Path) -> None:
    """The network's file with one card type too few."""
    worth = json.loads((folder / "worth.json").read_text())
    worth["pick"].pop()
    (folder / "short.json").write_text(json.dumps(worth))
    data["networks"]["worth-gen1"]["file"] = "short.json"


def _two_defaults(data: dict[str, Any], folder: Path) -> None:
    data["engines"]["again"] = dict(data["engines"]["learned"])


@pytest.mark.parametrize(("change", "message"), [
    (_set(("networks", "worth-gen1", "architecture"), "cnn"),
     "network 'worth-gen1': architecture must be one of card-worth"),
    (_set(("networks", "worth-gen1", "version"), 2),
     "network 'worth-gen1': version 2 of card-worth; this code computes version 1"),
    (_short_file, "network 'worth-gen1': short.json: not card-worth weights that fit "
                  r"\(88 pick worths and 89 trim terms"),
    (_set(("engines", "learned", "status"), "retired"), "exactly one engine must have status"),
    (_two_defaults, "exactly one engine must have status 'default', not 2"),
    (_set(("engines", "learned", "priors"), "worth-gen2"),
     "engine 'learned': priors must name a card-worth network"),
    (_set(("engines", "learned", "playouts"), "worth-gen2"),
     "engine 'learned': playouts must name a card-worth network"),
    (_set(("engines", "learned", "playouts"), None), "engine 'learned': playouts must name"),
], ids=["architecture", "version", "size", "no-default", "two-defaults", "priors", "playouts",
        "no-playouts"])
def test_a_manifest_that_does_not_hold_is_refused_by_entry_and_field(
        tmp_path: Path, change: Change, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        manifest.read_manifest(edited(tmp_path, change))


def test_a_fit_never_writes_over_a_network(tmp_path: Path) -> None:
    folder = Path(shutil.copytree(manifest.SHIPPED, tmp_path / "weights"))
    text = (folder / "worth.json").read_text()
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    for network_id in ("worth-gen1", "worth", "Gen 2"):  # taken, its file taken, not an id
        with pytest.raises(ValueError, match=r"exists|lower-case"):
            manifest.add_network(folder, network_id, text, {})
    with pytest.raises(ValueError, match="not card-worth weights that fit"):
        manifest.add_network(folder, "worth-misfit", json.dumps({"pick": [], "trim": []}), {})
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_an_engine_pickles_as_its_folder_and_id_for_worker_processes(tmp_path: Path) -> None:
    assert isinstance(pickle.loads(pickle.dumps(GAME)), Challengers), "the rules pickle too"
    again = pickle.loads(pickle.dumps(EVALUATOR))
    assert again is EVALUATOR and again.worth == EVALUATOR.worth
    logistic = pickle.loads(pickle.dumps(evaluators.LOGISTIC))
    assert isinstance(logistic, manifest.HandWritten)
    assert logistic.worth == logistic.playout_worth == heuristics.TODAY
    trial = manifest.read_manifest(trial_folder(tmp_path)).engines["trial"]
    assert trial.compiled.kernel is not None
    back = pickle.loads(pickle.dumps(trial))
    assert back is not trial and back.id == "trial" and back.folder == trial.folder
    assert back.worth == trial.worth and back.version == trial.version
