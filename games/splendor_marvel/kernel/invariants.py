"""The engine's self-check, compiled: `violation` (the twin of `invariants.violations`) and
`play_move`, the move of the playouts it checks (`benchmarks/speed/playouts.py`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from games.splendor_marvel.catalogue import GREEN, MAX_RESERVED, NUM_CARDS, TOKEN_KINDS
from kernels.rng import below

from .catalogue import START_TOKENS
from .heuristics import rollout_action
from .layout import (
    BOARD,
    DECK_COUNT,
    NUM_LEVELS,
    NUM_PLAYERS,
    RESERVED,
    RESERVED_COUNT,
    STATE_SIZE,
    SUPPLY,
    TABLEAU,
    TABLEAU_COUNT,
    TOKENS,
    seat_base,
)
from .rules import apply, legal_actions

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
