"""A game review in the terminal: one line per judged move as it arrives, then each seat's
summary (used by `review` and at the end of `play`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from clients.client import GameReview, Grade, MoveReview, ReviewSummary, SeatReview
from contract.v1 import advisor_pb2

COLUMNS = ("#", "seat", "move", "grade", "loss", "win before > after", "best")
WIDTHS = (4, 4, 22, 11, 6, 18)
REASONS_SHOWN = 2


def deadline(per_move: float | None, record: advisor_pb2.GameRecord) -> float | None:
    """A review's deadline in seconds: the per-call `--timeout` for each move of the record
    (every move's search is bounded by the call's deadline, so one call-sized deadline would
    cut the last moves' searches short)."""
    return None if per_move is None else per_move * max(1, len(record.moves))


def _row(cells: Sequence[str]) -> str:
    padded = [cell.ljust(width) for cell, width in zip(cells, WIDTHS, strict=False)]
    return "  ".join([*padded, *cells[len(WIDTHS):]]).rstrip()


def header() -> str:
    """The table's header line."""
    return _row(COLUMNS)


def move_lines(move: MoveReview) -> list[str]:
    """The table line of a judged move, and the first reasons of a costly one."""
    if move.forced:
        return [_row([str(move.number), str(move.seat), move.move.notation, "forced"])]
    best = move.best_move.notation if move.best_move is not None and measured_better(move) \
        else ""
    line = _row([
        str(move.number), str(move.seat), move.move.notation, str(move.grade),
        f"{move.value_loss:.3f}",
        f"{move.win_probability_before:.0%} > {move.win_probability_after:.0%}", best,
    ])
    if not measured_better(move):
        return [line]
    return [line, *(f"{'':6}- {r.text}" for r in move.reasons[:REASONS_SHOWN])]


def measured_better(move: MoveReview) -> bool:
    """Whether the search measured a better move than `move` (graded good or worse): the
    "best" column names it then, and never beside a move graded best."""
    return move.grade not in (Grade.BEST, Grade.NOT_SEARCHED) and move.best_move is not None \
        and move.best_move.notation != move.move.notation


def seat_line(seat: SeatReview) -> str:
    """"Seat 0: accuracy 87.1 over 35 moves: 20 best, ...; turning points: moves 17, 41"."""
    counts = ", ".join(f"{n} {grade}" for grade, n in seat.counts.items() if n)
    forced = f", {seat.forced} forced" if seat.forced else ""
    forced += f", {seat.decided} once decided" if seat.decided else ""
    turns = ", ".join(str(n) for n in seat.turning_points) or "none"
    moves = f"{seat.moves} move{'' if seat.moves == 1 else 's'}"
    return (f"Seat {seat.seat}: accuracy {seat.accuracy:.1f} over {moves} "
            f"({counts or 'none graded'}{forced}); turning points: {turns}")


def summary_lines(summary: ReviewSummary) -> list[str]:
    """Every reviewed seat's line, and the seed to repeat the review."""
    return [*(seat_line(s) for s in summary.seats),
            f"Searched {summary.iterations} iterations in all, seed {summary.seed}"]


def show(review: GameReview, say: Callable[[str], None]) -> list[MoveReview]:
    """Print the review as it streams; the judged moves (the summary is `review.summary`)."""
    say(header())
    moves = []
    for move in review:
        moves.append(move)
        for line in move_lines(move):
            say(line)
    if review.summary is not None:
        say("")
        for line in summary_lines(review.summary):
            say(line)
    return moves
