"""The value network's inputs: public facts of a world, seen from the seat to move.

Written once, over the kernel's world array (`kernel`), so that the Python search (which calls
`public_features` on an encoded state) and the compiled search (`public_features_kernel`, the
same source jitted) read the very same numbers. Only what every seat can see goes in: tokens,
bonuses, points, tags, how many cards each seat holds in reserve (never which), locations,
the face-up board, the decks' sizes. So a seat's features never depend on a hidden card
(`tests/splendor_marvel/test_network.py` checks it over sampled worlds).

Layout: `MAX_PLAYERS` seat blocks of `SEAT_FEATURES`, in turn order starting with the seat to
move (absent seats all zero), then `GLOBAL_FEATURES`.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from games.splendor_marvel import kernel as k
from games.splendor_marvel.catalogue import GAUNTLET_POINTS, GREEN, GREY

SEAT_FEATURES = 22
GLOBAL_FEATURES = 16
NUM_INPUTS = k.MAX_PLAYERS * SEAT_FEATURES + GLOBAL_FEATURES
COLOURS = k.NUM_COLOURS
BOARD_CELLS = k.NUM_LEVELS * 4


def _seat_block(world: np.ndarray, seat: int, out: np.ndarray, at: int) -> None:
    """One seat's `SEAT_FEATURES` features into `out[at:]`."""
    base = k.seat_base(seat)
    out[at] = 1.0
    for colour in range(COLOURS):
        out[at + 1 + colour] = world[base + k.TOKENS + colour] / 4.0
        out[at + 8 + colour] = world[base + k.BONUSES + colour] / 5.0
    out[at + 6] = 1.0 if world[base + k.TOKENS + GREEN] > 0 else 0.0
    out[at + 7] = world[base + k.TOKENS + GREY] / 5.0
    out[at + 13] = min(k.points(world, seat) / GAUNTLET_POINTS, 1.5)
    out[at + 14] = min(world[base + k.TAG_COUNT] / 5.0, 1.5)
    out[at + 15] = world[base + k.RESERVED_COUNT] / 3.0
    out[at + 16] = world[base + k.LOCATIONS_WON_COUNT] / 2.0
    out[at + 17] = 1.0 if k.meets_gauntlet(world, seat) else 0.0
    out[at + 18] = 1.0 if world[k.AVENGERS] == seat else 0.0
    affordable = 0
    best_points = 0
    nearest = 99
    for slot in range(BOARD_CELLS):
        card = world[k.BOARD + slot]
        if card == 0:
            continue
        missing = 0
        for colour in range(COLOURS):
            have = world[base + k.TOKENS + colour] + world[base + k.BONUSES + colour]
            price = k.CARD_COST[card, colour]
            if price > have:
                missing += price - have
        missing = max(0, missing - world[base + k.TOKENS + GREY])
        if missing == 0:
            affordable += 1
            best_points = max(best_points, k.CARD_POINTS_OF[card])
        nearest = min(nearest, missing)
    out[at + 19] = affordable / 4.0
    out[at + 20] = best_points / 5.0
    out[at + 21] = min(nearest, 10) / 10.0


def public_features(world: np.ndarray, out: np.ndarray) -> None:
    """`out[:NUM_INPUTS]` = the network's inputs for `world`, from its seat to move."""
    n = world[k.NUM_PLAYERS]
    current = world[k.CURRENT]
    out[:NUM_INPUTS] = 0.0
    for offset in range(n):
        _seat_block(world, (current + offset) % n, out, offset * SEAT_FEATURES)
    at = k.MAX_PLAYERS * SEAT_FEATURES
    out[at + n - 2] = 1.0
    out[at + 3 + world[k.PHASE]] = 1.0
    out[at + 6] = min(world[k.ROUND] / 30.0, 1.5)
    out[at + 7] = 1.0 if world[k.END_TRIGGERED] else 0.0
    for kind in range(5):
        out[at + 8 + kind] = world[k.SUPPLY + kind] / 7.0
    for level in range(k.NUM_LEVELS):
        out[at + 13 + level] = world[k.DECK_COUNT[level]] / k.DECK_CAPACITY[level]


def _jitted(function: Callable[..., None], **bindings: Any) -> Any:
    """`function` compiled by numba with some of its globals rebound (to jitted helpers)."""
    namespace = {**function.__globals__, **bindings}
    copy = types.FunctionType(function.__code__, namespace, function.__name__)
    copy.__qualname__ = f"{function.__name__}_kernel"
    return njit(nogil=True)(copy)


public_features_kernel = _jitted(public_features, _seat_block=njit(nogil=True)(_seat_block))
"""`public_features`, compiled: the same source and arithmetic, for the numba kernel."""
