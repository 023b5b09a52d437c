"""A PNG of each seat's win probability over a reviewed game, its costly moves marked (needs
matplotlib: the `plot` extra)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clients.client import Grade, MoveReview

MARKED = {Grade.BLUNDER: ("X", "#d62728", "blunder"), Grade.MISTAKE: ("o", "#ff7f0e", "mistake")}
SEAT_COLOURS = ("#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
                "#17becf")


@dataclass(frozen=True)
class SeatCurve:
    """One seat's win probability before each of its judged moves (and after the last)."""

    seat: int
    numbers: tuple[int, ...]
    chances: tuple[float, ...]
    marks: tuple[tuple[int, float, Grade, str], ...]
    """(move number, chance after, grade, notation) of the seat's mistakes and blunders."""


def curves(moves: Sequence[MoveReview]) -> list[SeatCurve]:
    """Each seat's curve from its judged moves (forced and unsearched ones carry no numbers)."""
    out = []
    for seat in sorted({m.seat for m in moves}):
        judged = [m for m in moves if m.seat == seat and not m.forced
                  and m.grade is not Grade.NOT_SEARCHED]
        if not judged:
            continue
        numbers = [m.number for m in judged]
        chances = [m.win_probability_before for m in judged]
        numbers.append(judged[-1].number + 1)
        chances.append(judged[-1].win_probability_after)
        marks = tuple((m.number, m.win_probability_after, m.grade, m.move.notation)
                      for m in judged if m.grade in MARKED)
        out.append(SeatCurve(seat, tuple(numbers), tuple(chances), marks))
    return out


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as err:
        raise RuntimeError(
            "the review chart needs matplotlib: pip install 'card-advisor[plot]'"
        ) from err
    return plt


def draw(moves: Sequence[MoveReview], path: Path, title: str) -> None:
    """Write the chart of `moves` to `path` (PNG): a step line per seat; each mistake or
    blunder a drop from the line (the value before the move) to a marker (after it)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 4.8))
    seats = curves(moves)
    for curve in seats:
        colour = SEAT_COLOURS[curve.seat % len(SEAT_COLOURS)]
        ax.plot(curve.numbers, curve.chances, drawstyle="steps-post", color=colour,
                linewidth=2, label=f"seat {curve.seat}")
    labelled: set[Grade] = set()
    for curve in seats:
        before = dict(zip(curve.numbers, curve.chances, strict=True))
        for number, chance, grade, notation in curve.marks:
            marker, colour, word = MARKED[grade]
            ax.vlines(number, chance, before[number], color=colour, linewidth=2, zorder=3)
            ax.scatter([number], [chance], marker=marker, s=110, color=colour,
                       edgecolors="black", linewidths=0.6, zorder=4,
                       label=None if grade in labelled else word)
            labelled.add(grade)
            ax.annotate(f"{number}. {notation}", (number, chance), textcoords="offset points",
                        xytext=(7, -4), fontsize=9, color="black", zorder=5,
                        bbox={"boxstyle": "round,pad=0.2", "facecolor": "white",
                              "edgecolor": colour, "alpha": 0.9})
    ax.axhline(0.5, color="grey", linewidth=0.6, linestyle=":")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("move number")
    ax.set_ylabel("win probability before the seat's move")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
