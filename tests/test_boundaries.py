"""The package boundaries of DESIGN.md, checked on the source: who may import whom."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "clients": ("advisor",),  # a client never needs the server
    "contract": ("advisor", "clients", "search"),  # the shared contract stands alone
    "search": ("advisor", "clients", "games", "contract"),  # the search knows no game, no gRPC
    "games": ("advisor", "clients", "search", "contract"),  # a game knows no search, no gRPC
    "kernels": ("advisor", "clients", "search", "games", "contract"),
}


def imported_packages(path: Path) -> set[str]:
    """Top-level names of every module `path` imports (absolute imports only)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_package_imports_across_its_boundary(package: str) -> None:
    crossings = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in sorted(imported_packages(path) & set(FORBIDDEN[package]))
    ]
    assert not crossings, "\n".join(crossings)
