"""A PNG bar chart of ladder ratings with their intervals (needs matplotlib)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from clients.arena.stats import Rating


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as err:
        raise RuntimeError(
            "the ladder chart needs matplotlib: pip install 'card-advisor[plot]'"
        ) from err
    return plt


def ladder_chart(ratings: Sequence[Rating], path: Path, title: str) -> None:
    """Horizontal bars of Elo (best on top) with 95% error bars, written to `path`."""
    plt = _pyplot()
    ordered = sorted(ratings, key=lambda r: r.elo)
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(ordered) + 1.5))
    ax.barh(
        [r.name for r in ordered],
        [r.elo for r in ordered],
        xerr=[r.margin for r in ordered],
        capsize=4,
        color="#4c72b0",
    )
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("Elo (anchor = 0), 95% interval")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
