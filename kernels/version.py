"""A version string for compiled code: a hash of the files it was compiled from."""

from __future__ import annotations

import hashlib
from importlib import resources


def source_version(*packages: str) -> str:
    """A short hash of every `.py` and `.json` file in the named packages (not recursive).

    Compiled code that freezes tables from these files is cached under this version, so any edit
    to a rule, a table or a data file compiles it afresh.
    """
    digest = hashlib.sha256()
    for package in packages:
        files = sorted(
            (entry for entry in resources.files(package).iterdir()
             if entry.name.endswith((".py", ".json"))),
            key=lambda entry: entry.name,
        )
        for entry in files:
            digest.update(f"{package}/{entry.name}\0".encode())
            digest.update(entry.read_bytes())
    return digest.hexdigest()[:12]
