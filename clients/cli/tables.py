"""Plain-text tables of the advisor's answers."""

from __future__ import annotations

from collections.abc import Sequence

from clients.client import (
    Assessment,
    Candidate,
    Evaluation,
    LineStep,
    Move,
    SearchStats,
    Suggestion,
)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns padded to their widest cell, two spaces apart."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]
    lines = []
    for row in (headers, *rows):
        cells = [str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def move_text(move: Move) -> str:
    """Notation and plain words, e.g. "take:YPB  take Mind (yellow), ..."."""
    return f"{move.notation}  {move.description}" if move.description else move.notation


def per_seat(values: Sequence[float], fmt: str = "{:.1%}") -> str:
    """"seat 0 61.0%, seat 1 39.0%"."""
    return ", ".join(f"seat {seat} {fmt.format(v)}" for seat, v in enumerate(values))


def stats_line(stats: SearchStats) -> str:
    """How much searching went into an answer, in one line."""
    return (
        f"{stats.iterations} iterations, {stats.nodes} nodes, {stats.elapsed_ms:.0f} ms, "
        f"{stats.workers} worker(s), seed {stats.seed} (stopped by {stats.stopped_by})"
    )


RANKED_BY_VISITS = "Ranked by visits: the search plays the move it looked at most."
ABOVE_A_HIGHER_RANK = (
    "* a higher win chance than a move ranked above it, measured on fewer visits (see the\n"
    "  interval): the search trusts visits over such a mean; `suggest --judge` judges each\n"
    "  move by a search of its own and lists them by value."
)


def candidates_table(candidates: Sequence[Candidate], seat: int) -> str:
    """One row per ranked candidate (in the search's order: by visits), win chances from the
    mover's point of view; a win chance above that of a move ranked higher is starred and
    explained under the table."""
    rows: list[list[str]] = []
    starred, lowest_above = False, 2.0
    for c in candidates:
        win = round(c.win_probability[seat], 3) if len(c.win_probability) > seat else None
        star = win is not None and win > lowest_above
        starred |= star
        rows.append([
            str(c.rank),
            c.move.notation,
            str(c.visits),
            "-" if win is None else f"{win:.1%}" + ("*" if star else ""),
            f"{c.lcb:.1%}-{c.ucb:.1%}",
            "= best" if c.tied_with_best and c.rank != 1 else "",
            f"{c.prior:.2f}",
            " ".join(m.notation for m in c.pv[1:]),
        ])
        lowest_above = min(lowest_above, 2.0 if win is None else win)
    lines = [RANKED_BY_VISITS,
             table(["#", "move", "visits", "win", "95% interval", "tie", "prior", "then"], rows)]
    return "\n".join([*lines, ABOVE_A_HIGHER_RANK] if starred else lines)


def search_answer(answer: Suggestion) -> str:
    """A SuggestMove or Analyze answer: the best move, candidates, chances and statistics."""
    lines = [
        f"Seat {answer.seat} to move. {chosen_text(answer)}",
        "",
        candidates_table(answer.candidates, answer.seat),
        "",
    ]
    if answer.judged:
        lines.append("Each shown move judged by a search of its own, best first:")
        lines.extend(line for a in answer.judged for line in assessment_lines(a))
        lines.append("")
    if answer.follow_ups:
        lines.append("Then, this turn: " + " ".join(m.notation for m in answer.follow_ups))
    lines.append(f"Win probability: {per_seat(answer.root_win_probability)}")
    lines.append(stats_line(answer.stats) + judging_note(answer.judging_iterations))
    return "\n".join(lines)


def judging_note(iterations: int) -> str:
    """The judging searches' iterations, after the main search's statistics."""
    return f", and {iterations} iterations judging moves" if iterations else ""


def chosen_text(answer: Suggestion) -> str:
    """"Best: MOVE", or the weakened choice of a strength level and its row in the table."""
    if not answer.level:
        return f"Best: {move_text(answer.best_move)}"
    rank = next((c.rank for c in answer.candidates
                 if c.move.notation == answer.best_move.notation), 0)  # fmt: skip
    where = f" (candidate #{rank} below)" if rank else ""
    return f"The bot's move at level {answer.level}{where}: {move_text(answer.best_move)}"


def evaluation(answer: Evaluation) -> str:
    """An Evaluate answer: chances and expected points per seat, and the judged move."""
    points = {s.seat: s.points for s in answer.summaries}
    matches = answer.match_win_probability
    rows = [
        [str(seat), f"{win:.1%}", *([f"{matches[seat]:.1%}"] if matches else []),
         f"{expected:.1f}", str(points.get(seat, "-"))]
        for seat, (win, expected) in enumerate(
            zip(answer.win_probability, answer.expected_points, strict=False)
        )
    ]
    header = ["seat", "win", *(["wins its match"] if matches else []), "expected points",
              "points now"]
    lines = [
        table(header, rows),
        "",
        f"Best: {move_text(answer.best_move)}",
    ]
    if answer.assessment is not None:
        lines.extend(assessment_lines(answer.assessment))
    lines.append(stats_line(answer.stats) + judging_note(answer.judging_iterations))
    return "\n".join(lines)


def assessment_lines(a: Assessment) -> list[str]:
    """A judged move: grade and how sure, its reasons, and where its line parts from the
    best one."""
    rank = f"rank {a.rank} of {a.candidates}" if a.rank else "not tried by the main search"
    sure = f"{a.lcb:.0%}-{a.ucb:.0%} over {a.visits} visits" if a.visits else "unknown"
    tie = (", tied with the best" if a.tied_with_best and a.rank != 1
           else ", not searched enough to tell from the best" if a.undecided else "")
    graded = "not graded: the game is decided" if a.decided else str(a.grade) + (
        f" (or {a.close_grade}: too close to call)" if a.close_grade is not None else "")
    low, high = a.loss_interval
    lines = [
        f"Move {a.move.notation}: {graded}{tie}, {rank}, mover wins {a.win_probability:.1%} "
        f"({sure}), loss {a.value_loss:.3f} ({low:.3f}-{high:.3f})",
        *(f"  - {reason}" for reason in a.reasons),
    ]
    if a.best_line:
        lines.append("  Your line:  " + line_text(a.line))
        lines.append("  Best line:  " + line_text(a.best_line))
        lines.append(f"  They part in value at step {a.divergence}." if a.divergence
                     else "  Their values never differ beyond noise.")
    return lines


def line_text(steps: Sequence[LineStep]) -> str:
    """Moves with the judged mover's win chance after each, e.g. "take:YPB 52% > ..."."""
    return " > ".join(f"{s.move.notation} {s.win_probability:.0%}" for s in steps)
