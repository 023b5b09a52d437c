"""What must hold in every Kuhn poker state."""

from __future__ import annotations

from .game import CARDS, ENDINGS, KuhnState


def violations(state: KuhnState) -> list[str]:
    """Broken invariants, in words: two different cards of the deck, and a history on the way
    to one of the endings."""
    found = []
    if len(set(state.cards)) != 2 or not all(0 <= c < len(CARDS) for c in state.cards):
        found.append(f"cards {state.cards}")
    if not any(ending.startswith(state.history) for ending in ENDINGS):
        found.append(f"history {state.history!r}")
    return found
