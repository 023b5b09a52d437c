"""Plain-text tables of match and ladder results (also used, as Markdown, by RESULTS.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from clients.arena.runner import SPRTOutcome
from clients.arena.scoring import PairTally
from clients.arena.stats import Estimate, Rating, estimate, score_from_elo

PAIR_HEADER = ("bot A", "bot B", "games", "A W-D-L", "capped", "errors", "A score", "95% CI", "Elo")
RATING_HEADER = ("rank", "bot", "Elo", "95% CI")


def _elo(x: float) -> str:
    return "inf" if math.isinf(x) and x > 0 else "-inf" if math.isinf(x) else f"{round(x):+d}"


def elo_with_interval(e: Estimate) -> str:
    """`+38 [-10, +87]`; a clean sweep has no finite estimate, so its interval's bound:
    `≥ +166` (all won) or `≤ -166` (all lost)."""
    if math.isinf(e.elo):
        return f"≥ {_elo(e.elo_low)}" if e.elo > 0 else f"≤ {_elo(e.elo_high)}"
    return f"{_elo(e.elo)} [{_elo(e.elo_low)}, {_elo(e.elo_high)}]"


def pair_row(t: PairTally) -> tuple[str, ...]:
    """One pairing: games, A's W-D-L, caps, errors, A's score with its interval, Elo."""
    e = estimate(t.points, t.games)
    return (
        t.a,
        t.b,
        str(t.games),
        f"{t.wins}-{t.draws}-{t.losses}",
        str(t.capped),
        str(t.errors),
        f"{100 * e.score:.1f}%",
        f"{100 * e.low:.1f}–{100 * e.high:.1f}%",
        elo_with_interval(e),
    )


def rating_rows(ratings: Sequence[Rating]) -> list[tuple[str, ...]]:
    """Ratings best first, with their 95% interval."""
    ordered = sorted(ratings, key=lambda r: -r.elo)
    return [(str(i + 1), r.name, _elo(r.elo), f"±{r.margin:.0f}") for i, r in enumerate(ordered)]


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns padded to width, a rule under the header."""
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(lines)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The same table in Markdown."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def sprt_line(outcome: SPRTOutcome, share: bool = False) -> str:
    """`SPRT elo0=0 elo1=10 ...: LLR x in [lower, upper] → H1 after n deals`; with `share`,
    the hypotheses as the scores they stand for (`share0=25% share1=30%`: a share of the wins
    at a larger table, where Elo means nothing)."""
    test = outcome.test
    lower, upper = test.bounds
    verdict = {"H0": "accepted H0", "H1": "accepted H1", None: "undecided"}[outcome.decision]
    s0, s1 = (100 * score_from_elo(elo) for elo in (test.elo0, test.elo1))
    hypotheses = f"share0={s0:.4g}% share1={s1:.4g}%" if share else (
        f"elo0={test.elo0:g} elo1={test.elo1:g}")
    return (
        f"SPRT {hypotheses} alpha={test.alpha:g} beta={test.beta:g}: "
        f"LLR {outcome.llr:.2f} in [{lower:.2f}, {upper:.2f}], {verdict} after "
        f"{outcome.deals} deals"
    )
