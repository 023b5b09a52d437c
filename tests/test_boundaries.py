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
    "checks": ("advisor", "clients", "benchmarks"),  # no server, client or measurement
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


PACKAGES = ("advisor", "benchmarks", "checks", "clients", "contract", "games", "kernels", "scripts",
            "search")


def module_name(path: Path) -> str:
    """The dotted name of a project module (a package by its `__init__`)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The project modules `path` imports anywhere in it (a function's imports too), relative
    imports resolved; what only type checking imports is left out."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                         for alias in node.names)
    return found & known


def test_no_two_modules_import_each_other() -> None:
    paths = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    known = {module_name(path) for path in paths}
    imports = {module_name(path): imported_modules(path, known) for path in paths}
    cycles = sorted(f"{a} <-> {b}" for a, found in imports.items() for b in found
                    if a < b and a in imports.get(b, ()))
    assert not cycles, "\n".join(cycles)
