"""The compiled search heuristics: the playout policy, the priors and the static evaluation.

The twin of `heuristics` and `features`: the same scores, the same softmax, the same fitted
conditional logit, drawing the same random numbers in the same order (weights and worths
frozen from the Python engine's tables).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from games.splendor_marvel.catalogue import GAUNTLET_POINTS, GREEN, GREY
from games.splendor_marvel.knowledge import heuristics
from kernels.rng import uniform

from .actions import (
    BLIND_CODE,
    LOCATION_CODE,
    RECRUIT_CODE,
    RECRUIT_RESERVED_CODE,
    RESERVE_CODE,
    RETURN_CODE,
    TAKE_CODE,
    TAKE_TWO_CODE,
)
from .catalogue import CARD_BONUS, CARD_COST, CARD_TIME_STONE
from .layout import (
    BOARD,
    BONUSES,
    CURRENT,
    LOCATION,
    MAIN,
    NUM_COLOURS,
    NUM_PLAYERS,
    OVER,
    PHASE,
    RESERVED,
    RESERVED_COUNT,
    STATE_SIZE,
    TAG_COUNT,
    TOKENS,
    seat_base,
)
from .rules import bit_count, legal_actions, points, returns

CARD_WORTH = np.array(heuristics.CARD_WORTH)
RESERVE_SCORE = np.array(heuristics.RESERVE_SCORE)
TIE_BREAK = np.array(heuristics.TIE_BREAK)
PRIOR_TEMPERATURE = heuristics.PRIOR_TEMPERATURE
WEIGHTS = np.array(heuristics.WEIGHTS)
NUM_FEATURES = len(WEIGHTS)


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
        mask = action - TAKE_CODE
        return 1.0 + bit_count(mask & needed) + 0.1 * bit_count(mask)
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
