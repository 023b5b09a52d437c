"""Splendor: Marvel's learned knowledge as data: the networks of a weights folder and the
engines its `manifest.json` composes from them.

The manifest lists `networks` by id (architecture and its version, file, the table sizes it
was trained for, what admitted it, status) and `engines` by id (status, and for each table size
the value network, the policy network and PUCT's constant). The engine whose status is
`default` is `GAME`'s. Adding a generation adds its weight files and manifest entries and
edits no code; the trainers write new entries (`add_network`), never over one in use.
`$SPLENDOR_MARVEL_WEIGHTS` names a folder to read instead of the package's `weights/` (a
trial's). Each engine has a compiled twin: the logistic kernel with `evaluate` and `priors`
bound to its networks' weights (`network.bound_value`, `network_policy.bound_policy`), cached
under a hash of its networks' files and of the code they run.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from games.splendor_marvel import network, network_policy
from games.splendor_marvel.actions import Action
from games.splendor_marvel.compiled import SplendorMarvelCompiled
from games.splendor_marvel.dense import Weights, read_weights
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.network_policy import PolicyWeights, read_policy
from games.splendor_marvel.state import SplendorState
from kernels.specialize import specialize

FOLDER_VARIABLE = "SPLENDOR_MARVEL_WEIGHTS"
SHIPPED = Path(__file__).with_name("weights")
MANIFEST = "manifest.json"
TABLE_SIZES = (2, 3, 4)
CANDIDATE = "candidate"
"""The status of a network the trainers wrote (`add_network`), until an engine is made of it."""
NETWORK_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
DEFAULT = "default"
"""The status of the engine `GAME` searches with (exactly one has it)."""
SOURCE = SplendorMarvelCompiled.kernel_version
"""The hash of the code a network's compiled function is built from (the architectures, the
inputs, the kernel): part of every cache tag, since numba's cache sees only a function's own
source file."""
READERS = {network.ARCHITECTURE: (network.VERSION, read_weights),
           network_policy.ARCHITECTURE: (network_policy.VERSION, read_policy)}
"""Each architecture's version and the reader of its weight files."""


@dataclass(frozen=True)
class Table:
    """What an engine searches with at one table size."""

    value: Weights
    policy: PolicyWeights
    puct_c: float
    value_tag: str
    policy_tag: str


class LearnedKnowledge:
    """One engine of the manifest: the value, priors and PUCT's constant by table size (the
    evaluation half of `game.SplendorMarvel`), and its compiled twin."""

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

    @functools.cached_property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin: the logistic kernel with this engine's value and priors."""
        return LearnedCompiled(self)


_BOUND: dict[str, Any] = {}
"""Each network's compiled function by its tag (bound once per process)."""


def _bound(bind: Any, weights: Any, tag: str) -> Any:
    """`bind(weights, tag)`, compiled once per process."""
    if tag not in _BOUND:
        _BOUND[tag] = bind(weights, tag)
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


@dataclass(frozen=True)
class Manifest:
    """A weights folder's engines by id, the default's id first."""

    folder: Path
    engines: dict[str, LearnedKnowledge]
    default: str


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def read_manifest(folder: Path) -> Manifest:
    """The engines `folder/manifest.json` names; ValueError naming the entry and field at
    fault."""
    path = folder / MANIFEST
    data = json.loads(path.read_text("utf-8"))
    networks: dict[str, tuple[str, Any, str]] = {}
    for network_id, entry in data["networks"].items():
        where = f"{path}: network {network_id!r}"
        architecture = entry.get("architecture")
        if architecture not in READERS:
            raise ValueError(f"{where}: architecture must be one of {', '.join(READERS)}")
        version, reader = READERS[architecture]
        if entry.get("version") != version:
            raise ValueError(f"{where}: version {entry.get('version')} of {architecture}; "
                             f"this code computes version {version}")
        raw = (folder / entry["file"]).read_bytes()
        weights = _weights(reader, raw.decode("utf-8"), architecture, f"{where}: {entry['file']}")
        networks[network_id] = (architecture, weights, f"{_digest(raw)}{SOURCE}")
    engines: dict[str, LearnedKnowledge] = {}
    defaults = []
    for engine_id, entry in data["engines"].items():
        where = f"{path}: engine {engine_id!r}"
        tables = {}
        for n in TABLE_SIZES:
            spec = entry["tables"].get(str(n))
            if spec is None:
                raise ValueError(f"{where}: tables must give {n} players")
            value, policy = (_network(networks, spec, key, architecture, where)
                             for key, architecture in (("value", network.ARCHITECTURE),
                                                       ("policy", network_policy.ARCHITECTURE)))
            tables[n] = Table(value[1], policy[1], float(spec["puct_c"]), value[2], policy[2])
        digest = _digest(*(f"{n}:{t.value_tag}:{t.policy_tag}:{t.puct_c}".encode()
                           for n, t in tables.items()))
        networks_read = tuple(dict.fromkeys(entry["tables"][str(n)][key] for n in TABLE_SIZES
                                            for key in ("value", "policy")))
        engines[engine_id] = LearnedKnowledge(engine_id, tables, f"net{digest}{SOURCE}", folder,
                                              networks_read)
        if entry.get("status") == DEFAULT:
            defaults.append(engine_id)
    if len(defaults) != 1:
        raise ValueError(f"{path}: exactly one engine must have status {DEFAULT!r}, "
                         f"not {len(defaults)}")
    [default] = defaults
    return Manifest(folder, {default: engines[default], **engines}, default)


def _weights(reader: Any, text: str, architecture: str, where: str) -> Any:
    """`reader`'s weights in `text`; ValueError saying `where` if they are not of
    `architecture` or do not fit."""
    try:
        return reader(text)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise ValueError(f"{where}: not {architecture} weights that fit ({error})") from None


def _network(networks: dict[str, tuple[str, Any, str]], spec: dict[str, Any], key: str,
             architecture: str, where: str) -> tuple[str, Any, str]:
    """The network `spec[key]` names, checked to be of `architecture`."""
    found = networks.get(spec.get(key, ""))
    if found is None or found[0] != architecture:
        raise ValueError(f"{where}: {key} must name a {architecture} network of the manifest")
    return found


def weights_folder() -> Path:
    """The folder the engines are read from: `$SPLENDOR_MARVEL_WEIGHTS`, or the package's."""
    return Path(os.environ.get(FOLDER_VARIABLE) or SHIPPED)


@functools.cache
def manifest() -> Manifest:
    """The manifest of `weights_folder()`, read once per process."""
    return read_manifest(weights_folder())


def default() -> LearnedKnowledge:
    """The engine `GAME` searches with."""
    found = manifest()
    return found.engines[found.default]


def add_network(folder: Path, network_id: str, architecture: str, text: str,
                about: dict[str, Any]) -> Path:
    """Write network `network_id` (weights `text` of `architecture`) into `folder` as a new
    manifest entry of status `candidate`, with `about` (its data, command, held-out figures);
    ValueError if the id is not lower-case letters, digits and dashes, if it or its file is
    taken, or if the weights do not fit. Returns the weight file's path."""
    if not NETWORK_ID.fullmatch(network_id):
        raise ValueError(f"network id {network_id!r}: lower-case letters, digits and dashes")
    path = folder / MANIFEST
    data = json.loads(path.read_text("utf-8"))
    target = folder / f"{network_id}.json"
    if network_id in data["networks"] or target.exists():
        raise ValueError(f"{path}: network {network_id!r} exists; a new one needs a new id")
    version, reader = READERS[architecture]
    _weights(reader, text, architecture, f"network {network_id!r}")
    target.write_text(text, "utf-8")
    data["networks"][network_id] = {"architecture": architecture, "version": version,
                                    "file": target.name, **about, "status": CANDIDATE}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return target


def network_files(architecture: str, folder: Path | None = None) -> list[Path]:
    """The weight files of `architecture` the default engine of `folder` (the package's
    unless given) reads, each once."""
    folder = folder or SHIPPED
    data = json.loads((folder / MANIFEST).read_text("utf-8"))
    [default] = [e for e in data["engines"].values() if e.get("status") == DEFAULT]
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
