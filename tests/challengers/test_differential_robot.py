"""The robot set's own cards in the kernel against the Python engine.

No player drafts the robot set, so its advanced and solo cards act only in a robot's deck:
these tournaments give each odd table's robot a random deck of robot-set cards and compare
the engines move for move (`checks/challengers_kernel_differential.py --robot-set`).
"""

from __future__ import annotations

from collections import Counter

from checks.challengers_kernel_differential import (
    ROBOT_SET,
    play_in_lockstep,
    random_robot_deck,
    tallied_effect_cards,
)
from games.challengers.catalogue import CARDS

ODD_TABLES = tuple(seed for seed in range(48) if seed % 2 == 0)  # 1, 3, 5 or 7 players


def test_robot_decks_are_robot_set_cards_drawn_from_the_seed() -> None:
    decks = [random_robot_deck(seed) for seed in range(20)]
    assert all(8 <= len(deck) <= 12 and set(deck) <= set(ROBOT_SET) for deck in decks)
    assert decks == [random_robot_deck(seed) for seed in range(20)]
    assert len({tuple(deck) for deck in decks}) == len(decks)


def test_every_robot_set_effect_agrees_with_the_python_engine() -> None:
    tally: Counter[tuple[int, int]] = Counter()
    decisions = sum(play_in_lockstep(seed, tally, robot_set=True) for seed in ODD_TABLES)
    assert decisions > 20 * len(ODD_TABLES)
    fired = {CARDS[card].name for _, card in tally}
    with_effects = {CARDS[card].name for card in set(tallied_effect_cards()) & set(ROBOT_SET)}
    assert len(with_effects) == 9
    assert with_effects <= fired, f"never fired: {sorted(with_effects - fired)}"
