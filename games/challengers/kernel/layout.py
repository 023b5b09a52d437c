"""The Challengers! world as one flat `int32` array: where each field lives, and list helpers.

The compiled twin of `state.State` (see `kernel.game` for the contract). Header cells, the offer,
the three level piles, their discard compartments (cards and tags), the box (cards and tags),
then one block per participant (eight blocks whatever the table size). A list is a count cell
followed by its cells (top of a pile or draw pile last, as in the Python lists); cells past a
list's count are 0, so equal states are equal arrays.

Header: NUM_PLAYERS, NUM_PARTICIPANTS, ROBOT (-1 without one), SETS (a bit per optional set),
ROUND, PHASE, TURN, DRAFT_STEP, OPTION_PILE, PICKS_LEFT, REDRAW_USED, PARK, SIDE_A, SIDE_B,
ATTACKER, MATCH_STEP, PENDING_KIND, PENDING_PARTICIPANT, PENDING_DATA, LOSER, REVEALED,
FINALIST_COUNT, FINALISTS (2), OVER (the result is set), RESULT (per seat: its share x 2),
TROPHY_FANS (7 rounds x 4 parks), ROBOT_DECK (a list).

Participant block: DECK, PUBLIC_DECK, DRAWS (codes: type plus who knows it), EXHAUSTED,
IN_PLAY (a list; PLAY_BONUS and PLAY_ATTACK run beside it), MATCH_PUBLIC, TROPHIES (a list of
round << 2 | park), PHASE_COUNTERS (`state.PH_*`), FANS, NEXT_ATTACK_BONUS, HIDDEN_ADDS (3),
BENCH: the number of seats, then six seats, each a list of cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .. import catalogue as cat
from ..state import PH_SIZE

MAX_PARTICIPANTS = 8
NUM_TYPES = cat.NUM_TYPES
LIST_CAP = 64
"""Cells of a participant's card list (a deck never nears it: `compiled.encode_state` checks)."""
PILE_CAP = 112
BOX_CAP = 320
OFFER_CAP = 8
SEAT_CAP = 16
TROPHY_CAP = cat.ROUNDS
ROBOT_DECK_CAP = 16

(NUM_PLAYERS, NUM_PARTICIPANTS, ROBOT, SETS, ROUND, PHASE, TURN, DRAFT_STEP, OPTION_PILE,
 PICKS_LEFT, REDRAW_USED, PARK, SIDE_A, SIDE_B, ATTACKER, MATCH_STEP, PENDING_KIND,
 PENDING_PARTICIPANT, PENDING_DATA, LOSER, REVEALED, FINALIST_COUNT, FINALISTS) = range(23)
OVER = FINALISTS + 2
RESULT = OVER + 1
TROPHY_FANS = RESULT + MAX_PARTICIPANTS
ROBOT_DECK = TROPHY_FANS + cat.ROUNDS * 4
OFFER = ROBOT_DECK + 1 + ROBOT_DECK_CAP
PILES = OFFER + 1 + OFFER_CAP
PILE_SIZE = 1 + PILE_CAP
DISCARDS = PILES + 3 * PILE_SIZE
DISCARD_SIZE = 1 + 2 * PILE_CAP
"""A discard compartment: its count, its cards, then each card's tag (`state.TAG_*`)."""
BOX = DISCARDS + 3 * DISCARD_SIZE
"""The box: its count, its cards, then each card's tag (at `BOX + 1 + BOX_CAP`)."""
BLOCKS = BOX + 1 + 2 * BOX_CAP

LIST_SIZE = 1 + LIST_CAP
DECK = 0
PUBLIC_DECK = DECK + LIST_SIZE
DRAWS = PUBLIC_DECK + LIST_SIZE
EXHAUSTED = DRAWS + LIST_SIZE
IN_PLAY = EXHAUSTED + LIST_SIZE
PLAY_BONUS = IN_PLAY + LIST_SIZE
"""Cells beside IN_PLAY's cards (its count counts them): `PLAY_BONUS + 1 + i`."""
PLAY_ATTACK = PLAY_BONUS + LIST_SIZE
MATCH_PUBLIC = PLAY_ATTACK + LIST_SIZE
TROPHIES = MATCH_PUBLIC + LIST_SIZE
PHASE_COUNTERS = TROPHIES + 1 + TROPHY_CAP
FANS = PHASE_COUNTERS + PH_SIZE
NEXT_ATTACK_BONUS = FANS + 1
HIDDEN_ADDS = NEXT_ATTACK_BONUS + 1
BENCH = HIDDEN_ADDS + 3
SEAT_SIZE = 1 + SEAT_CAP
BLOCK_SIZE = BENCH + 1 + cat.BENCH_SEATS * SEAT_SIZE
STATE_SIZE = BLOCKS + MAX_PARTICIPANTS * BLOCK_SIZE


@njit(nogil=True)
def block(p: int) -> int:
    """Where participant p's block starts."""
    return BLOCKS + p * BLOCK_SIZE


@njit(nogil=True)
def pile(index: int) -> int:
    """The count cell of level pile `index` (0 = A)."""
    return PILES + index * PILE_SIZE


@njit(nogil=True)
def discard_list(index: int) -> int:
    """The count cell of pile `index`'s discard compartment (tags at `+ 1 + PILE_CAP`)."""
    return DISCARDS + index * DISCARD_SIZE


@njit(nogil=True)
def seat_list(p: int, seat: int) -> int:
    """The count cell of seat `seat` of p's bench."""
    return block(p) + BENCH + 1 + seat * SEAT_SIZE


# --- lists: a count cell, then the cells ---------------------------------------------------


@njit(nogil=True)
def push(w: np.ndarray, at: int, value: int) -> None:
    """Append `value` to the list at `at`."""
    n = w[at]
    w[at + 1 + n] = value
    w[at] = n + 1


@njit(nogil=True)
def pop(w: np.ndarray, at: int) -> int:
    """Remove and return the last cell of the list at `at`."""
    n = w[at] - 1
    value = w[at + 1 + n]
    w[at + 1 + n] = 0
    w[at] = n
    return value


@njit(nogil=True)
def pop_at(w: np.ndarray, at: int, index: int) -> int:
    """Remove and return cell `index` of the list at `at` (later cells move down)."""
    n = w[at]
    value = w[at + 1 + index]
    for i in range(at + 1 + index, at + n):
        w[i] = w[i + 1]
    w[at + n] = 0
    w[at] = n - 1
    return value


@njit(nogil=True)
def insert_first(w: np.ndarray, at: int, value: int) -> None:
    """Put `value` first in the list at `at` (the bottom of a pile)."""
    n = w[at]
    for i in range(at + n, at, -1):
        w[i + 1] = w[i]
    w[at + 1] = value
    w[at] = n + 1


@njit(nogil=True)
def find(w: np.ndarray, at: int, value: int) -> int:
    """Index of the first cell equal to `value` in the list at `at`, -1 if none."""
    for i in range(w[at]):
        if w[at + 1 + i] == value:
            return i
    return -1


@njit(nogil=True)
def remove(w: np.ndarray, at: int, value: int) -> None:
    """Remove the first cell equal to `value` (which must be there)."""
    pop_at(w, at, find(w, at, value))


@njit(nogil=True)
def copy_cells(source: np.ndarray, start: int, target: np.ndarray, to: int, n: int) -> None:
    """`target[to : to + n] = source[start : start + n]` as a plain loop (numba's slice copy
    between arrays is several times slower), first cell first: with one array, `to` must not
    lie inside the source cells after `start`."""
    for i in range(n):
        target[to + i] = source[start + i]


@njit(nogil=True)
def clear(w: np.ndarray, at: int) -> None:
    """Empty the list at `at` (its cells back to 0)."""
    w[at : at + 1 + w[at]] = 0


@njit(nogil=True)
def copy_sorted(w: np.ndarray, source: int, target: int) -> None:
    """The list at `target` becomes the cells of `source`, sorted ascending."""
    clear(w, target)
    n = w[source]
    for i in range(n):
        value = w[source + 1 + i]
        j = i
        while j > 0 and w[target + j] > value:
            w[target + 1 + j] = w[target + j]
            j -= 1
        w[target + 1 + j] = value
    w[target] = n
