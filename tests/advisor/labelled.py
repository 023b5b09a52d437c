"""Positions with known verdicts, for the coaching tests (docs/coaching.md)."""

from __future__ import annotations

from collections.abc import Iterator

from games.splendor_marvel import SplendorState
from games.splendor_marvel.catalogue import BONUS, CARDS, COST, LEVEL, POINTS, TAGS
from tests.splendor_marvel.helpers import (
    check_invariants,
    give_the_price,
    give_tokens,
    put_on_board,
    recruit_into,
    table,
)


def _dealt(state: SplendorState) -> Iterator[int]:
    """Cards still in a deck or on the board, without Avengers tags, in catalogue order."""
    for card in CARDS:
        if not TAGS[card.id] and (card.id in state.board or any(card.id in d for d in state.decks)):
            yield card.id


def _card(state: SplendorState, points: int, *, colour: int | None = None,
          level: int | None = None, payable_by: int | None = None) -> int:
    for card in _dealt(state):
        if POINTS[card] != points or colour not in (None, BONUS[card]):
            continue
        if level not in (None, LEVEL[card]):
            continue
        if payable_by is not None and any(
            price - state.bonuses[payable_by][c] > state.supply[c]
            for c, price in enumerate(COST[card])
        ):
            continue
        return card
    raise LookupError(f"no dealt card of {points} points, colour {colour}, level {level}")


def gauntlet_race() -> tuple[SplendorState, int, int]:
    """Seat 1, last to play in the round, can recruit `win` now: 16 points with every colour
    and a green token, so the game ends at once and seat 1 wins. Seat 0 (15 points, every
    colour, green) can recruit `threat` next turn for 17 and win if seat 1 waits. Missing the
    win to take tokens is a blunder; recruiting `win` is the only winning move."""
    state = table(2, seed=0)
    for seat, points_by_colour in ((1, (4, 4, 3, 3, 0)), (0, (5, 5, 2, 0, 3))):
        for colour, points in enumerate(points_by_colour):
            recruit_into(state, seat, _card(state, points, colour=colour))
        give_tokens(state, seat, green=1)
    win = _card(state, 2, level=2, payable_by=1)
    put_on_board(state, win, 0)
    give_the_price(state, 1, win)
    threat = _card(state, 2, level=2, payable_by=0)
    put_on_board(state, threat, 1)
    give_the_price(state, 0, threat)
    state.current = 1
    check_invariants(state)
    return state, win, threat
