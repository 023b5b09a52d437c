"""`review` and `play`'s record, `last` and end-of-game review, against a real server."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from google.protobuf import json_format

from clients.arena.record import GameTask, write_json
from clients.arena.referee import play
from clients.cli import main
from clients.cli.review_chart import curves
from clients.cli.reviewing import deadline, move_lines
from clients.client import AdvisorClient, AdvisorError, Grade, Limits, Move, MoveReview, Reason
from contract.v1 import advisor_pb2

TINY = ["--iterations", "24", "--seed", "3"]


def run(capsys: pytest.CaptureFixture[str], target: str, *argv: str) -> tuple[int, str, str]:
    code = main([argv[0], "--server", target, *argv[1:]])
    out, err = capsys.readouterr()
    return code, out, err


def _arena_file(tmp_path: Path, games: int = 1) -> Path:
    """An arena --json results file of short Splendor: Marvel games between random bots."""
    records = [
        play(GameTask(i, "", 0, 0, "splendor_marvel", ("random", "random"), setup_seed=5 + i,
                      chance_seed=9, bot_seeds=(1, 2), max_plies=5))
        for i in range(games)
    ]
    path = tmp_path / "arena.json"
    write_json(path, records, {"games": games})
    return path


def test_an_arena_game_is_reviewed_move_by_move(
    capsys: pytest.CaptureFixture[str], target: str, tmp_path: Path
) -> None:
    path = _arena_file(tmp_path)
    moves = json.loads(path.read_text())["games"][0]["moves"]
    code, out, _ = run(capsys, target, "review", str(path), *TINY)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["#", "seat", "move", "grade", "loss", "win", "before", ">",
                                "after", "best"]
    rows = [line.split() for line in lines[1:] if line[:1].isdigit()]
    assert [(row[0], row[1], row[2]) for row in rows] == [
        (str(n), str((n - 1) % 2), m) for n, m in enumerate(moves, start=1)]
    assert out.count("Seat 0: accuracy ") == 1 and out.count("Seat 1: accuracy ") == 1
    assert "iterations in all, seed 3" in out

    code, out, _ = run(capsys, target, "review", str(path), "--json", "--seats", "1", *TINY)
    messages = [json.loads(line) for line in out.splitlines()]
    assert [m["seat"] for m in messages[:-1]] == [1, 1]
    assert [s["seat"] for s in messages[-1]["seats"]] == [1]


def test_review_says_what_is_wrong_with_a_file(
    capsys: pytest.CaptureFixture[str], target: str, tmp_path: Path
) -> None:
    path = _arena_file(tmp_path, games=2)
    code, _, err = run(capsys, target, "review", str(path), *TINY)
    assert code == 2 and "holds 2 arena games: choose one with --index 0..1" in err
    data = json.loads(path.read_text())
    data["games"][1]["moves"][2] = "recruit:1"
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, target, "review", str(path), "--index", "1", *TINY)
    assert code == 1 and "INVALID_ARGUMENT" in err and "move 3 (recruit:1)" in err


def test_play_saves_its_record_answers_last_and_offers_a_review(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str,
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    script = "last\ntake:YPB\nlast\ntake:BRO\ny\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    args = ["--seats", "human,bot", "--turn-cap", "2", "--record", str(record), *TINY]
    code, out, _ = run(capsys, target, "play", *args)
    assert code == 0
    assert "You have not moved yet." in out
    assert "  Move take:YPB: " in out and "loss " in out
    assert f"Game record saved to {record}" in out and "Review your moves now? [y/N]" in out
    saved = json_format.Parse(record.read_text(), advisor_pb2.GameRecord())
    assert saved.HasField("initial_state") and len(saved.moves) == 4
    assert [m.notation for m in saved.moves[::2]] == ["take:YPB", "take:BRO"]
    review = out.split("Review your moves now? [y/N] ")[1]
    rows = [line.split() for line in review.splitlines() if line[:1].isdigit()]
    assert [(row[0], row[1], row[2]) for row in rows] == [("1", "0", "take:YPB"),
                                                          ("3", "0", "take:BRO")]
    assert "Seat 0: accuracy " in review and "Seat 1" not in review

    code, out, _ = run(capsys, target, "review", str(record), *TINY)
    assert code == 0 and "Seat 1: accuracy " in out


def test_play_saves_by_default_where_it_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str,
    games_dir: Path,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("take:YPB\nquit\n"))
    code, out, _ = run(capsys, target, "play", "--seats", "human,bot", *TINY)
    assert code == 0
    saved = list(games_dir.glob("game-*.json"))
    assert len(saved) == 1 and f"Game record saved to {saved[0]}" in out

    blocked = games_dir / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    record = ["--record", str(blocked / "game.json")]
    code, out, _ = run(capsys, target, "play", "--seats", "human,bot", *record, *TINY)
    assert code == 0 and f"Could not save the game record to {blocked / 'game.json'}" in out


def test_the_client_reviews_a_game_and_stops_when_asked(client: AdvisorClient) -> None:
    state = client.new_game(2, seed=4)
    record = advisor_pb2.GameRecord(initial_state=state)
    for _ in range(4):
        move = client.legal_moves(state).moves[0]
        record.moves.add(notation=move.notation)
        state = client.apply_move(state, move).state
    limits = Limits(iterations=24, seed=2)
    review = client.review_game(record, limits=limits)
    summary = review.wait()
    moves = list(client.review_game(record, limits=limits))
    assert [m.number for m in moves] == [1, 2, 3, 4] and [m.seat for m in moves] == [0, 1, 0, 1]
    assert all(m.grade is not Grade.NOT_SEARCHED and m.assessment is not None for m in moves)
    assert [s.seat for s in summary.seats] == [0, 1] and summary.seed == 2
    assert sum(summary.seats[0].counts.values()) == summary.seats[0].moves == 2
    assert client.get_info().limits.max_review_moves == 2000
    assert deadline(5.0, record) == 20.0 and deadline(None, record) is None  # 5 s a move

    with client.review_game(record, [1], limits) as stopped:
        first = next(iter(stopped))
        stopped.stop()
        assert first.seat == 1 and list(stopped) == [] and stopped.summary is None
    with pytest.raises(AdvisorError):
        stopped.wait()


def _judged(number: int, seat: int, grade: Grade, before: float, after: float) -> MoveReview:
    return MoveReview(number, seat, Move(f"m{number}"), False, grade, before - after, None,
                      before, after, (), None, None, advisor_pb2.MoveReview())


def test_the_best_column_names_a_better_move_only_beside_a_move_graded_good_or_worse() -> None:
    choice = Move("choice")
    why = Reason("win_probability", "choice is better: 56% to win against 50%", 0.5, 0.56,
                 "choice")
    tied, good, mistake = (
        replace(_judged(n, 0, grade, 0.56, 0.50), best_move=choice, reasons=(why,))
        for n, grade in ((1, Grade.BEST), (2, Grade.GOOD), (3, Grade.MISTAKE)))
    (line,) = move_lines(tied)  # tied with the choice: no better move, no reasons
    assert line.split()[-2:] == [">", "50%"]
    for move in (good, mistake):
        line, reason = move_lines(move)
        assert line.split()[-2:] == ["50%", "choice"] and reason.endswith(f"- {why.text}")


def test_the_chart_follows_each_seat_and_marks_its_costly_moves(
    capsys: pytest.CaptureFixture[str], target: str, tmp_path: Path
) -> None:
    moves = [_judged(1, 0, Grade.BEST, 0.5, 0.5), _judged(2, 1, Grade.GOOD, 0.5, 0.48),
             _judged(3, 0, Grade.BLUNDER, 0.55, 0.2), _judged(4, 1, Grade.MISTAKE, 0.8, 0.65)]
    first, second = curves(moves)
    assert (first.seat, first.numbers, first.chances) == (0, (1, 3, 4), (0.5, 0.55, 0.2))
    assert first.marks == ((3, 0.2, Grade.BLUNDER, "m3"),)
    assert second.numbers == (2, 4, 5) and second.marks == ((4, 0.65, Grade.MISTAKE, "m4"),)

    pytest.importorskip("matplotlib")
    chart = tmp_path / "review.png"
    code, _, err = run(capsys, target, "review", str(_arena_file(tmp_path)), "--chart",
                       str(chart), *TINY)
    assert code == 0 and f"Chart written to {chart}" in err
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
