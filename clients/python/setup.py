"""Builds `card_advisor_client` from the repository's client (`clients/client`) and generated
contract (`contract/v1`): both are copied into one namespaced package under `build/src`, their
imports renamed, so the distribution installs no generic top-level names (`clients`,
`contract`)."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
STAGING = HERE / "build" / "src"
PACKAGE = "card_advisor_client"
SOURCES = {PACKAGE: ROOT / "clients" / "client", f"{PACKAGE}.v1": ROOT / "contract" / "v1"}
RENAMES = ((r"\bclients\.client\b", PACKAGE), (r"\bcontract\.v1\b", f"{PACKAGE}.v1"))
IMPORT = re.compile(r"^\s*(from|import) (clients\.client|contract\.v1)\b.*$", re.MULTILINE)


def renamed(source: str) -> str:
    """`source` with its imports of the client and the contract renamed into the package."""

    def rename(match: re.Match[str]) -> str:
        line = match.group(0)
        for old, new in RENAMES:
            line = re.sub(old, new, line)
        return line

    return IMPORT.sub(rename, source)


def stage() -> None:
    """The package's sources, renamed, under `STAGING`."""
    shutil.rmtree(STAGING, ignore_errors=True)
    for package, source in SOURCES.items():
        target = STAGING.joinpath(*package.split("."))
        target.mkdir(parents=True)
        for module in sorted(source.glob("*.py")) + sorted(source.glob("*.pyi")):
            (target / module.name).write_text(renamed(module.read_text()))
        (target / "py.typed").write_text("")


if __name__ == "__main__":
    stage()
    setup(
        version=tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"],
        packages=list(SOURCES),
        package_dir={"": str(STAGING.relative_to(HERE))},
        package_data={"": ["*.pyi", "py.typed"]},
    )
