"""The compiled sampler: a world consistent with an observation array (`layout`), draw for
draw the same as `observation.sample`."""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import uniform

from .layout import (
    BELIEVED,
    DECK_COUNT,
    MAX_DECK,
    NUM_LEVELS,
    NUM_PLAYERS,
    RESERVED,
    RESERVED_COUNT,
    STATE_SIZE,
    UNSEEN_COUNT,
    beliefs_base,
    seat_base,
)


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
