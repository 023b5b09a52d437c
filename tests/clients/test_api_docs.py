"""The grpcurl calls of docs/api.md run, and print what the docs show (when grpcurl is here).

A `sh` block's `grpcurl` lines run against a test server (from the repository root, so
`$(cat docs/examples/...)` works) unless they hold a placeholder (`<state>`, `...`) or need a
token or TLS. When "Answer (shortened):" and a `json` block follow, the documented answer must
be part of the printed one: every key shown is printed with that value (floats to 4 places,
`elapsed_ms` any), a list's items in order (a `"..."` item: the rest left out), and a
`"...": "..."` entry leaves out the other keys.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "api.md"
SH_BLOCK = re.compile(r"```sh\n(.*?)```(?:\n\n[^\n`]*Answer \(shortened\):\n\n```json\n(.*?)```)?",
                      re.S)
PLACEHOLDER = re.compile(r"<[a-z]+>|\.\.\.|authorization|cacert")
ANY_VALUE = {"elapsed_ms"}


def grpcurl() -> str | None:
    """The grpcurl of this environment (the dev extra installs one), if it runs."""
    found = shutil.which("grpcurl", path=str(Path(sys.executable).parent)) or shutil.which(
        "grpcurl"
    )
    if found is None:
        return None
    ran = subprocess.run([found, "--version"], capture_output=True, check=False)
    return found if ran.returncode == 0 else None


def commands(block: str) -> list[str]:
    """The shell commands of a `sh` block (a quote or a trailing backslash continues one)."""
    found, pending = [], ""
    for line in block.splitlines():
        pending += line + "\n"
        if line.endswith("\\"):
            continue
        try:
            shlex.split(pending, comments=True)
        except ValueError:  # a quote still open
            continue
        found.append(pending.strip())
        pending = ""
    return found


def calls() -> list[tuple[str, str | None]]:
    """(runnable grpcurl command, documented answer or None) in the order of docs/api.md."""
    found = []
    for block, answer in SH_BLOCK.findall(DOC.read_text()):
        runnable = [
            command for command in commands(block)
            if command.startswith("grpcurl") and not PLACEHOLDER.search(command)
        ]
        for i, command in enumerate(runnable):
            found.append((command, answer if answer and i == len(runnable) - 1 else None))
    return found


def contains(printed: Any, documented: Any, path: str = "answer") -> None:
    """Fail naming the first place where `documented` is not part of `printed`."""
    if isinstance(documented, dict):
        assert isinstance(printed, dict), f"{path}: the docs show an object"
        for key, value in documented.items():
            if key == "...":
                continue
            assert key in printed, f"{path}.{key}: documented, not printed"
            if key not in ANY_VALUE:
                contains(printed[key], value, f"{path}.{key}")
    elif isinstance(documented, list):
        assert isinstance(printed, list), f"{path}: the docs show a list"
        shown = documented[: documented.index("...")] if "..." in documented else documented
        if "..." not in documented:
            assert len(printed) == len(documented), f"{path}: {len(printed)} items printed"
        for i, item in enumerate(shown):
            assert i < len(printed), f"{path}[{i}]: documented, not printed"
            contains(printed[i], item, f"{path}[{i}]")
    elif isinstance(documented, float):
        assert printed == pytest.approx(documented, abs=5e-5), f"{path}: {printed} printed"
    else:
        assert printed == documented, f"{path}: {printed!r} printed, docs say {documented!r}"


CALLS = calls()


def test_the_docs_show_runnable_grpcurl_calls() -> None:
    assert len(CALLS) >= 8 and sum(answer is not None for _, answer in CALLS) >= 3


@pytest.mark.parametrize(("command", "answer"), CALLS,
                         ids=[" ".join(c.split())[:70] for c, _ in CALLS])
def test_a_documented_grpcurl_call_prints_what_the_docs_show(
    command: str, answer: str | None, target: str
) -> None:
    tool = grpcurl()
    if tool is None:
        pytest.skip("grpcurl is not installed (pip install -e '.[dev]')")
    line = command.replace("localhost:50051", target).replace("grpcurl", tool, 1)
    ran = subprocess.run(["bash", "-c", line], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False)
    assert ran.returncode == 0, ran.stderr
    if answer is not None:
        contains(json.loads(ran.stdout), json.loads(answer))
