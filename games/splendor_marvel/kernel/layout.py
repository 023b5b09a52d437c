"""The Splendor: Marvel world as one `int32` array, and the observation array after it.

The compiled twin of `state.SplendorState` (`compiled` writes one from the other). A world is
one `int32` array (cloning is one copy); cells past a list's count are 0, so equal states are
equal arrays. Header cells, then one block per seat (four blocks whatever the player count),
then the decks and the board:

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

import numpy as np
from numba import njit

from games.splendor_marvel.catalogue import (
    CARDS_OF_LEVEL,
    LOCATIONS,
    MAX_RESERVED,
    NUM_CARDS,
    SLOTS_PER_LEVEL,
    TOKEN_KINDS,
)
from games.splendor_marvel.state import Phase

MAX_PLAYERS = 4
NUM_COLOURS = 5
NUM_LEVELS = 3
NUM_LOCATIONS = len(LOCATIONS)

(NUM_PLAYERS, CURRENT, PHASE, START_SEAT, ROUND, PASSES, END_TRIGGERED, TURN_CAP, AVENGERS,
 OVER, WINNERS, LOCATIONS_LEFT_COUNT) = range(12)
LOCATIONS_LEFT = 12
SUPPLY = LOCATIONS_LEFT + NUM_LOCATIONS
SEATS = SUPPLY + TOKEN_KINDS

MAIN, RETURN, LOCATION = int(Phase.MAIN), int(Phase.RETURN), int(Phase.LOCATION)
"""The values of `world[PHASE]` (`state.Phase`)."""

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
