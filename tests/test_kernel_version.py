"""`kernels.version.source_version`: sub-folders count, weights folders (a manifest) do not."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kernels.version import source_version


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package `versioned` on `sys.path`, with a sub-package and a weights folder (imported
    afresh by each test)."""
    root = tmp_path / "versioned"
    for folder in (root, root / "kernel", root / "weights"):
        folder.mkdir()
    (root / "__init__.py").write_text("")
    (root / "rules.py").write_text("RULE = 1\n")
    (root / "kernel" / "__init__.py").write_text("")
    (root / "kernel" / "flow.py").write_text("STEP = 1\n")
    (root / "weights" / "manifest.json").write_text("{}\n")
    (root / "weights" / "net.json").write_text("[1]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield root
    sys.modules.pop("versioned", None)


def test_the_version_is_stable(package: Path) -> None:
    assert source_version("versioned") == source_version("versioned")


def test_an_edit_in_a_sub_folder_changes_the_version(package: Path) -> None:
    before = source_version("versioned")
    (package / "kernel" / "flow.py").write_text("STEP = 2\n")
    assert source_version("versioned") != before


def test_a_file_moved_into_a_sub_folder_changes_the_version(package: Path) -> None:
    before = source_version("versioned")
    (package / "rules.py").rename(package / "kernel" / "rules.py")
    assert source_version("versioned") != before


def test_a_weights_folder_is_left_out(package: Path) -> None:
    before = source_version("versioned")
    (package / "weights" / "net.json").write_text("[2]\n")
    (package / "weights" / "manifest.json").write_text('{"engines": []}\n')
    assert source_version("versioned") == before
