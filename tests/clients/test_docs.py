"""Every command shown with its output in docs/cli.md prints that output (timings aside).

A `console` block starts with `$ card-advisor-cli ...`; its other lines are what the command
prints (stdout, or stderr when stdout goes to a file). `...` stands for any lines. A `play`
block is a transcript: what follows each `seat N> ` prompt is typed in (the whole game is
played from those lines, then checked). Inputs: `docs/examples/*.json` as committed;
`state.json` a fresh seeded game (`new --players 2 --seed 1`); `obs.json` the Challengers!
example observation.

When a change alters what the commands print, re-record the blocks with
`DOCS_REWRITE=1 .venv/bin/python -m pytest tests/clients/test_docs.py`: each block that no
longer matches is rewritten from the output, keeping its `...` (the lines before one keep their
count; the line after one is found again in the output). Read the diff before committing.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from clients.cli import main

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "cli.md"
BLOCK = re.compile(r"```console\n\$ (card-advisor-cli [^\n]*)\n(.*?)```", re.S)
TIMING = re.compile(r"\d+ ms")
PROMPT = re.compile(r"^seat \d+> ", re.M)
ELIDED = "  ..."
REWRITE = os.environ.get("DOCS_REWRITE") == "1"


def documented() -> list[tuple[str, list[str]]]:
    """(command, expected lines) of every console block of docs/cli.md."""
    return [(command, body.rstrip("\n").split("\n"))
            for command, body in BLOCK.findall(DOC.read_text())]


def same(expected: str, actual: str) -> bool:
    """One line as documented, timings masked."""
    return TIMING.sub("N ms", expected) == TIMING.sub("N ms", actual)


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, `...` standing for any lines, timings masked."""
    if not expected:
        return not actual
    if expected[0] == ELIDED:
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and same(expected[0], actual[0]) and matches(expected[1:], actual[1:])


def rerecorded(expected: list[str], actual: list[str]) -> list[str]:
    """The block's new lines: `actual`, with the documented `...` kept (a run of lines before
    one keeps its length; the first line after one is looked for again in `actual`)."""
    runs: list[list[str]] = [[]]
    for line in expected:
        if line == ELIDED:
            runs.append([])
        else:
            runs[-1].append(line)
    lines: list[str] = []
    at = 0
    for i, run in enumerate(runs):
        if i > 0:
            lines.append(ELIDED)
            if run:
                found = [j for j in range(at, len(actual)) if same(run[0], actual[j])]
                if not found:
                    pytest.fail(f"cannot re-record: {run[0]!r} is no longer printed; edit the "
                                "block by hand")
                at = found[0]
        end = len(actual) if i == len(runs) - 1 else min(at + len(run), len(actual))
        lines.extend(actual[at:end])
        at = end
    return lines


def typed(expected: list[str]) -> str:
    """What a transcript types in: the text after each prompt, a line each."""
    return "".join(PROMPT.sub("", line, count=1) + "\n" for line in expected
                   if PROMPT.match(line))


def echoed(printed: str, typed_in: str) -> str:
    """A terminal's view of a scripted game: each typed line shown after its prompt."""
    answers = iter(typed_in.splitlines())
    pieces, last = [], 0
    for prompt in PROMPT.finditer(printed):
        pieces += [printed[last:prompt.end()], next(answers, "") + "\n"]
        last = prompt.end()
    return "".join([*pieces, printed[last:]])


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
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = shlex.split(command)[1:]
    to_file = ">" in words
    if to_file:
        words = words[: words.index(">")]
    typed_in = typed(expected)
    monkeypatch.setattr("sys.stdin", io.StringIO(typed_in))
    main([words[0], "--server", target, *words[1:]])
    out, err = capsys.readouterr()
    shown = err if to_file or not out else echoed(out, typed_in)
    printed = shown.rstrip("\n").split("\n")
    if REWRITE and not matches(expected, printed):
        _rewrite(command, expected, rerecorded(expected, printed))
        return
    assert matches(expected, printed), "\n".join(["docs say:", *expected, "prints:", *printed])


def _rewrite(command: str, old: list[str], new: list[str]) -> None:
    text = DOC.read_text()
    before = f"```console\n$ {command}\n" + "\n".join(old) + "\n```"
    assert text.count(before) == 1, f"the block of {command!r} is not found once"
    DOC.write_text(text.replace(before, f"```console\n$ {command}\n" + "\n".join(new) + "\n```"))


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
