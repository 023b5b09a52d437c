"""The compiled rules: the twin of `rules`, over a world array (`layout`).

`legal_actions` lists the engine's actions in its order and `apply` plays one the same way;
the small questions they ask (points, the gauntlet, what a seat can afford) come first.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from games.splendor_marvel import rules
from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    AVENGERS_TILE_POINTS,
    GAUNTLET_POINTS,
    GREEN,
    GREY,
    LOCATION_POINTS,
    MAX_RESERVED,
    MAX_TOKENS,
    NUM_CARDS,
    TOKEN_KINDS,
)

from .actions import (
    BLIND_CODE,
    LOCATION_CODE,
    PASS_CODE,
    RECRUIT_CODE,
    RECRUIT_RESERVED_CODE,
    RESERVE_CODE,
    RETURN_CODE,
    TAKE_CODE,
    TAKE_TWO_CODE,
)
from .catalogue import (
    CARD_BONUS,
    CARD_COST,
    CARD_LEVEL,
    CARD_POINTS_OF,
    CARD_TAGS,
    CARD_TIME_STONE,
    LOCATION_REQUIRES,
)
from .layout import (
    AVENGERS,
    BOARD,
    BONUSES,
    CARD_POINTS,
    CURRENT,
    DECK_COUNT,
    END_TRIGGERED,
    LOCATION,
    LOCATIONS_LEFT,
    LOCATIONS_LEFT_COUNT,
    LOCATIONS_WON,
    LOCATIONS_WON_COUNT,
    MAIN,
    NUM_COLOURS,
    NUM_LEVELS,
    NUM_PLAYERS,
    OVER,
    PASSES,
    PHASE,
    RESERVED,
    RESERVED_COUNT,
    RESERVED_PUBLIC,
    RETURN,
    ROUND,
    START_SEAT,
    STATE_SIZE,
    SUPPLY,
    TABLEAU,
    TABLEAU_COUNT,
    TAG_COUNT,
    TOKENS,
    TURN_CAP,
    WINNERS,
    seat_base,
)

TAKE_OPTIONS = np.zeros((32, 10), dtype=np.int32)
TAKE_OPTION_COUNT = np.zeros(32, dtype=np.int64)
for _mask, _options in enumerate(rules._TAKE):
    TAKE_OPTION_COUNT[_mask] = len(_options)
    TAKE_OPTIONS[_mask, : len(_options)] = [int(a) for a in _options]
RETURNABLE = np.array(rules._RETURNABLE, dtype=np.int64)
TAKE_TWO_MINIMUM = rules.TAKE_TWO_MINIMUM


# --- small questions --------------------------------------------------------------------------


@njit(nogil=True)
def num_players(world: np.ndarray) -> int:
    return world[NUM_PLAYERS]


@njit(nogil=True)
def is_terminal(world: np.ndarray) -> bool:
    return world[OVER] != 0


@njit(nogil=True)
def current_player(world: np.ndarray) -> int:
    return -1 if world[OVER] else world[CURRENT]


@njit(nogil=True)
def returns(world: np.ndarray, out: np.ndarray) -> None:
    """The win shared equally among the winners."""
    winners = world[WINNERS]
    share = 1.0 / bit_count(winners)
    for seat in range(world[NUM_PLAYERS]):
        out[seat] = share if winners >> seat & 1 else 0.0


@njit(nogil=True)
def bit_count(mask: int) -> int:
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count


@njit(nogil=True)
def points(world: np.ndarray, seat: int) -> int:
    """Infinity Points: cards, locations, and the Avengers Assemble tile."""
    base = seat_base(seat)
    total = world[base + CARD_POINTS] + LOCATION_POINTS * world[base + LOCATIONS_WON_COUNT]
    return total + AVENGERS_TILE_POINTS if world[AVENGERS] == seat else total


@njit(nogil=True)
def meets_gauntlet(world: np.ndarray, seat: int) -> bool:
    """At least 16 points, a bonus of every colour and a green token."""
    base = seat_base(seat)
    if world[base + TOKENS + GREEN] == 0:
        return False
    for colour in range(NUM_COLOURS):
        if world[base + BONUSES + colour] == 0:
            return False
    return points(world, seat) >= GAUNTLET_POINTS


@njit(nogil=True)
def _token_total(world: np.ndarray, seat: int) -> int:
    base = seat_base(seat)
    total = 0
    for kind in range(TOKEN_KINDS):
        total += world[base + TOKENS + kind]
    return total


@njit(nogil=True)
def _location_met(world: np.ndarray, seat: int, side: int) -> bool:
    base = seat_base(seat)
    for colour in range(NUM_COLOURS):
        if world[base + BONUSES + colour] < LOCATION_REQUIRES[side, colour]:
            return False
    return True


@njit(nogil=True)
def _affordable(world: np.ndarray, seat: int, card: int) -> bool:
    base = seat_base(seat)
    missing = 0
    for colour in range(NUM_COLOURS):
        have = world[base + TOKENS + colour] + world[base + BONUSES + colour]
        price = CARD_COST[card, colour]
        if price > have:
            missing += price - have
    return missing <= world[base + TOKENS + GREY]


# --- legal actions ----------------------------------------------------------------------------


@njit(nogil=True)
def legal_actions(world: np.ndarray, out: np.ndarray) -> int:
    """`rules.legal_actions`, in its order, written to `out`; returns how many."""
    if world[OVER]:
        return 0
    seat = world[CURRENT]
    base = seat_base(seat)
    count = 0
    if world[PHASE] == RETURN:
        for kind in RETURNABLE:
            if world[base + TOKENS + kind]:
                out[count] = RETURN_CODE + kind
                count += 1
        return count
    if world[PHASE] == LOCATION:
        for i in range(world[LOCATIONS_LEFT_COUNT]):
            side = world[LOCATIONS_LEFT + i]
            if _location_met(world, seat, side):
                out[count] = LOCATION_CODE + side
                count += 1
        return count

    available = 0
    for colour in range(NUM_COLOURS):
        if world[SUPPLY + colour] > 0:
            available |= 1 << colour
    for i in range(TAKE_OPTION_COUNT[available]):
        out[count] = TAKE_OPTIONS[available, i]
        count += 1
    for colour in range(NUM_COLOURS):
        if world[SUPPLY + colour] >= TAKE_TWO_MINIMUM:
            out[count] = TAKE_TWO_CODE + colour
            count += 1
    reserved = world[base + RESERVED_COUNT]
    if reserved < MAX_RESERVED:
        for slot in range(BOARD, STATE_SIZE):
            if world[slot]:
                out[count] = RESERVE_CODE + world[slot]
                count += 1
        for level in range(NUM_LEVELS):
            if world[DECK_COUNT[level]]:
                out[count] = BLIND_CODE + level + 1
                count += 1
    for slot in range(BOARD, STATE_SIZE):
        card = world[slot]
        if card and _affordable(world, seat, card):
            out[count] = RECRUIT_CODE + card
            count += 1
    for i in range(reserved):
        card = world[base + RESERVED + i]
        if _affordable(world, seat, card):
            out[count] = RECRUIT_RESERVED_CODE + card
            count += 1
    if count == 0:
        out[0] = PASS_CODE
        count = 1
    return count


# --- apply ------------------------------------------------------------------------------------


@njit(nogil=True)
def apply(world: np.ndarray, action: int, rng: np.ndarray) -> None:
    """`rules.apply`: play a legal action in place (this game draws no chance here)."""
    seat = world[CURRENT]
    base = seat_base(seat)
    if action >= RETURN_CODE and action < LOCATION_CODE:
        kind = action - RETURN_CODE
        world[base + TOKENS + kind] -= 1
        world[SUPPLY + kind] += 1
        if _token_total(world, seat) <= MAX_TOKENS:
            _check_locations(world)
        return
    if action >= LOCATION_CODE and action < PASS_CODE:
        _take_location(world, seat, action - LOCATION_CODE)
        _end_turn(world)
        return

    if action < TAKE_TWO_CODE:
        mask = action - TAKE_CODE
        for colour in range(NUM_COLOURS):
            if mask >> colour & 1:
                world[SUPPLY + colour] -= 1
                world[base + TOKENS + colour] += 1
    elif action < RESERVE_CODE + 1:
        colour = action - TAKE_TWO_CODE
        world[SUPPLY + colour] -= 2
        world[base + TOKENS + colour] += 2
    elif action < BLIND_CODE + 1:
        card = action - RESERVE_CODE
        _take_from_board(world, card)
        _reserve(world, seat, card, 1)
    elif action < RECRUIT_CODE + 1:
        level = action - BLIND_CODE
        _reserve(world, seat, _draw(world, level), 0)
    elif action < RECRUIT_RESERVED_CODE + 1:
        card = action - RECRUIT_CODE
        _take_from_board(world, card)
        _recruit(world, seat, card)
    elif action < RETURN_CODE:
        card = action - RECRUIT_RESERVED_CODE
        _unreserve(world, seat, card)
        _recruit(world, seat, card)
    else:  # pass
        world[PASSES] += 1

    if _token_total(world, seat) > MAX_TOKENS:
        world[PHASE] = RETURN
    else:
        _check_locations(world)


@njit(nogil=True)
def _take_from_board(world: np.ndarray, card: int) -> None:
    """Remove a face-up card and refill its slot from the top of its deck."""
    slot = BOARD
    while world[slot] != card:
        slot += 1
    world[slot] = _draw(world, CARD_LEVEL[card]) if world[DECK_COUNT[CARD_LEVEL[card] - 1]] else 0


@njit(nogil=True)
def _draw(world: np.ndarray, level: int) -> int:
    """Take the top card of a non-empty deck (its cell is cleared: a world is canonical)."""
    cell = DECK_COUNT[level - 1]
    world[cell] -= 1
    top = cell + 1 + world[cell]
    card = world[top]
    world[top] = 0
    return card


@njit(nogil=True)
def _reserve(world: np.ndarray, seat: int, card: int, public: int) -> None:
    base = seat_base(seat)
    i = world[base + RESERVED_COUNT]
    world[base + RESERVED + i] = card
    world[base + RESERVED_PUBLIC + i] = public
    world[base + RESERVED_COUNT] = i + 1
    if world[SUPPLY + GREY]:
        world[SUPPLY + GREY] -= 1
        world[base + TOKENS + GREY] += 1


@njit(nogil=True)
def _unreserve(world: np.ndarray, seat: int, card: int) -> None:
    base = seat_base(seat)
    count = world[base + RESERVED_COUNT]
    i = 0
    while world[base + RESERVED + i] != card:
        i += 1
    for j in range(i, count - 1):
        world[base + RESERVED + j] = world[base + RESERVED + j + 1]
        world[base + RESERVED_PUBLIC + j] = world[base + RESERVED_PUBLIC + j + 1]
    world[base + RESERVED + count - 1] = 0
    world[base + RESERVED_PUBLIC + count - 1] = 0
    world[base + RESERVED_COUNT] = count - 1


@njit(nogil=True)
def _recruit(world: np.ndarray, seat: int, card: int) -> None:
    """Pay exactly (bonuses, then coloured tokens, grey for the rest) and gain the card."""
    base = seat_base(seat)
    missing = 0
    for colour in range(NUM_COLOURS):
        need = CARD_COST[card, colour] - world[base + BONUSES + colour]
        if need > 0:
            held = world[base + TOKENS + colour]
            paid = need if need <= held else held
            world[base + TOKENS + colour] -= paid
            world[SUPPLY + colour] += paid
            missing += need - paid
    if missing:
        world[base + TOKENS + GREY] -= missing
        world[SUPPLY + GREY] += missing
    world[base + BONUSES + CARD_BONUS[card]] += 1
    world[base + CARD_POINTS] += CARD_POINTS_OF[card]
    world[base + TABLEAU + world[base + TABLEAU_COUNT]] = card
    world[base + TABLEAU_COUNT] += 1
    if CARD_TAGS[card]:
        world[base + TAG_COUNT] += CARD_TAGS[card]
        holder = world[AVENGERS]
        tags = world[base + TAG_COUNT]
        if (holder != seat and tags >= AVENGERS_TAGS_NEEDED
                and (holder < 0 or tags > world[seat_base(holder) + TAG_COUNT])):
            world[AVENGERS] = seat
    if (CARD_TIME_STONE[card] and not world[base + TOKENS + GREEN]
            and world[SUPPLY + GREEN]):
        world[SUPPLY + GREEN] -= 1
        world[base + TOKENS + GREEN] += 1


@njit(nogil=True)
def _take_location(world: np.ndarray, seat: int, side: int) -> None:
    count = world[LOCATIONS_LEFT_COUNT]
    i = 0
    while world[LOCATIONS_LEFT + i] != side:
        i += 1
    for j in range(i, count - 1):
        world[LOCATIONS_LEFT + j] = world[LOCATIONS_LEFT + j + 1]
    world[LOCATIONS_LEFT + count - 1] = 0
    world[LOCATIONS_LEFT_COUNT] = count - 1
    base = seat_base(seat)
    world[base + LOCATIONS_WON + world[base + LOCATIONS_WON_COUNT]] = side
    world[base + LOCATIONS_WON_COUNT] += 1


@njit(nogil=True)
def _check_locations(world: np.ndarray) -> None:
    """End of turn, after the token limit: take the one qualifying location or ask which."""
    seat = world[CURRENT]
    found = 0
    first = -1
    for i in range(world[LOCATIONS_LEFT_COUNT]):
        side = world[LOCATIONS_LEFT + i]
        if _location_met(world, seat, side):
            found += 1
            if first < 0:
                first = side
    if found > 1:
        world[PHASE] = LOCATION
        return
    if found == 1:
        _take_location(world, seat, first)
    _end_turn(world)


@njit(nogil=True)
def _end_turn(world: np.ndarray) -> None:
    seat = world[CURRENT]
    world[PHASE] = MAIN
    if not world[END_TRIGGERED] and meets_gauntlet(world, seat):
        world[END_TRIGGERED] = 1
    world[CURRENT] = (seat + 1) % world[NUM_PLAYERS]
    if world[CURRENT] == world[START_SEAT]:
        _end_round(world)


@njit(nogil=True)
def _end_round(world: np.ndarray) -> None:
    n = world[NUM_PLAYERS]
    world[ROUND] += 1
    if world[END_TRIGGERED]:
        holders = 0
        for seat in range(n):
            if meets_gauntlet(world, seat):
                holders |= 1 << seat
        if holders:
            world[OVER] = 1
            world[WINNERS] = _gauntlet_winners(world, holders)
            return
        world[END_TRIGGERED] = 0  # the special rule: nobody meets it any more; play on
    if world[PASSES] == n or world[ROUND] >= world[TURN_CAP]:
        world[OVER] = 1
        world[WINNERS] = (1 << n) - 1
        return
    world[PASSES] = 0


@njit(nogil=True)
def _gauntlet_winners(world: np.ndarray, holders: int) -> int:
    """`rules.gauntlet_winners`: points, then the Avengers tile, then fewest cards."""
    n = world[NUM_PLAYERS]
    best = -1
    for seat in range(n):
        if holders >> seat & 1:
            best = max(best, points(world, seat))
    tied = 0
    for seat in range(n):
        if holders >> seat & 1 and points(world, seat) == best:
            tied |= 1 << seat
    holder = world[AVENGERS]
    if bit_count(tied) > 1 and holder >= 0 and tied >> holder & 1:
        return 1 << holder
    fewest = NUM_CARDS + 1
    for seat in range(n):
        if tied >> seat & 1:
            fewest = min(fewest, world[seat_base(seat) + TABLEAU_COUNT])
    winners = 0
    for seat in range(n):
        if tied >> seat & 1 and world[seat_base(seat) + TABLEAU_COUNT] == fewest:
            winners |= 1 << seat
    return winners

