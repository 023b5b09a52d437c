"""Splendor: Marvel's evaluators (`search.evaluator.Evaluator`): the hand-written baseline, and
the learned knowledge as data: the networks of a weights folder and the engines its
`manifest.json` composes from them.

The manifest lists `networks` by id (architecture and its version, file, the table sizes it
was trained for, what admitted it, status) and `engines` by id (status, and for each table size
the value network, the policy network and PUCT's constant). The engine whose status is
`default` is the game's default evaluator (`evaluators.EVALUATOR`). Adding a generation adds
its weight files and manifest entries and edits no code; the trainers write new entries
(`add_network`), never over one in use.
`$SPLENDOR_MARVEL_WEIGHTS` names a folder to read instead of the package's `weights/` (a
trial's). Each engine has a compiled twin: the logistic kernel with `evaluate` and `priors`
bound to its networks' weights (`network.bound_value`, `network_policy.bound_policy`), cached
under a hash of its networks' files and of the code they run.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from games import weights
from games.splendor_marvel.actions import Action
from games.splendor_marvel.compiled import SplendorMarvelCompiled
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.knowledge import heuristics, network, network_policy
from games.splendor_marvel.knowledge.dense import Weights, read_weights
from games.splendor_marvel.knowledge.network_policy import PolicyWeights, read_policy
from games.splendor_marvel.state import SplendorState
from kernels.specialize import specialize

FOLDER_VARIABLE = "SPLENDOR_MARVEL_WEIGHTS"
SHIPPED = Path(__file__).with_name("weights")
MANIFEST = weights.MANIFEST
TABLE_SIZES = (2, 3, 4)
SOURCE = SplendorMarvelCompiled.kernel_version
"""The hash of the code a network's compiled function is built from (the architectures, the
inputs, the kernel): part of every cache tag, since numba's cache sees only a function's own
source file."""
ARCHITECTURES = {
    network.ARCHITECTURE: weights.Architecture(network.ARCHITECTURE, network.VERSION,
                                               read_weights),
    network_policy.ARCHITECTURE: weights.Architecture(network_policy.ARCHITECTURE,
                                                      network_policy.VERSION, read_policy),
}
"""The architectures this game computes, by their names in the manifest."""


class HandWritten:
    """The logistic evaluation, hand-written priors and heuristic playouts (`heuristics`) at the
    search's default PUCT constant: the baseline the learned engines are measured against."""

    id = "logistic"

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The logistic kernel (`compiled.COMPILED`)."""
        from games.splendor_marvel.compiled import COMPILED

        return COMPILED

    def search_settings(self, num_players: int) -> dict[str, float]:
        return {}

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return heuristics.evaluate(state)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return heuristics.priors(state, actions)

    def rollout_action(self, state: SplendorState, rng: random.Random) -> Action:
        return heuristics.rollout_action(state, rng)


HAND_WRITTEN = HandWritten()


@dataclass(frozen=True)
class Table:
    """What an engine searches with at one table size."""

    value: Weights
    policy: PolicyWeights
    puct_c: float
    value_tag: str
    policy_tag: str


class LearnedKnowledge:
    """One engine of the manifest, an evaluator: the value, priors and PUCT's constant by table
    size, the heuristic playouts, and its compiled twin."""

    def __init__(self, engine_id: str, tables: dict[int, Table], version: str, folder: Path,
                 networks: tuple[str, ...]):
        self.id = engine_id
        self.tables = tables
        self.version = version
        self.folder = folder
        self.networks = networks
        """The ids of the networks it reads, each once, in table order."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its folder and id (a worker process reads the manifest itself)."""
        return knowledge_of, (str(self.folder), self.id)

    def search_settings(self, num_players: int) -> dict[str, float]:
        return {"puct_c": self.tables[num_players].puct_c}

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state, self.tables[state.num_players].value)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return network_policy.priors(state, actions, self.tables[state.num_players].policy)

    def rollout_action(self, state: SplendorState, rng: random.Random) -> Action:
        return heuristics.rollout_action(state, rng)

    @functools.cached_property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin: the logistic kernel with this engine's value and priors."""
        return LearnedCompiled(self)


_BOUND: dict[str, Any] = {}
"""Each network's compiled function by its tag (bound once per process)."""


def _bound(bind: Any, found: Any, tag: str) -> Any:
    """`bind(found, tag)` (a network's weights), compiled once per process."""
    if tag not in _BOUND:
        _BOUND[tag] = bind(found, tag)
    return _BOUND[tag]


def _unbound(*args: Any) -> None:
    """Stands for one table size's function until `LearnedCompiled` binds it."""
    raise RuntimeError("not bound")


VALUE_2 = VALUE_3 = VALUE_4 = POLICY_2 = POLICY_3 = POLICY_4 = _unbound


def _evaluate_by_table(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from the value bound for the world's table size."""
    n = world[k.NUM_PLAYERS]
    if n == 2:
        VALUE_2(world, out)
    elif n == 3:
        VALUE_3(world, out)
    else:
        VALUE_4(world, out)


def _priors_by_table(world: np.ndarray, actions: np.ndarray, count: int,
                     out: np.ndarray) -> None:
    """`kernel.priors`' contract from the policy bound for the world's table size."""
    n = world[k.NUM_PLAYERS]
    if n == 2:
        POLICY_2(world, actions, count, out)
    elif n == 3:
        POLICY_3(world, actions, count, out)
    else:
        POLICY_4(world, actions, count, out)


class LearnedCompiled(SplendorMarvelCompiled):
    """A manifest engine's compiled twin: `kernel`'s functions, `evaluate` and `priors` bound to
    its networks by table size; its kernel version carries the networks' hash."""

    def __init__(self, knowledge: LearnedKnowledge):
        self.kernel_version = knowledge.version
        bindings: dict[str, Any] = {}
        for n, table in knowledge.tables.items():
            bindings[f"VALUE_{n}"] = _bound(network.bound_value, table.value, table.value_tag)
            bindings[f"POLICY_{n}"] = _bound(network_policy.bound_policy, table.policy,
                                             table.policy_tag)
        bound = specialize([_evaluate_by_table, _priors_by_table], bindings, knowledge.version)
        kernel = ModuleType(f"{k.__name__}_{knowledge.version}")
        public = {name: value for name, value in vars(k).items() if not name.startswith("__")}
        vars(kernel).update({**public, "evaluate": bound["_evaluate_by_table"],
                             "priors": bound["_priors_by_table"]})
        self.kernel = kernel


Manifest = weights.Manifest[LearnedKnowledge]
"""A weights folder's engines by id, the default's first."""


def read_manifest(folder: Path) -> Manifest:
    """The engines `folder/manifest.json` names; ValueError naming the entry and field at
    fault."""
    path, data = weights.read_json(folder)
    networks = weights.read_networks(folder, data, ARCHITECTURES, SOURCE)
    default_id = weights.default_engine(path, data)
    engines: dict[str, LearnedKnowledge] = {}
    for engine_id, entry in data["engines"].items():
        where = f"{path}: engine {engine_id!r}"
        tables = {}
        for n in TABLE_SIZES:
            spec = entry["tables"].get(str(n))
            if spec is None:
                raise ValueError(f"{where}: tables must give {n} players")
            value, policy = (weights.network_named(networks, spec.get(key), architecture,
                                                   where, key)
                             for key, architecture in (("value", network.ARCHITECTURE),
                                                       ("policy", network_policy.ARCHITECTURE)))
            tables[n] = Table(value.weights, policy.weights, float(spec["puct_c"]), value.tag,
                              policy.tag)
        digest = weights.digest(*(f"{n}:{t.value_tag}:{t.policy_tag}:{t.puct_c}".encode()
                                  for n, t in tables.items()))
        networks_read = tuple(dict.fromkeys(entry["tables"][str(n)][key] for n in TABLE_SIZES
                                            for key in ("value", "policy")))
        engines[engine_id] = LearnedKnowledge(engine_id, tables, f"net{digest}{SOURCE}", folder,
                                              networks_read)
    return Manifest.of(folder, engines, default_id)


def weights_folder() -> Path:
    """The folder the engines are read from: `$SPLENDOR_MARVEL_WEIGHTS`, or the package's."""
    return weights.folder_of(FOLDER_VARIABLE, SHIPPED)


@functools.cache
def manifest() -> Manifest:
    """The manifest of `weights_folder()`, read once per process."""
    return read_manifest(weights_folder())


def default() -> LearnedKnowledge:
    """The manifest's default engine: the game's default evaluator."""
    found = manifest()
    return found.engines[found.default]


def add_network(folder: Path, network_id: str, architecture: str, text: str,
                about: dict[str, Any]) -> Path:
    """Write network `network_id` (weights `text` of `architecture`) into `folder` as a new
    manifest entry of status `candidate` (`games.weights.add_network`: never over an id or a
    file). Returns the weight file's path."""
    return weights.add_network(folder, network_id, ARCHITECTURES[architecture], text, about)


def network_files(architecture: str, folder: Path | None = None) -> list[Path]:
    """The weight files of `architecture` the default engine of `folder` (the package's
    unless given) reads, each once."""
    folder = folder or SHIPPED
    data = json.loads((folder / MANIFEST).read_text("utf-8"))
    default = data["engines"][weights.default_engine(folder / MANIFEST, data)]
    ids = dict.fromkeys(spec[key] for spec in default["tables"].values()
                        for key in ("value", "policy"))
    return [folder / data["networks"][i]["file"] for i in ids
            if data["networks"][i]["architecture"] == architecture]


def knowledge_of(folder: str, engine_id: str) -> LearnedKnowledge:
    """Engine `engine_id` of the manifest in `folder` (read once per process if it is
    `weights_folder()`): how a pickled `LearnedKnowledge` comes back."""
    found = manifest()
    if found.folder != Path(folder):
        found = read_manifest(Path(folder))
    return found.engines[engine_id]
