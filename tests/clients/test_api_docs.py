"""The grpcurl calls of docs/api.md run, and print what the docs show (when grpcurl is here).

A `sh` block's `grpcurl` lines run against a test server (from the repository root, so
`$(cat docs/examples/...)` works) unless they hold a placeholder (`<state>`, `...`) or need
TLS; those with the token `s3cret` run against a server that requires it. A block that begins
with `# Recipe:` runs whole, as one script, in a scratch folder. When "Answer (shortened):"
and a `json` block follow, the documented answer must be part of the printed one: every key
shown is printed with that value (floats to 4 places, `elapsed_ms` any), a list's items in
order (a `"..."` item: the rest left out), and a `"...": "..."` entry leaves out the other keys.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format

from clients import AdvisorClient
from contract.v1 import advisor_pb2
from tests.clients.conftest import start

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "api.md"
SH_BLOCK = re.compile(r"```sh\n(.*?)```(?:\n\n[^\n`]*Answer \(shortened\):\n\n```json\n(.*?)```)?",
                      re.S)
PLACEHOLDER = re.compile(r"<[a-z]+>|\.\.\.|cacert")
RECIPE = "# Recipe:"
TOKEN = "s3cret"
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
        if block.startswith(RECIPE):
            continue
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


def recipes() -> list[str]:
    """The `sh` blocks of docs/api.md that run as one script."""
    return [block for block, _ in SH_BLOCK.findall(DOC.read_text()) if block.startswith(RECIPE)]


@pytest.fixture(scope="module")
def token_target() -> Iterator[str]:
    """A server that requires the documented token."""
    running = start(auth_token=TOKEN)
    yield f"127.0.0.1:{running.port}"
    running.stop(grace=0.5)


def _tool() -> str:
    tool = grpcurl()
    if tool is None:
        pytest.skip("grpcurl is not installed (pip install -e '.[dev]')")
    return tool


@pytest.mark.parametrize(("command", "answer"), CALLS,
                         ids=[" ".join(c.split())[:70] for c, _ in CALLS])
def test_a_documented_grpcurl_call_prints_what_the_docs_show(
    command: str, answer: str | None, target: str, request: pytest.FixtureRequest
) -> None:
    tool = _tool()
    if f"Bearer {TOKEN}" in command:
        target = request.getfixturevalue("token_target")
    line = command.replace("localhost:50051", target).replace("grpcurl", tool, 1)
    ran = subprocess.run(["bash", "-c", line], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False)
    assert ran.returncode == 0, ran.stderr
    if answer is not None:
        contains(json.loads(ran.stdout), json.loads(answer))


@pytest.mark.parametrize("recipe", recipes(), ids=[r.splitlines()[0] for r in recipes()])
def test_a_documented_recipe_runs_as_written(recipe: str, target: str, tmp_path: Path) -> None:
    tool = Path(_tool())
    script = recipe.replace("localhost:50051", target)
    env = {**os.environ, "PATH": f"{tool.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    ran = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 0, ran.stderr


def test_the_example_observation_is_the_one_the_docs_say(target: str) -> None:
    text = DOC.read_text()
    shown = text[text.index("An **observation** is what one seat may know"):]
    begin = shown.index("```json\n") + len("```json\n")
    example = shown[begin:shown.index("\n```", begin)]
    with AdvisorClient(target) as client:
        state = client.new_game(2, seed=7)
        for move in ("take:YPB", "blind:2"):
            state = client.apply_move(state, move).state
        observation = client.observe(state, 0).observation
    printed = json_format.MessageToDict(observation, preserving_proto_field_name=True,
                                        always_print_fields_with_no_presence=True)
    printed["splendor_marvel"].pop("history")
    contains(printed, json.loads(example))


def test_json_refuses_unknown_fields_unless_told_to_ignore_them() -> None:
    text = '{"players": 2, "no_such_field": 1}'
    with pytest.raises(json_format.ParseError, match="no_such_field"):
        json_format.Parse(text, advisor_pb2.NewGameRequest())
    parsed = json_format.Parse(text, advisor_pb2.NewGameRequest(), ignore_unknown_fields=True)
    assert parsed.players == 2
