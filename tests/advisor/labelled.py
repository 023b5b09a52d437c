"""Positions with known verdicts, for the coaching tests (docs/coaching.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.challengers import State as ChallengersState
from games.challengers import flow
from games.challengers.actions import Action as ChallengersAction
from games.challengers.catalogue import BY_KEY, ROUNDS
from games.challengers.catalogue import LEVEL as CHALLENGERS_LEVEL
from games.challengers.setup import new_state
from games.splendor_marvel import SplendorState
from games.splendor_marvel.catalogue import BONUS, CARDS, COST, GREY, LEVEL, POINTS, TAGS
from games.splendor_marvel.rules import shortfall
from tests.splendor_marvel.helpers import (
    COLOURS,
    check_invariants,
    give_the_price,
    give_tokens,
    put_on_board,
    recruit_into,
    reserve_into,
    table,
)


def _dealt(state: SplendorState, tags: int) -> Iterator[int]:
    """Cards still in a deck or on the board with `tags` Avengers tags, in catalogue order."""
    for card in CARDS:
        if TAGS[card.id] == tags and (
            card.id in state.board or any(card.id in d for d in state.decks)
        ):
            yield card.id


def _card(state: SplendorState, points: int, *, colour: int | None = None,
          level: int | None = None, payable_by: int | None = None, tags: int = 0,
          most_of_a_colour: int = 7) -> int:
    """The first dealt card with these points, bonus colour, level and tags; `payable_by`: one
    the supply can pay for that seat, with at most `most_of_a_colour` tokens of any colour."""
    for card in _dealt(state, tags):
        if POINTS[card] != points or colour not in (None, BONUS[card]):
            continue
        if level not in (None, LEVEL[card]):
            continue
        if payable_by is not None and any(
            price - state.bonuses[payable_by][c] > min(state.supply[c], most_of_a_colour)
            for c, price in enumerate(COST[card])
        ):
            continue
        return card
    raise LookupError(f"no dealt card of {points} points, colour {colour}, level {level}, "
                      f"{tags} tags")


def _recruit_by_colour(state: SplendorState, seat: int,
                       cards: tuple[tuple[int, int], ...]) -> None:
    """Give `seat` one recruited card per colour, as (points, Avengers tags) in colour order."""
    for colour, (points, tags) in enumerate(cards):
        recruit_into(state, seat, _card(state, points, colour=colour, tags=tags))


def _near_the_gauntlet() -> SplendorState:
    """A 2-player table where both seats have every colour and a green token: seat 0 has 15
    points, seat 1 14."""
    state = table(2, seed=0)
    for seat, points_by_colour in ((1, (4, 4, 3, 3, 0)), (0, (5, 5, 2, 0, 3))):
        _recruit_by_colour(state, seat, tuple((points, 0) for points in points_by_colour))
        give_tokens(state, seat, green=1)
    return state


def gauntlet_race() -> tuple[SplendorState, int, int]:
    """Seat 1, last to play in the round, can recruit `win` now: 16 points with every colour
    and a green token, so the game ends at once and seat 1 wins. Seat 0 (15 points, every
    colour, green) can recruit `threat` next turn for 17 and win if seat 1 waits. Missing the
    win to take tokens is a blunder; recruiting `win` is the only winning move."""
    state = _near_the_gauntlet()
    win = _card(state, 2, level=2, payable_by=1)
    put_on_board(state, win, 0)
    give_the_price(state, 1, win)
    threat = _card(state, 2, level=2, payable_by=0)
    put_on_board(state, threat, 1)
    give_the_price(state, 0, threat)
    state.current = 1
    check_invariants(state)
    return state, win, threat


def avengers_handover() -> tuple[SplendorState, int]:
    """Seat 1, last to play in the round, holds the Avengers tile (3 tags, 13 points with it).
    Seat 0 has 13 points, 3 tags, every colour and green, and the price of `tagged`, a
    one-tag card on the board: recruiting it next turn gives seat 0 a fourth tag, the tile and
    16 points, and seat 1, 10 points without the tile, cannot answer. Recruiting or reserving
    `tagged` now keeps the tile; any other move gives it, and the game, away."""
    state = table(2, seed=0)
    _recruit_by_colour(state, 0, ((3, 2), (1, 1), (4, 0), (5, 0), (0, 0)))
    _recruit_by_colour(state, 1, ((1, 1), (3, 2), (5, 0), (1, 0), (0, 0)))
    state.avengers = 1
    for seat in (0, 1):
        give_tokens(state, seat, green=1)
    tagged = _card(state, 0, level=1, tags=1, payable_by=0)
    put_on_board(state, tagged, 0)
    for seat in (0, 1):
        give_the_price(state, seat, tagged)
    state.current = 1
    assert (state.tags, state.points(0), state.points(1)) == ([3, 3], 13, 13)
    check_invariants(state)
    return state, tagged


def full_hand() -> tuple[SplendorState, int, int]:
    """Seat 1, last to play in the round, holds two reserved cards and 10 tokens; one of the
    reserved cards, `win`, ends the game at once with 16 points, every colour and green. Seat
    0 (15 points, every colour, green) holds `threat` face up in its own reserve, where nobody
    can take it, and the price: 17 points next turn. Reserving a third card (its grey token
    over the limit) instead of recruiting `win` loses: no card of 3 points or more (17 would
    share the win) is within seat 1's reach on its last turn. Recruiting `win` wins."""
    state = _near_the_gauntlet()
    win = _card(state, 2, level=2, payable_by=1, most_of_a_colour=3)
    reserve_into(state, 1, win)
    give_the_price(state, 1, win)
    threat = _card(state, 2, level=2, payable_by=0)
    reserve_into(state, 0, threat)
    give_the_price(state, 0, threat)
    reserve_into(state, 1, _card(state, 5, level=3))
    _fill_tokens(state, 1, total=10, points=3)
    state.current = 1
    assert sum(state.tokens[1]) == 10 and len(state.reserved[1]) == 2
    assert not _reachable_with_a_grey(state, 1, points=3)
    check_invariants(state)
    return state, win, threat


def _reachable_with_a_grey(state: SplendorState, seat: int, points: int) -> list[int]:
    """Cards of at least `points` points, anywhere but a tableau, that `seat` could pay for
    with its tokens and one grey token more."""
    recruited = {c for row in state.tableau for c in row}
    return [c.id for c in CARDS if c.points >= points and c.id not in recruited
            and shortfall(state, seat, c.id) <= state.tokens[seat][GREY] + 1]


def _fill_tokens(state: SplendorState, seat: int, total: int, points: int) -> None:
    """Give `seat` coloured tokens up to `total`, each of the first colour that brings no
    card of `points` points or more within reach (with one grey token more)."""
    while sum(state.tokens[seat]) < total:
        for colour in list(COLOURS)[:5]:
            if not state.supply[COLOURS[colour]]:
                continue
            trial = state.clone()
            give_tokens(trial, seat, **{colour: 1})
            if not _reachable_with_a_grey(trial, seat, points):
                give_tokens(state, seat, **{colour: 1})
                break
        else:
            raise LookupError("no token keeps the strong cards out of reach")


def drained_deck() -> tuple[ChallengersState, ChallengersAction, ChallengersAction]:
    """Round 7 (the last) of a two-player Challengers! tournament; seat 0 picks first. Fans are
    level, so this round's match decides the tournament. Seat 0's deck is the starter deck and
    two Slimes (power 7, its only cards above 4); seat 1's adds Prince, Illusionist and Heroine
    (power 5). The offer is Sci-Fi Geek (6) and four power-4 cards. `drain` picks Sci-Fi Geek
    and pays its cost with both Slimes to take one more power-4 card: 14 power out, 4 in, one
    card fewer. `plain` picks Sci-Fi Geek and keeps them."""
    rng = random.Random(0)
    state = new_state(2, rng, ("castle", "film_studio", "funfair", "haunted_house",
                               "outer_space"))
    state.round = ROUNDS
    for seat, extra in ((0, ("slime", "slime")), (1, ("prince", "illusionist", "heroine"))):
        state.decks[seat] += [_from_pile(state, key) for key in extra]
        state.public_deck[seat] = sorted(state.decks[seat])
        state.trophies[seat] = [r << 2 for r in range(seat + 1, ROUNDS, 2)]  # round r, park 0
    level = [flow.fan_total(state, seat) for seat in (0, 1)]
    state.fans = [max(level) - fans for fans in level]
    flow.advance(state, rng)  # deals the round's offer
    state.piles[2] += state.offer
    offer = ("sci-fi-geek", "champion@c", "bard", "vampire", "hologram")
    state.offer = [_from_pile(state, key) for key in offer]
    assert flow.fan_total(state, 0) == flow.fan_total(state, 1)
    return (state, ChallengersAction.parse("pick:sci-fi-geek+pay:slime,slime"),
            ChallengersAction.parse("pick:sci-fi-geek"))


def _from_pile(state: ChallengersState, key: str) -> int:
    """Take one copy of the card `key` out of its level pile."""
    card = BY_KEY[key]
    state.piles[CHALLENGERS_LEVEL[card] - 1].remove(card)
    return card
