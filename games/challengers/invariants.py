"""What must hold in every Challengers! state: the engine's self-check, for tests and soaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .catalogue import ROUNDS, STARTER_DECK, pile_cards
from .state import State


def cards_in_play(players: int, sets: tuple[str, ...], robot_deck: Iterable[int]) -> Counter[int]:
    """Every card of a tournament: each seat's starter deck, the robot's deck at an odd table,
    and the piles of City and the chosen `sets`."""
    cards: Counter[int] = Counter()
    for _ in range(players):
        cards.update(STARTER_DECK)
    if players % 2:
        cards.update(robot_deck)
    for pile in pile_cards(sets):
        cards.update(pile)
    return cards


def violations(state: State) -> list[str]:
    """Broken invariants, in words (empty when the state is sound): every card of the
    tournament still somewhere, and the round within the tournament's length."""
    found = []
    if Counter(state.all_cards()) != cards_in_play(state.num_players, state.sets,
                                                   state.robot_deck):
        found.append("the cards in the game changed")
    if state.round > ROUNDS + 1:
        found.append(f"round {state.round} is past the tournament's {ROUNDS}")
    return found
