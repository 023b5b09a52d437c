"""The TypeScript client (clients/typescript): its generated code is current with proto/, and
its Node tests pass against a real server they start and stop, and the play page plays whole
games in headless Chromium.

They need Node and the package's dependencies (`npm ci`, which this runs when they are missing
or older than package-lock.json).
Without Node they skip locally, but fail in CI (CI=true), where Node must be installed.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from games.registry import TOY_GAMES_VARIABLE

PACKAGE = Path(__file__).parents[2] / "clients" / "typescript"


@pytest.fixture(scope="module")
def npm() -> str:
    """npm, with the package's pinned dependencies installed."""
    found = shutil.which("npm")
    if found is None or shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node 20 and npm are needed in CI for the TypeScript client's tests")
        pytest.skip("Node is not installed: the TypeScript client is not tested")
    installed = PACKAGE / "node_modules" / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < (
            PACKAGE / "package-lock.json").stat().st_mtime:
        run([found, "ci", "--no-audit", "--no-fund"])
    return found

PUBLISHED_ONLY = {key: value for key, value in os.environ.items() if key != TOY_GAMES_VARIABLE}
"""The environment without the toy games: the Node tests expect a production server's games."""


def run(command: list[str], **env: str) -> str:
    """Run `command` in the package; fail with its output unless it succeeds. It runs in a
    process group of its own, killed whole if it is still running after 15 minutes (npm, node,
    the server it started: the browser closes with node's pipe)."""
    process = subprocess.Popen(command, cwd=PACKAGE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                               env={**PUBLISHED_ONLY, **env}, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=900)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, f"{' '.join(command)} failed:\n{stdout}\n{stderr}"
    return stdout


def differences(left: Path, right: Path) -> list[str]:
    """Files that differ, or are only on one side, between two directory trees."""
    compared = filecmp.dircmp(left, right)
    found = [*compared.left_only, *compared.right_only, *compared.diff_files]
    for name in compared.common_files:
        if (left / name).read_bytes() != (right / name).read_bytes():
            found.append(name)
    for name in compared.common_dirs:
        found += [f"{name}/{d}" for d in differences(left / name, right / name)]
    return sorted(set(found))


def test_generated_typescript_is_current_with_proto(npm: str, tmp_path: Path) -> None:
    run([npm, "run", "generate", "--", "--output", str(tmp_path)])
    fresh, committed = tmp_path / "src" / "gen", PACKAGE / "src" / "gen"
    assert differences(fresh, committed) == [], "run `npm run generate` in clients/typescript"


def test_the_typescript_client_passes_its_node_tests(npm: str) -> None:
    printed = run([npm, "test"], ADVISOR_PYTHON=sys.executable)
    assert "# fail 0" in printed and "# pass 0" not in printed


def test_the_play_page_plays_whole_games_in_chromium(npm: str) -> None:
    """clients/typescript/test/page.test.ts: a whole game of each game through the page in
    headless Chromium (skipped without Chromium, except in CI); it retakes the pictures in
    docs/ of the pages it checked, so they cannot go stale."""
    if not Path(os.environ.get("CHROMIUM", "/usr/bin/chromium")).exists() \
            and os.environ.get("CI") != "true":
        pytest.skip("Chromium is not installed (apt-get install chromium): the page is not tested")
    printed = run([npm, "run", "test:page"], ADVISOR_PYTHON=sys.executable,
                  SCREENSHOTS=str(PACKAGE.parents[1] / "docs"))
    assert "# fail 0" in printed and "# pass 0" not in printed
