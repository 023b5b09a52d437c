"""What must hold in every Challengers! state: the engine's self-check, for tests and soaks."""

from __future__ import annotations

from collections import Counter

from .catalogue import ROUNDS
from .state import State


def violations(state: State, cards_at_start: Counter[int]) -> list[str]:
    """Broken invariants, in words (empty when the state is sound): every card of the
    tournament still somewhere (`cards_at_start` is `Counter(start.all_cards())`), and the
    round within the tournament's length."""
    found = []
    if Counter(state.all_cards()) != cards_at_start:
        found.append("the cards in the game changed")
    if state.round > ROUNDS + 1:
        found.append(f"round {state.round} is past the tournament's {ROUNDS}")
    return found
