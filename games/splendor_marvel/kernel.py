"""Splendor: Marvel compiled with numba: the rules and the search's heuristics over one array.

The compiled twin of `rules`, `observation.sample` and `heuristics`, behind the contract in
`search.compiled_game`. The Python modules stay the reference: every function here makes the
same decisions in the same order (the same legal actions in the same order, the same successor,
the same playout move for the same random draws), and every table is built from theirs.

A world is one `int32` array (cloning is one copy); cells past a list's count are 0, so equal
states are equal arrays. Header cells, then one block per seat (four
blocks whatever the player count), then the decks and the board:

    NUM_PLAYERS, CURRENT, PHASE (`state.Phase`), START_SEAT, ROUND, PASSES, END_TRIGGERED,
    TURN_CAP, AVENGERS (holder or -1), OVER (0/1), WINNERS (bit per seat: the result shares
    the win equally among them), LOCATIONS_LEFT_COUNT, LOCATIONS_LEFT (side indices, in order)
    SUPPLY: 7 token kinds
    seat block: TOKENS (7), BONUSES (5), CARD_POINTS, TAGS, RESERVED_COUNT, RESERVED (card
        ids in order; in an observation's template a card the observer cannot see is -level),
        RESERVED_PUBLIC, LOCATIONS_WON_COUNT, LOCATIONS_WON, TABLEAU_COUNT, TABLEAU (card ids)
    per level: DECK_COUNT, DECK cells (top card last)
    BOARD: 12 slots, card id or 0

An observation is a template world (decks empty, hidden reserves as -level) followed by the
cards the observer cannot place, per level: a count and the cards in catalogue order.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from games.splendor_marvel import catalogue, heuristics, rules
from games.splendor_marvel.actions import (
    PASS,
    Kind,
    choose_location,
    make,
    recruit,
    recruit_reserved,
    reserve,
    reserve_blind,
    return_token,
    take_two,
)
from games.splendor_marvel.catalogue import (
    AVENGERS_TAGS_NEEDED,
    AVENGERS_TILE_POINTS,
    BONUS,
    CARDS_OF_LEVEL,
    COST,
    GAUNTLET_POINTS,
    GREEN,
    GREY,
    LEVEL,
    LOCATION_POINTS,
    LOCATIONS,
    MAX_RESERVED,
    MAX_TOKENS,
    NUM_CARDS,
    POINTS,
    SLOTS_PER_LEVEL,
    TAGS,
    TILES,
    TIME_STONE,
    TOKEN_KINDS,
)
from games.splendor_marvel.state import Phase
from kernels.rng import below, uniform

MAX_PLAYERS = 4
NUM_COLOURS = 5
NUM_LEVELS = 3
NUM_LOCATIONS = len(LOCATIONS)

# --- layout -----------------------------------------------------------------------------------

(NUM_PLAYERS, CURRENT, PHASE, START_SEAT, ROUND, PASSES, END_TRIGGERED, TURN_CAP, AVENGERS,
 OVER, WINNERS, LOCATIONS_LEFT_COUNT) = range(12)
LOCATIONS_LEFT = 12
SUPPLY = LOCATIONS_LEFT + NUM_LOCATIONS
SEATS = SUPPLY + TOKEN_KINDS

TOKENS = 0
BONUSES = TOKENS + TOKEN_KINDS
CARD_POINTS = BONUSES + NUM_COLOURS
TAG_COUNT = CARD_POINTS + 1
RESERVED_COUNT = TAG_COUNT + 1
RESERVED = RESERVED_COUNT + 1
RESERVED_PUBLIC = RESERVED + MAX_RESERVED
LOCATIONS_WON_COUNT = RESERVED_PUBLIC + MAX_RESERVED
LOCATIONS_WON = LOCATIONS_WON_COUNT + 1
TABLEAU_COUNT = LOCATIONS_WON + NUM_LOCATIONS
TABLEAU = TABLEAU_COUNT + 1
SEAT_SIZE = TABLEAU + NUM_CARDS
"""Offsets within a seat's block, which starts at `SEATS + seat * SEAT_SIZE`."""

DECK_CAPACITY = np.array([len(CARDS_OF_LEVEL[level]) for level in (1, 2, 3)], dtype=np.int64)
DECK_COUNT = np.zeros(NUM_LEVELS, dtype=np.int64)
"""`world[DECK_COUNT[level - 1]]` is the size of that deck; its cards follow, top card last."""
_cell = SEATS + MAX_PLAYERS * SEAT_SIZE
for _i in range(NUM_LEVELS):
    DECK_COUNT[_i] = _cell
    _cell += 1 + DECK_CAPACITY[_i]
BOARD = _cell
STATE_SIZE = BOARD + NUM_LEVELS * SLOTS_PER_LEVEL

UNSEEN = STATE_SIZE
"""In an observation, after the template: per level a count and `DECK_CAPACITY` cells."""
UNSEEN_COUNT = np.zeros(NUM_LEVELS, dtype=np.int64)
_cell = UNSEEN
for _i in range(NUM_LEVELS):
    UNSEEN_COUNT[_i] = _cell
    _cell += 1 + DECK_CAPACITY[_i]
BELIEVED = _cell
"""In an observation: 1 when the hidden reserves are drawn by the weights that follow."""
BELIEFS = BELIEVED + 1
"""Per seat and index in its hand, a weight per card id (`observation.Beliefs`; 1 = neutral)."""
OBSERVATION_SIZE = BELIEFS + MAX_PLAYERS * MAX_RESERVED * (NUM_CARDS + 1)
MAX_DECK = int(DECK_CAPACITY.max())


@njit(nogil=True)
def beliefs_base(seat: int, index: int) -> int:
    """Where the weights of the hidden reserve at `index` in `seat`'s hand start."""
    return BELIEFS + (seat * MAX_RESERVED + index) * (NUM_CARDS + 1)


@njit(nogil=True)
def seat_base(seat: int) -> int:
    """Where a seat's block starts."""
    return SEATS + seat * SEAT_SIZE


# --- tables, from the Python engine -----------------------------------------------------------

_TAKE_CODE = int(make(Kind.TAKE, 1)) - 1
TAKE_TWO_CODE = int(take_two(0))
RESERVE_CODE = int(reserve(1)) - 1
BLIND_CODE = int(reserve_blind(1)) - 1
RECRUIT_CODE = int(recruit(1)) - 1
RECRUIT_RESERVED_CODE = int(recruit_reserved(1)) - 1
RETURN_CODE = int(return_token(0))
LOCATION_CODE = int(choose_location(0))
PASS_CODE = int(PASS)
NUM_ACTION_CODES = PASS_CODE + 1
MAX_LEGAL = 64
"""More than any state offers: 10 takes, 5 doubles, 12 + 3 reserves, 12 + 3 recruits."""

TAKE_OPTIONS = np.zeros((32, 10), dtype=np.int32)
TAKE_OPTION_COUNT = np.zeros(32, dtype=np.int64)
for _mask, _options in enumerate(rules._TAKE):
    TAKE_OPTION_COUNT[_mask] = len(_options)
    TAKE_OPTIONS[_mask, : len(_options)] = [int(a) for a in _options]
RETURNABLE = np.array(rules._RETURNABLE, dtype=np.int64)
TAKE_TWO_MINIMUM = rules.TAKE_TWO_MINIMUM

CARD_COST = np.array(COST, dtype=np.int64)
CARD_BONUS = np.array(BONUS, dtype=np.int64)
CARD_POINTS_OF = np.array(POINTS, dtype=np.int64)
CARD_TAGS = np.array(TAGS, dtype=np.int64)
CARD_TIME_STONE = np.array(TIME_STONE, dtype=np.bool_)
CARD_LEVEL = np.array(LEVEL, dtype=np.int64)
LOCATION_REQUIRES = np.array([side.requires for side in LOCATIONS], dtype=np.int64)
TILE_COUNT = len(TILES)

CARD_WORTH = np.array(heuristics.CARD_WORTH)
RESERVE_SCORE = np.array(heuristics.RESERVE_SCORE)
TIE_BREAK = np.array(heuristics.TIE_BREAK)
PRIOR_TEMPERATURE = heuristics.PRIOR_TEMPERATURE
WEIGHTS = np.array(heuristics.WEIGHTS)
NUM_FEATURES = len(WEIGHTS)

MAIN, RETURN, LOCATION = int(Phase.MAIN), int(Phase.RETURN), int(Phase.LOCATION)

START_TOKENS = np.zeros((MAX_PLAYERS + 1, TOKEN_KINDS), dtype=np.int64)
for _players, _supply in catalogue.SUPPLY.items():
    START_TOKENS[_players] = [_supply.each_colour] * NUM_COLOURS + [_supply.green, _supply.grey]


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
    share = 1.0 / _bit_count(winners)
    for seat in range(world[NUM_PLAYERS]):
        out[seat] = share if winners >> seat & 1 else 0.0


@njit(nogil=True)
def _bit_count(mask: int) -> int:
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
        mask = action - _TAKE_CODE
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
    if _bit_count(tied) > 1 and holder >= 0 and tied >> holder & 1:
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


# --- determinization --------------------------------------------------------------------------


@njit(nogil=True)
def _shuffled(observation: np.ndarray, rng: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per level, the unseen cards sorted by a uniform key each (a uniform shuffle)."""
    shuffled = np.empty((NUM_LEVELS, MAX_DECK), dtype=np.int32)
    counts = np.empty(NUM_LEVELS, dtype=np.int64)
    for level in range(NUM_LEVELS):
        cell = UNSEEN_COUNT[level]
        count = observation[cell]
        keys = np.empty(count)
        for i in range(count):
            keys[i] = uniform(rng)
        order = np.argsort(keys, kind="mergesort")
        for i in range(count):
            shuffled[level, i] = observation[cell + 1 + order[i]]
        counts[level] = count
    return shuffled, counts


@njit(nogil=True)
def _draw_believed(cards: np.ndarray, count: int, observation: np.ndarray, base: int,
                   rng: np.ndarray) -> int:
    """`observation.draw_believed`: one of `cards[:count]` by its weight, removed in order."""
    total = 0
    for i in range(count):
        total += observation[base + cards[i]]
    target = int(uniform(rng) * total)
    chosen = count - 1
    for i in range(count):
        target -= observation[base + cards[i]]
        if target < 0:
            chosen = i
            break
    card = cards[chosen]
    for i in range(chosen, count - 1):
        cards[i] = cards[i + 1]
    return card


@njit(nogil=True)
def sample(observation: np.ndarray, world: np.ndarray, rng: np.ndarray) -> None:
    """`observation.sample`, draw for draw: the unseen cards of each level shuffled, then each
    hidden reserve takes the last (or, with beliefs, one drawn by weight) and the deck keeps the
    rest."""
    world[:] = observation[:STATE_SIZE]
    believed = observation[BELIEVED] != 0
    shuffled, counts = _shuffled(observation, rng)
    for level in range(NUM_LEVELS):
        cards = shuffled[level]
        left = counts[level]
        for seat in range(world[NUM_PLAYERS]):
            base = seat_base(seat)
            for i in range(world[base + RESERVED_COUNT]):
                if world[base + RESERVED + i] == -(level + 1):
                    if believed:
                        card = _draw_believed(cards, left, observation, beliefs_base(seat, i), rng)
                    else:
                        card = cards[left - 1]
                    left -= 1
                    world[base + RESERVED + i] = card
        deck = DECK_COUNT[level]
        world[deck] = left
        world[deck + 1 : deck + 1 + left] = cards[:left]


# --- the search's heuristics ------------------------------------------------------------------


@njit(nogil=True)
def _recruit_worth(world: np.ndarray, seat: int, card: int) -> float:
    base = seat_base(seat)
    worth = CARD_WORTH[card]
    if CARD_TIME_STONE[card] and not world[base + TOKENS + GREEN]:
        worth += 4.0
    if not world[base + BONUSES + CARD_BONUS[card]]:
        worth += 2.0
    return worth


@njit(nogil=True)
def _consider_target(world: np.ndarray, seat: int, card: int, best: int, best_missing: int,
                     best_tie: float) -> tuple[int, int, float]:
    base = seat_base(seat)
    missing = 0
    for colour in range(NUM_COLOURS):
        power = world[base + TOKENS + colour] + world[base + BONUSES + colour]
        if CARD_COST[card, colour] > power:
            missing += CARD_COST[card, colour] - power
    tie = TIE_BREAK[card]
    if missing < best_missing or (missing == best_missing and tie < best_tie):
        return card, missing, tie
    return best, best_missing, best_tie


@njit(nogil=True)
def _target_needs(world: np.ndarray, seat: int, needs: np.ndarray) -> None:
    """Tokens per colour still missing for the nearest worthwhile card (board or hand)."""
    base = seat_base(seat)
    best, best_missing, best_tie = 0, 1 << 30, 0.0
    for slot in range(BOARD, STATE_SIZE):
        if world[slot]:
            best, best_missing, best_tie = _consider_target(
                world, seat, world[slot], best, best_missing, best_tie)
    for i in range(world[base + RESERVED_COUNT]):
        card = world[base + RESERVED + i]
        if card:
            best, best_missing, best_tie = _consider_target(
                world, seat, card, best, best_missing, best_tie)
    for colour in range(NUM_COLOURS):
        if best:
            power = world[base + TOKENS + colour] + world[base + BONUSES + colour]
            needs[colour] = max(0, CARD_COST[best, colour] - power)
        else:
            needs[colour] = 0


@njit(nogil=True)
def _action_score(world: np.ndarray, seat: int, action: int, needs: np.ndarray,
                  needed: int) -> float:
    """`heuristics.action_scores` for one action."""
    if action < TAKE_TWO_CODE:
        mask = action - _TAKE_CODE
        return 1.0 + _bit_count(mask & needed) + 0.1 * _bit_count(mask)
    if action < RESERVE_CODE + 1:
        return 1.05 + min(2, needs[action - TAKE_TWO_CODE])
    if action < BLIND_CODE + 1:
        return RESERVE_SCORE[action - RESERVE_CODE]
    if action < RECRUIT_CODE + 1:
        return 0.5
    if action < RECRUIT_RESERVED_CODE + 1:
        return 10.0 + _recruit_worth(world, seat, action - RECRUIT_CODE)
    if action < RETURN_CODE:
        return 10.0 + _recruit_worth(world, seat, action - RECRUIT_RESERVED_CODE)
    if action < LOCATION_CODE:
        kind = action - RETURN_CODE
        if kind == GREY:
            return -3.0
        held = world[seat_base(seat) + TOKENS + kind]
        return held - (2.0 if kind < NUM_COLOURS and needs[kind] else 0.0)
    return 0.0


@njit(nogil=True)
def _needed_mask(needs: np.ndarray) -> int:
    mask = 0
    for colour in range(NUM_COLOURS):
        if needs[colour]:
            mask |= 1 << colour
    return mask


@njit(nogil=True)
def rollout_action(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    """`heuristics.rollout_action`, drawing the same random numbers in the same order."""
    count = legal_actions(world, buffer)
    if count == 1:
        return buffer[0]
    seat = world[CURRENT]
    phase = world[PHASE]
    if phase == MAIN:
        best, best_worth = -1, -1.0
        for i in range(count):
            action = buffer[i]
            if action > RECRUIT_CODE and action < RETURN_CODE:
                card = action - (RECRUIT_CODE if action < RECRUIT_RESERVED_CODE + 1
                                 else RECRUIT_RESERVED_CODE)
                worth = _recruit_worth(world, seat, card) + uniform(rng)
                if worth > best_worth:
                    best, best_worth = action, worth
        if best >= 0:
            return best
        if uniform(rng) < 0.1:
            return buffer[int(uniform(rng) * count)]
    needs = np.zeros(NUM_COLOURS, dtype=np.int64)
    if phase != LOCATION:
        _target_needs(world, seat, needs)
    needed = _needed_mask(needs)
    best_index, best_score = 0, -math.inf
    for i in range(count):
        score = _action_score(world, seat, buffer[i], needs, needed) + 0.5 * uniform(rng)
        if score > best_score:
            best_index, best_score = i, score
    return buffer[best_index]


@njit(nogil=True)
def priors(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`heuristics.priors`: the softmax of the heuristic scores."""
    seat = world[CURRENT]
    needs = np.zeros(NUM_COLOURS, dtype=np.int64)
    _target_needs(world, seat, needs)
    needed = _needed_mask(needs)
    top = -math.inf
    for i in range(count):
        out[i] = _action_score(world, seat, actions[i], needs, needed) / PRIOR_TEMPERATURE
        top = max(top, out[i])
    total = 0.0
    for i in range(count):
        out[i] = math.exp(out[i] - top)
        total += out[i]
    for i in range(count):
        out[i] /= total


@njit(nogil=True)
def features(world: np.ndarray, seat: int, out: np.ndarray) -> None:
    """`features.features` of one seat, in the order of `features.FEATURES`."""
    base = seat_base(seat)
    total_points = points(world, seat)
    colours = 0
    bonuses = 0
    for colour in range(NUM_COLOURS):
        bonuses += world[base + BONUSES + colour]
        if world[base + BONUSES + colour] > 0:
            colours += 1
    has_green = world[base + TOKENS + GREEN] > 0
    coloured_tokens = 0
    for colour in range(NUM_COLOURS):
        coloured_tokens += world[base + TOKENS + colour]
    out[0] = min(total_points / GAUNTLET_POINTS, 1.25)
    out[1] = bonuses / 10
    out[2] = colours / 5
    out[3] = 1.0 if has_green else 0.0
    out[4] = coloured_tokens / 10
    out[5] = world[base + TOKENS + GREY] / 5
    out[6] = world[base + RESERVED_COUNT] / 3
    out[7] = 1.0 if has_green and colours == 5 and total_points >= GAUNTLET_POINTS else 0.0
    out[8] = 1.0 if world[CURRENT] == seat else 0.0
    out[9] = min(world[base + TAG_COUNT] / 5, 1.0)


@njit(nogil=True)
def evaluate(world: np.ndarray, out: np.ndarray) -> None:
    """`heuristics.evaluate`: each seat's chance to win from the fitted conditional logit."""
    n = world[NUM_PLAYERS]
    if world[OVER]:
        returns(world, out)
        return
    values = np.empty(NUM_FEATURES)
    top = -math.inf
    for seat in range(n):
        features(world, seat, values)
        score = 0.0
        for i in range(NUM_FEATURES):
            score += WEIGHTS[i] * values[i]
        out[seat] = score
        top = max(top, score)
    total = 0.0
    for seat in range(n):
        out[seat] = math.exp(out[seat] - top)
        total += out[seat]
    for seat in range(n):
        out[seat] /= total


# --- the engine's self-check ------------------------------------------------------------------

(SOUND, TOKENS_NOT_CONSERVED, NEGATIVE_COUNT, CARD_MISPLACED, TOO_MANY_RESERVED,
 TWO_GREENS) = range(6)


@njit(nogil=True)
def violation(world: np.ndarray) -> int:
    """`SOUND` (0), or the first broken invariant of `invariants.violations` it checks:
    tokens conserved and never negative, every card in exactly one place, the reserve and
    green-token limits."""
    n = world[NUM_PLAYERS]
    for kind in range(TOKEN_KINDS):
        total = world[SUPPLY + kind]
        if total < 0:
            return NEGATIVE_COUNT
        for seat in range(n):
            held = world[seat_base(seat) + TOKENS + kind]
            if held < 0:
                return NEGATIVE_COUNT
            total += held
        if total != START_TOKENS[n, kind]:
            return TOKENS_NOT_CONSERVED
    places = np.zeros(NUM_CARDS + 1, dtype=np.int64)
    for slot in range(BOARD, STATE_SIZE):
        places[world[slot]] += 1
    for level in range(NUM_LEVELS):
        cell = DECK_COUNT[level]
        for i in range(world[cell]):
            places[world[cell + 1 + i]] += 1
    for seat in range(n):
        base = seat_base(seat)
        if world[base + RESERVED_COUNT] > MAX_RESERVED:
            return TOO_MANY_RESERVED
        if world[base + TOKENS + GREEN] > 1:
            return TWO_GREENS
        for i in range(world[base + RESERVED_COUNT]):
            places[world[base + RESERVED + i]] += 1
        for i in range(world[base + TABLEAU_COUNT]):
            places[world[base + TABLEAU + i]] += 1
    for card in range(1, NUM_CARDS + 1):
        if places[card] != 1:
            return CARD_MISPLACED
    return SOUND


@njit(nogil=True)
def play_move(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray, greedy: bool) -> None:
    """Apply a move of the rollout policy (`greedy`) or a uniformly random legal move."""
    if greedy:
        action = rollout_action(world, rng, buffer)
    else:
        action = buffer[below(rng, legal_actions(world, buffer))]
    apply(world, action, rng)
