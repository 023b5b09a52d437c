"""`python -m clients.cli` with every registered game against a real server: referee a move,
two bots to the end, too many seats. A game's own CLI tests keep only what its rules add."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from google.protobuf import json_format

from contract.v1 import common_pb2
from games.registry import SERVED
from tests.clients.test_cli import run

NAMES = list(SERVED)


def _players(name: str) -> str:
    return "2" if 2 in SERVED[name].player_counts else str(SERVED[name].player_counts[0])


@pytest.mark.parametrize("name", NAMES)
def test_new_moves_and_apply_referee_a_move(
    capsys: pytest.CaptureFixture[str], target: str, tmp_path: Path, name: str
) -> None:
    code, state_json, _ = run(capsys, target, "new", "--game", name, "--players", _players(name),
                              "--seed", "2")
    assert code == 0
    state = json_format.Parse(state_json, common_pb2.GameState())
    assert state.WhichOneof("game") == name
    state_file = tmp_path / "state.json"
    state_file.write_text(state_json)
    code, out, _ = run(capsys, target, "moves", str(state_file))
    assert code == 0 and out.startswith("Seat ")
    first = out.splitlines()[1].split()[0]  # "  take:YPB  take Mind ..." -> the notation
    code, out, err = run(capsys, target, "apply", str(state_file), "--move", first)
    assert code == 0 and err
    after = json_format.Parse(out, common_pb2.GameState())
    assert after.WhichOneof("game") == name and after != state


@pytest.mark.parametrize("name", NAMES)
def test_two_bots_play_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str, name: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    seats = ",".join(["bot"] * int(_players(name)))
    code, out, _ = run(capsys, target, "play", "--game", name, "--seats", seats, "--seed", "4",
                       "--iterations", "8", "--turn-cap", "3")
    assert code == 0
    assert "Seat 0 (bot) plays" in out
    if hasattr(SERVED[name].load().game, "standings"):  # printed after every move
        assert "Standings: seat 0 " in out
    assert out.rstrip().splitlines()[-1].startswith("Game over. Points: seat 0")


@pytest.mark.parametrize("name", NAMES)
def test_too_many_seats_is_a_bad_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str, name: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    seats = SERVED[name].player_counts[-1] + 1
    code, _, err = run(capsys, target, "play", "--game", name, "--seats", ",".join(["bot"] * seats))
    assert code == 2 and f"not {seats}" in err
