"""A version string for compiled code: a hash of the files it was compiled from."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable

MANIFEST = "manifest.json"
"""A folder holding one is a weights folder, left out of the hash."""


def source_version(*packages: str) -> str:
    """A short hash of every `.py` and `.json` file in the named packages and their sub-folders.

    Compiled code that freezes tables from these files is cached under this version, so any edit
    to a rule, a table or a data file compiles it afresh. Each file enters the digest under its
    path in its package, in sorted order. A folder holding a `manifest.json` is skipped with all
    it holds: its weight files are hashed one by one by the entries that name them
    (`games.splendor_marvel.knowledge.manifest`).
    """
    digest = hashlib.sha256()
    for package in packages:
        for path, entry in _sources(resources.files(package)):
            digest.update(f"{package}/{path}\0".encode())
            digest.update(entry.read_bytes())
    return digest.hexdigest()[:12]


def _sources(folder: Traversable, prefix: str = "") -> Iterator[tuple[str, Traversable]]:
    """`(path, file)` for each `.py` and `.json` file under `folder` but in weights folders,
    sorted by name folder by folder."""
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        path = prefix + entry.name
        if entry.is_dir():
            if not entry.joinpath(MANIFEST).is_file():
                yield from _sources(entry, f"{path}/")
        elif entry.name.endswith((".py", ".json")):
            yield path, entry
