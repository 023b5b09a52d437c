"""What must hold in every Nim state."""

from __future__ import annotations

from .game import PILES, NimState


def violations(state: NimState) -> list[str]:
    """Broken invariants, in words: as many piles as a new game, none negative nor grown, and
    a seat 0 or 1 to move."""
    found = []
    if len(state.piles) != len(PILES):
        found.append(f"{len(state.piles)} piles, not {len(PILES)}")
    found += [f"pile {i} holds {n}" for i, n in enumerate(state.piles)
              if not 0 <= n <= max(PILES)]
    if state.player not in (0, 1):
        found.append(f"seat {state.player} to move")
    return found
