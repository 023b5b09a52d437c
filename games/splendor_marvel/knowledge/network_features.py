"""The value network's inputs: public facts of a world, seen from the seat to move.

Written once, over the kernel's world array (`kernel.layout`), so that the Python search (which
calls `public_features` on an encoded state) and the compiled search (`public_features_kernel`,
the same source jitted) read the very same numbers. Only what every seat can see goes in: tokens,
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

from games.splendor_marvel.catalogue import GAUNTLET_POINTS, GREEN, GREY
from games.splendor_marvel.kernel import layout as L
from games.splendor_marvel.kernel.catalogue import CARD_COST, CARD_POINTS_OF
from games.splendor_marvel.kernel.rules import meets_gauntlet, points

SEAT_FEATURES = 22
GLOBAL_FEATURES = 16
NUM_INPUTS = L.MAX_PLAYERS * SEAT_FEATURES + GLOBAL_FEATURES
COLOURS = L.NUM_COLOURS
BOARD_CELLS = L.NUM_LEVELS * 4


def _seat_block(world: np.ndarray, seat: int, out: np.ndarray, at: int) -> None:
    """One seat's `SEAT_FEATURES` features into `out[at:]`."""
    base = L.seat_base(seat)
    out[at] = 1.0
    for colour in range(COLOURS):
        out[at + 1 + colour] = world[base + L.TOKENS + colour] / 4.0
        out[at + 8 + colour] = world[base + L.BONUSES + colour] / 5.0
    out[at + 6] = 1.0 if world[base + L.TOKENS + GREEN] > 0 else 0.0
    out[at + 7] = world[base + L.TOKENS + GREY] / 5.0
    out[at + 13] = min(points(world, seat) / GAUNTLET_POINTS, 1.5)
    out[at + 14] = min(world[base + L.TAG_COUNT] / 5.0, 1.5)
    out[at + 15] = world[base + L.RESERVED_COUNT] / 3.0
    out[at + 16] = world[base + L.LOCATIONS_WON_COUNT] / 2.0
    out[at + 17] = 1.0 if meets_gauntlet(world, seat) else 0.0
    out[at + 18] = 1.0 if world[L.AVENGERS] == seat else 0.0
    affordable = 0
    best_points = 0
    nearest = 99
    for slot in range(BOARD_CELLS):
        card = world[L.BOARD + slot]
        if card == 0:
            continue
        missing = 0
        for colour in range(COLOURS):
            have = world[base + L.TOKENS + colour] + world[base + L.BONUSES + colour]
            price = CARD_COST[card, colour]
            if price > have:
                missing += price - have
        missing = max(0, missing - world[base + L.TOKENS + GREY])
        if missing == 0:
            affordable += 1
            best_points = max(best_points, CARD_POINTS_OF[card])
        nearest = min(nearest, missing)
    out[at + 19] = affordable / 4.0
    out[at + 20] = best_points / 5.0
    out[at + 21] = min(nearest, 10) / 10.0


def public_features(world: np.ndarray, out: np.ndarray) -> None:
    """`out[:NUM_INPUTS]` = the network's inputs for `world`, from its seat to move."""
    n = world[L.NUM_PLAYERS]
    current = world[L.CURRENT]
    out[:NUM_INPUTS] = 0.0
    for offset in range(n):
        _seat_block(world, (current + offset) % n, out, offset * SEAT_FEATURES)
    at = L.MAX_PLAYERS * SEAT_FEATURES
    out[at + n - 2] = 1.0
    out[at + 3 + world[L.PHASE]] = 1.0
    out[at + 6] = min(world[L.ROUND] / 30.0, 1.5)
    out[at + 7] = 1.0 if world[L.END_TRIGGERED] else 0.0
    for kind in range(5):
        out[at + 8 + kind] = world[L.SUPPLY + kind] / 7.0
    for level in range(L.NUM_LEVELS):
        out[at + 13 + level] = world[L.DECK_COUNT[level]] / L.DECK_CAPACITY[level]


def _jitted(function: Callable[..., None], **bindings: Any) -> Any:
    """`function` compiled by numba with some of its globals rebound (to jitted helpers)."""
    namespace = {**function.__globals__, **bindings}
    copy = types.FunctionType(function.__code__, namespace, function.__name__)
    copy.__qualname__ = f"{function.__name__}_kernel"
    return njit(nogil=True)(copy)


public_features_kernel = _jitted(public_features, _seat_block=njit(nogil=True)(_seat_block))
"""`public_features`, compiled: the same source and arithmetic, for the numba kernel."""


RACE_SEAT_FEATURES = 6
RACE_FEATURES = L.MAX_PLAYERS * RACE_SEAT_FEATURES + 2
"""The race inputs (`race_features`), appended to `public_features` by the networks that read
them; the earlier generations' inputs and answers do not change."""
POINTS_AT = 13
BEST_AFFORDABLE_AT = 20


def race_features(x: np.ndarray, n: int, turn: int, out: np.ndarray) -> None:
    """`out[:RACE_FEATURES]` = who leads the race to the gauntlet and who still moves, from the
    public inputs `x` of an `n`-seat world whose seat to move is the `turn`-th of its round.

    Per seat, in `x`'s turn order from the seat to move (absent seats zero): points behind the
    leader, points within reach (now plus the best face-up card it can afford) behind the best
    reach, points short of the gauntlet's 16, leads (or shares the lead), moves again before the
    round ends (the seat to move counts), and that move is a last one (the end is triggered).
    Then: how many seats move after this one in the round, and the leader's points short of 16.
    """
    out[:RACE_FEATURES] = 0.0
    top = 0.0
    top_reach = 0.0
    for r in range(n):
        points = x[r * SEAT_FEATURES + POINTS_AT] * GAUNTLET_POINTS
        reach = points + x[r * SEAT_FEATURES + BEST_AFFORDABLE_AT] * 5.0
        top = max(top, points)
        top_reach = max(top_reach, reach)
    triggered = x[L.MAX_PLAYERS * SEAT_FEATURES + 7]
    for r in range(n):
        points = x[r * SEAT_FEATURES + POINTS_AT] * GAUNTLET_POINTS
        reach = points + x[r * SEAT_FEATURES + BEST_AFFORDABLE_AT] * 5.0
        at = r * RACE_SEAT_FEATURES
        out[at] = (points - top) / GAUNTLET_POINTS
        out[at + 1] = (reach - top_reach) / GAUNTLET_POINTS
        out[at + 2] = max(GAUNTLET_POINTS - points, 0.0) / GAUNTLET_POINTS
        out[at + 3] = 1.0 if points >= top else 0.0
        moves = 1.0 if turn + r < n else 0.0
        out[at + 4] = moves
        out[at + 5] = moves * triggered
    at = L.MAX_PLAYERS * RACE_SEAT_FEATURES
    out[at] = (n - 1 - turn) / (L.MAX_PLAYERS - 1)
    out[at + 1] = max(GAUNTLET_POINTS - top, 0.0) / GAUNTLET_POINTS


race_features_kernel = _jitted(race_features)
"""`race_features`, compiled."""


def turn_in_round(world: np.ndarray) -> int:
    """How many seats have moved in `world`'s round before the seat to move."""
    n = world[L.NUM_PLAYERS]
    return int((world[L.CURRENT] - world[L.START_SEAT] + n) % n)


turn_in_round_kernel = njit(nogil=True)(turn_in_round)
"""`turn_in_round`, compiled."""


def network_inputs(world: np.ndarray, out: np.ndarray) -> None:
    """`out` = `public_features`, then the race inputs if `out` has room for them (a network
    that reads them has `NUM_INPUTS + RACE_FEATURES` inputs)."""
    public_features(world, out)
    if out.shape[0] > NUM_INPUTS:
        race_features(out, world[L.NUM_PLAYERS], turn_in_round(world), out[NUM_INPUTS:])


network_inputs_kernel = _jitted(network_inputs, public_features=public_features_kernel,
                                race_features=race_features_kernel,
                                turn_in_round=turn_in_round_kernel)
"""`network_inputs`, compiled."""
