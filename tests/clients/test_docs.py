"""Every command shown with its output in docs/cli.md prints that output (timings aside).

A `console` block starts with `$ python -m clients.cli ...`; its other lines are what the
command prints (stdout, or stderr when stdout goes to a file). `...` stands for any lines.
Inputs: `docs/examples/*.json` as committed; `state.json` a fresh seeded game (`new --players 2
--seed 1`); `obs.json` the Challengers! example observation.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from clients.cli import main

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "cli.md"
BLOCK = re.compile(r"```console\n\$ (python -m clients\.cli [^\n]*)\n(.*?)```", re.S)
TIMING = re.compile(r"\d+ ms")


def documented() -> list[tuple[str, list[str]]]:
    """(command, expected lines) of every console block of docs/cli.md."""
    return [(command, body.rstrip("\n").split("\n"))
            for command, body in BLOCK.findall(DOC.read_text())]


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, `...` standing for any lines, timings masked."""
    if not expected:
        return not actual
    if expected[0] == "  ...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and TIMING.sub("N ms", expected[0]) == TIMING.sub("N ms", actual[0]) \
        and matches(expected[1:], actual[1:])


@pytest.fixture
def inputs(tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "docs").mkdir()
    shutil.copytree(ROOT / "docs" / "examples", tmp_path / "docs" / "examples")
    shutil.copy(ROOT / "docs" / "examples" / "challengers_observation.json",
                tmp_path / "obs.json")
    assert main(["new", "--server", target, "--players", "2", "--seed", "1"]) == 0
    (tmp_path / "state.json").write_text(capsys.readouterr().out)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("command", "expected"), documented(),
                         ids=[c for c, _ in documented()])
def test_documented_output_is_what_the_command_prints(
    command: str, expected: list[str], inputs: Path, target: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = shlex.split(command)[3:]
    to_file = ">" in words
    if to_file:
        words = words[: words.index(">")]
    main([words[0], "--server", target, *words[1:]])
    out, err = capsys.readouterr()
    printed = (err if to_file or not out else out).rstrip("\n").split("\n")
    assert matches(expected, printed), "\n".join(["docs say:", *expected, "prints:", *printed])


def test_the_documented_python_client_example_runs(
    target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = DOC.read_text()
    example = text[text.index("## The Python client"):]
    start = example.index("```python\n") + len("```python\n")
    code = example[start:example.index("\n```", start)]
    exec(compile(code.replace("127.0.0.1:50051", target), str(DOC), "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    best, candidates = lines[0].split(" ", 1)
    assert f"'{best}'" in candidates
    assert lines[1].split()[0] in {"best", "good", "inaccuracy", "mistake", "blunder"}
    assert lines[-2].endswith(" cancelled")
    assert lines[-1].startswith("StatusCode.INVALID_ARGUMENT") and "move.notation" in lines[-1]
