"""`python -m clients.cli` with Challengers! against a real server: referee, advise, play."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from google.protobuf import json_format

from contract.v1 import advisor_pb2
from tests.clients.test_cli import TINY, run

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "challengers_observation.json"
NEW = ["new", "--game", "challengers", "--players", "2", "--seed", "1"]


@pytest.fixture
def observation_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> Path:
    code, out, _ = run(capsys, target, *NEW, "--observe", "0")
    assert code == 0
    path = tmp_path / "obs.json"
    path.write_text(out)
    return path


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    target: str,
    seats: str,
    script: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    args = ["--game", "challengers", "--seats", seats, "--seed", "1", "--iterations", "8"]
    return run(capsys, target, "play", *args, "--hints", "2")


def test_the_documented_example_is_what_new_observe_prints(observation_file: Path) -> None:
    assert json.loads(observation_file.read_text()) == json.loads(EXAMPLE.read_text())


def test_suggest_json_evaluate_and_analyze_tables(
    capsys: pytest.CaptureFixture[str], target: str, observation_file: Path
) -> None:
    code, out, _ = run(capsys, target, "suggest", str(observation_file), "--json", *TINY)
    assert code == 0
    answer = json_format.Parse(out, advisor_pb2.SuggestMoveResponse())
    assert answer.best_move.notation and answer.stats.iterations == 24
    args = ["--move", "pick:cow", *TINY]
    code, out, _ = run(capsys, target, "evaluate", str(observation_file), *args)
    assert code == 0 and "Move pick:cow: " in out
    code, out, _ = run(capsys, target, "analyze", str(observation_file), "--no-progress", *TINY)
    assert code == 0 and out.startswith(f"Seat 0 to move. Best: {answer.best_move.notation}  ")


def test_a_human_lists_moves_errs_moves_takes_a_hint_and_quits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    script = "moves\npick:zzz\ndone\npick:movie-star\nhint\nquit\n"
    code, out, _ = play(capsys, monkeypatch, target, "human,bot", script)
    assert code == 0
    assert "you are seat 0" in out and "Deck phase of seat 0 (you): pick cards" in out
    assert "  movie-star  Movie Star (Film Studio A, 2)" in out
    assert "  pick:cow  add Cow (Outer Space A, 3) to the deck" in out
    assert "Not a move: 'pick:zzz': no card has the key 'zzz'" in out
    assert "Refused: done is illegal" in out
    assert "your deck: champion@s, dog@s, movie-star, newcomer x3, talent@s" in out
    assert "  1. " in out and "  2. " in out and "% to win, " in out and "       - adds " in out
    assert out.rstrip().endswith("Game left.")


def test_bot_picks_are_hidden_from_a_human(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    code, out, _ = play(capsys, monkeypatch, target, "bot,human", "board\nquit\n")
    assert code == 0
    assert "Seat 0 (bot) plays pick:? (hidden from the other seats)" in out
    assert "Seat 0 (bot) plays pick:" not in out.replace("pick:?", "")
    assert "you are seat 1" in out
    assert "seat 0 deck (last revealed): champion@s, dog@s, newcomer x3, talent@s" in out


def test_solo_against_the_robot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    code, out, _ = play(capsys, monkeypatch, target, "human", "quit\n")
    assert code == 0 and "Challengers! 1 player(s)" in out
    assert "  Standings: seat 0 0 fans, robot 0 fans" in out
    code, out, _ = play(capsys, monkeypatch, target, "bot")
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("Game over. Points: seat 0 ")
