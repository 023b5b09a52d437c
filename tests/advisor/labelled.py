"""Positions with known verdicts, for the coaching tests (docs/coaching.md)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from games.challengers import GAME as CHALLENGERS
from games.challengers import State as ChallengersState
from games.challengers import flow
from games.challengers import new_game as new_challengers_game
from games.challengers.actions import A_PASS, EXHAUST
from games.challengers.actions import Action as ChallengersAction
from games.challengers.catalogue import BENCH_SEATS, BY_KEY, KEY, ROUNDS
from games.challengers.catalogue import LEVEL as CHALLENGERS_LEVEL
from games.challengers.effects import base_power
from games.challengers.evaluators import EVALUATOR as CHALLENGERS_EVALUATOR
from games.challengers.setup import new_state
from games.challengers.state import D_TRIM, MATCH
from games.splendor_marvel import SplendorState
from games.splendor_marvel.catalogue import (
    BONUS,
    CARDS,
    COST,
    GREY,
    LEVEL,
    LOCATIONS,
    POINTS,
    STONE_COLOURS,
    TAGS,
    LocationSide,
)
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


def _quiet_table() -> SplendorState:
    """A 2-player table where seat 0 has 6 points in three colours and seat 1 8 in four;
    neither has a green token nor any Avengers tag."""
    state = table(2, seed=0)
    _recruit_by_colour(state, 0, ((2, 0), (2, 0), (2, 0)))
    _recruit_by_colour(state, 1, ((2, 0), (2, 0), (2, 0), (2, 0)))
    return state


def deny_the_gauntlet() -> tuple[SplendorState, int]:
    """Seat 1, last to play in the round, has 8 points and cannot win soon. Seat 0 has 14
    points, every colour, green and the price of `threat`, a 2-point card on the board: it
    recruits it next turn for 16 and wins. Reserving (or recruiting) `threat` now is the only
    defence; anything else leaves it there."""
    state = table(2, seed=0)
    _recruit_by_colour(state, 0, ((4, 0), (4, 0), (2, 0), (2, 0), (2, 0)))
    _recruit_by_colour(state, 1, ((2, 0), (2, 0), (2, 0), (2, 0)))
    give_tokens(state, 0, green=1)
    threat = _card(state, 2, level=2, payable_by=0)
    put_on_board(state, threat, 0)
    give_the_price(state, 0, threat)
    state.current = 1
    assert (state.points(0), state.points(1)) == (14, 8)
    check_invariants(state)
    return state, threat


def location_in_reach(location: int = 0) -> tuple[SplendorState, int]:
    """Seat 0 lacks one bonus of the requirement of the `location`-th location left, and
    `card`, a 0-point card of that colour on the board, is within its tokens: recruiting it
    takes the location's 3 points."""
    state = _quiet_table()
    side = LOCATIONS[state.locations_left[location]]
    for colour, need in enumerate(side.requires):
        while state.bonuses[0][colour] < need - (1 if colour == _last_colour(side) else 0):
            recruit_into(state, 0, _card(state, 0, colour=colour, level=1))
    card = _card(state, 0, colour=_last_colour(side), level=1, payable_by=0)
    return _within_reach(state, card)


def _within_reach(state: SplendorState, card: int) -> tuple[SplendorState, int]:
    """`state` with `card` face up on the board and its price in seat 0's hand, seat 0 to
    move."""
    put_on_board(state, card, 0)
    give_the_price(state, 0, card)
    state.current = 0
    check_invariants(state)
    return state, card


def _last_colour(side: LocationSide) -> int:
    return max(c for c, need in enumerate(side.requires) if need)


def tile_in_reach(mover: int = 0) -> tuple[SplendorState, int]:
    """Both seats have 2 Avengers tags and the price of `tagged`, a one-tag card on the
    board; `mover` moves first. Recruiting `tagged` takes the Avengers tile (3 points), which
    the other seat could then only take back with two tags more; leaving it lets the other
    seat take it."""
    state = table(2, seed=0)
    _recruit_by_colour(state, 0, ((1, 1), (1, 1)))
    _recruit_by_colour(state, 1, ((0, 0), (0, 0), (1, 1), (1, 1)))
    tagged = _card(state, 0, level=1, tags=1, payable_by=0, most_of_a_colour=2)
    put_on_board(state, tagged, 0)
    for seat in (0, 1):
        give_the_price(state, seat, tagged)
    state.current = mover
    assert state.tags == [2, 2]
    check_invariants(state)
    return state, tagged


def points_in_reach() -> tuple[SplendorState, int]:
    """Both seats have 10 points in every colour; `card`, a 3-point card on the board, is
    within seat 0's tokens: recruiting it brings seat 0 to 13 of the 16 points, 3 ahead."""
    state = _level_race()
    return _within_reach(state, _card(state, 3, colour=0, level=2, payable_by=0))


def four_points_in_reach() -> tuple[SplendorState, int]:
    """The table of `points_in_reach` with `card` a 4-point card: recruiting it brings seat 0
    to 14 of the 16 points, 4 ahead."""
    state = _level_race()
    return _within_reach(state, _card(state, 4, payable_by=0))


def _level_race() -> SplendorState:
    """Both seats have 10 points in every colour; seat 0 two orange bonuses more."""
    state = table(2, seed=0)
    for seat in (0, 1):
        _recruit_by_colour(state, seat, ((2, 0), (2, 0), (2, 0), (2, 0), (2, 0)))
    for _ in range(2):  # orange bonuses: the price of a 3-point card (6 orange) fits the supply
        recruit_into(state, 0, _card(state, 0, colour=4, level=1))
    return state


def last_colour(missing: int = 4) -> tuple[SplendorState, int]:
    """Seat 0 has 13 points, green and every colour but `missing`, seat 1 12 points, green
    and four colours; `card`, a 0-point card of colour `missing` on the board, is within seat
    0's tokens: seat 0's Gauntlet then lacks only 3 points."""
    state = table(2, seed=0)
    others = [colour for colour in STONE_COLOURS if colour != missing]
    for colour, points in zip(others, (4, 4, 3, 2), strict=True):
        recruit_into(state, 0, _card(state, points, colour=colour))
    _recruit_by_colour(state, 1, ((2, 0), (2, 0), (4, 0), (4, 0)))
    for seat in (0, 1):
        give_tokens(state, seat, green=1)
    card = _card(state, 0, colour=missing, level=1, payable_by=0)
    return _within_reach(state, card)


def _drafted_to_trim() -> ChallengersState:
    """The drained-deck round (`drained_deck`) after seat 0 picks Sci-Fi Geek without paying
    and the first card of its second offer: seat 0 now trims its deck."""
    state, _, plain = drained_deck()
    rng = random.Random(0)
    CHALLENGERS.apply(state, plain, rng)
    while state.draft_step != D_TRIM:
        CHALLENGERS.apply(state, CHALLENGERS.legal_actions(state)[0], rng)
    assert CHALLENGERS.current_player(state) == 0
    return state


def trim_the_strongest() -> tuple[ChallengersState, ChallengersAction]:
    """Round 7, seat 0 trims a deck whose strongest cards are its two Slimes (power 7):
    removing one before the deciding match throws away 7 power."""
    state = _drafted_to_trim()
    return state, ChallengersAction.parse("trim:slime")


def trim_to_nothing() -> tuple[ChallengersState, ChallengersAction]:
    """Round 7, seat 0 has trimmed its deck down to one card: removing it leaves an empty
    deck, which loses the match at once."""
    state = _drafted_to_trim()
    rng = random.Random(0)
    while len(state.decks[0]) > 1:
        CHALLENGERS.apply(state, ChallengersAction.parse(f"trim:{KEY[state.decks[0][-1]]}"), rng)
    return state, ChallengersAction.parse(f"trim:{KEY[state.decks[0][0]]}")


Wanted = Callable[[ChallengersState], ChallengersAction | None]


def match_decisions(kind: int, wanted: Wanted, count: int) -> list[
        tuple[ChallengersState, ChallengersAction]]:
    """The first match decision of effect `kind` for which `wanted` names a move, in each
    seeded 2-player game played by the playout policy, until `count` are found."""
    found = []
    for seed in range(200):
        state, rng = new_challengers_game(2, seed), random.Random(seed)
        while not CHALLENGERS.is_terminal(state):
            if state.phase == MATCH and state.pending_kind == kind:
                move = wanted(state)
                if move is not None:
                    found.append((state.clone(), move))
                    break
            CHALLENGERS.apply(state, CHALLENGERS_EVALUATOR.rollout_action(state, rng), rng)
        if len(found) == count:
            return found
    raise LookupError(f"fewer than {count} decisions of kind {kind} in 200 games")


def weaker_on_top(state: ChallengersState) -> ChallengersAction | None:
    """Of the moves putting a card on top (Reporter, Juggler), one whose top card is weaker
    than every other card that could go on top, and at least 4 power below the strongest;
    None if there is none."""
    moves = CHALLENGERS.legal_actions(state)
    top = {m: base_power(state, m.cards()[0]) for m in moves}
    weakest = min(moves, key=lambda m: top[m])
    others = [top[m] for m in moves if m.cards()[0] != weakest.cards()[0]]
    wide = others and max(others) - top[weakest] >= 4 and min(others) > top[weakest]
    return weakest if wide else None


def pass_on_a_full_bench(state: ChallengersState) -> ChallengersAction | None:
    """Declining to exhaust (Sorcerer) with at most one bench seat free, when every card
    that may be exhausted sits alone (so exhausting it frees a seat); None otherwise."""
    seat = state.pending_participant
    moves = CHALLENGERS.legal_actions(state)
    alone = all(any(bench == [m.card] for bench in state.benches[seat])
                for m in moves if m.kind == EXHAUST)
    full = BENCH_SEATS - len(state.benches[seat]) <= 1
    return A_PASS if full and alone and len(moves) > 1 else None
