"""Learned knowledge as data, the part every game shares: a weights folder whose `manifest.json`
names each network by id (its architecture and that architecture's version, its file, what it
was trained on and what admitted it, its status) and the engines composed of them.

A game's `knowledge` module says which architectures it computes (`Architecture`: a name, a
version and the reader of its files) and how an engine entry composes networks; this module
reads and checks the network entries, tags each with a hash of its file and of the code that
computes it (compiled caches follow both), finds the one default engine, and adds the networks
the trainers write (a new id and file, never over one).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

MANIFEST = "manifest.json"
DEFAULT = "default"
"""The status of the engine a game's `GAME` searches with (exactly one has it)."""
CANDIDATE = "candidate"
"""The status of a network the trainers wrote (`add_network`), until an engine is made of it."""
NETWORK_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
Engine = TypeVar("Engine")


@dataclass(frozen=True)
class Architecture:
    """What computes a kind of network: its name in the manifest, the version of the code that
    computes it, and the reader of its weight files (ValueError, KeyError, TypeError or
    IndexError for weights that do not fit)."""

    name: str
    version: int
    read: Callable[[str], Any]


@dataclass(frozen=True)
class Network:
    """A manifest's network, read and checked."""

    id: str
    architecture: str
    weights: Any
    tag: str
    """A hash of its file and of the code that computes it: a compiled cache's key part."""


@dataclass(frozen=True)
class Manifest(Generic[Engine]):
    """A weights folder's engines by id, the default's first."""

    folder: Path
    engines: dict[str, Engine]
    default: str

    @classmethod
    def of(cls, folder: Path, engines: dict[str, Engine], default: str) -> Manifest[Engine]:
        """The manifest of `folder` with `engines`, reordered so `default` comes first."""
        return cls(folder, {default: engines[default], **engines}, default)


def digest(*parts: bytes) -> str:
    """A short hash of `parts`, each kept apart from the next."""
    found = hashlib.sha256()
    for part in parts:
        found.update(part)
        found.update(b"\0")
    return found.hexdigest()[:12]


def read_json(folder: Path) -> tuple[Path, dict[str, Any]]:
    """The manifest's path in `folder` and its content."""
    path = folder / MANIFEST
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return path, data


def read_networks(folder: Path, data: Mapping[str, Any],
                  architectures: Mapping[str, Architecture], source: str) -> dict[str, Network]:
    """Every network of the manifest `data` (read from `folder`), each tagged by its file and
    `source` (the hash of the code that computes them); ValueError naming the entry and the
    field at fault."""
    networks = {}
    for network_id, entry in data["networks"].items():
        where = f"{folder / MANIFEST}: network {network_id!r}"
        architecture = architectures.get(entry.get("architecture"))
        if architecture is None:
            raise ValueError(f"{where}: architecture must be one of {', '.join(architectures)}")
        if entry.get("version") != architecture.version:
            raise ValueError(f"{where}: version {entry.get('version')} of {architecture.name}; "
                             f"this code computes version {architecture.version}")
        file = entry.get("file")
        if not isinstance(file, str) or not (folder / file).is_file():
            raise ValueError(f"{where}: file must name a weight file in {folder}")
        raw = (folder / file).read_bytes()
        weights = checked(architecture, raw.decode("utf-8"), f"{where}: {file}")
        networks[network_id] = Network(network_id, architecture.name, weights,
                                       f"{digest(raw)}{source}")
    return networks


def checked(architecture: Architecture, text: str, where: str) -> Any:
    """The weights `text` holds; ValueError saying `where` if they are not of `architecture` or
    do not fit."""
    try:
        return architecture.read(text)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise ValueError(f"{where}: not {architecture.name} weights that fit ({error})") from None


def network_named(networks: Mapping[str, Network], name: Any, architecture: str,
                  where: str, key: str) -> Network:
    """The network `name` (an engine's field `key`), checked to be of `architecture`."""
    found = networks.get(name) if isinstance(name, str) else None
    if found is None or found.architecture != architecture:
        raise ValueError(f"{where}: {key} must name a {architecture} network of the manifest")
    return found


def default_engine(path: Path, data: Mapping[str, Any]) -> str:
    """The id of the manifest's one engine of status `default`; ValueError if there is not
    exactly one."""
    defaults = [i for i, entry in data["engines"].items() if entry.get("status") == DEFAULT]
    if len(defaults) != 1:
        raise ValueError(f"{path}: exactly one engine must have status {DEFAULT!r}, "
                         f"not {len(defaults)}")
    return defaults[0]


def add_network(folder: Path, network_id: str, architecture: Architecture, text: str,
                about: Mapping[str, Any]) -> Path:
    """Write network `network_id` (weights `text` of `architecture`) into `folder` as a new
    manifest entry of status `candidate`, with `about` (its data, command, held-out figures);
    ValueError if the id is not lower-case letters, digits and dashes, if it or its file is
    taken, or if the weights do not fit. Returns the weight file's path."""
    if not NETWORK_ID.fullmatch(network_id):
        raise ValueError(f"network id {network_id!r}: lower-case letters, digits and dashes")
    path, data = read_json(folder)
    target = folder / f"{network_id}.json"
    if network_id in data["networks"] or target.exists():
        raise ValueError(f"{path}: network {network_id!r} exists; a new one needs a new id")
    checked(architecture, text, f"network {network_id!r}")
    target.write_text(text, "utf-8")
    data["networks"][network_id] = {"architecture": architecture.name,
                                    "version": architecture.version, "file": target.name,
                                    **about, "status": CANDIDATE}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return target


def folder_of(variable: str, shipped: Path) -> Path:
    """The weights folder a game reads: the one `$variable` names (a trial's), or `shipped`."""
    return Path(os.environ.get(variable) or shipped)
