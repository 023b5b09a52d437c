"""Compiled twins of three toy games, for testing the compiled search against the Python one.

Each `Compiled*` object follows `search.compiled_game.CompiledGame`; each `Replayable*` class is
the Python toy game with its chance drawn only through `random()` / `randrange()`, in the order
the kernel draws from `kernels.rng`. Handed `kernels.rng.PythonRng(seed)`, the Python
`TreeSearch` then makes exactly the draws the compiled search makes with `new_rng(seed)`, so
the two searches must grow the same tree, node for node.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Hashable
from typing import Any

import numpy as np
from numba import njit

from kernels.rng import below
from tests.search.toy_games import (
    CARDS,
    GAMBLE,
    SAFE,
    SAFE_REWARD,
    GuessObservation,
    GuessState,
    GuessTheCard,
    HighCard,
    HighCardObservation,
    HighCardState,
    NimObservation,
)

THIS = sys.modules[__name__]


class _Toy:
    """The glue every toy twin shares: the kernel is this module; versions never change."""

    kernel: Any = THIS
    kernel_version = "toy1"
    name: str


# --- which toy a world belongs to: the first cell ---------------------------------------------

NIM, GUESS, HIGH = 0, 1, 2


@njit(nogil=True)
def num_players(world: np.ndarray) -> int:
    return 2


@njit(nogil=True)
def is_terminal(world: np.ndarray) -> bool:
    if world[0] == NIM:
        return world[2] + world[3] + world[4] == 0
    if world[0] == GUESS:
        return world[3] != 0
    return world[5] + world[6] == 0


@njit(nogil=True)
def current_player(world: np.ndarray) -> int:
    if is_terminal(world):
        return -1
    if world[0] == GUESS:
        return 0
    return world[1]


@njit(nogil=True)
def returns(world: np.ndarray, out: np.ndarray) -> None:
    if world[0] == NIM:
        out[0] = 1.0 if world[1] == 0 else 0.0
    elif world[0] == GUESS:
        out[0] = SAFE_REWARD if world[3] == 1 else (1.0 if world[3] == 2 else 0.0)
    else:
        a, b = world[2], world[3]
        out[0] = 1.0 if a > b else (0.0 if b > a else 0.5)
    out[1] = 1.0 - out[0]


# Nim world: [NIM, player, pile0, pile1, pile2]; action pile * 8 + take - 1.
# Guess world: [GUESS, card, gambled, outcome (0 none, 1 safe, 2 right, 3 wrong)];
#   actions 0 safe, 1 gamble, 2 + c name c.
# High card world: [HIGH, player, wins0, wins1, table size, hand size 0, hand size 1,
#   hand 0 (8 cells), hand 1 (8 cells), table (16 cells)]; an action is a card.
HAND0, HAND1, TABLE = 7, 15, 23
HIGH_SIZE = TABLE + 16


@njit(nogil=True)
def legal_actions(world: np.ndarray, out: np.ndarray) -> int:
    count = 0
    if is_terminal(world):
        return 0
    if world[0] == NIM:
        for pile in range(3):
            for take in range(1, world[2 + pile] + 1):
                out[count] = pile * 8 + take - 1
                count += 1
    elif world[0] == GUESS:
        if world[2]:
            for card in range(3):
                out[count] = 2 + card
                count += 1
        else:
            out[0], out[1] = 0, 1
            count = 2
    else:
        player = world[1]
        hand = HAND0 if player == 0 else HAND1
        for i in range(world[5 + player]):
            out[count] = world[hand + i]
            count += 1
    return count


@njit(nogil=True)
def apply(world: np.ndarray, action: int, rng: np.ndarray) -> None:
    if world[0] == NIM:
        world[2 + action // 8] -= action % 8 + 1
        world[1] = 1 - world[1]
        if world[2] + world[3] + world[4] == 0:
            world[1] = 1 - world[1]
    elif world[0] == GUESS:
        if action == 0:
            world[3] = 1
        elif action == 1:
            world[2] = 1
        else:
            world[3] = 2 if action - 2 == world[1] else 3
    else:
        _play_card(world, action)


@njit(nogil=True)
def _play_card(world: np.ndarray, card: int) -> None:
    player = world[1]
    hand = HAND0 if player == 0 else HAND1
    size = world[5 + player]
    i = 0
    while world[hand + i] != card:
        i += 1
    for j in range(i, size - 1):
        world[hand + j] = world[hand + j + 1]
    world[5 + player] = size - 1
    world[TABLE + world[4]] = card
    world[4] += 1
    if world[4] % 2:
        world[1] = 1 - player
        return
    lead, answer = world[TABLE + world[4] - 2], world[TABLE + world[4] - 1]
    winner = 1 - player if lead > answer else player
    world[2 + winner] += 1
    world[1] = winner


@njit(nogil=True)
def sample(observation: np.ndarray, world: np.ndarray, rng: np.ndarray) -> None:
    if observation[0] != HIGH:
        world[: observation.shape[0]] = observation
        if observation[0] == GUESS and world[1] < 0:
            world[1] = below(rng, 3)
        return
    _sample_high_card(observation, world, rng)


# High card observation: [HIGH, seat, player, wins0, wins1, deck, hand size, hand length,
#   hand (8 cells), table length, table (16 cells)].
OBS_HAND, OBS_TABLE_LEN = 8, 16
OBS_TABLE = OBS_TABLE_LEN + 1


@njit(nogil=True)
def _sample_high_card(observation: np.ndarray, world: np.ndarray, rng: np.ndarray) -> None:
    seat, deck, hand_size = observation[1], observation[5], observation[6]
    hand_len, table_len = observation[7], observation[OBS_TABLE_LEN]
    seen = np.zeros(deck + 1, dtype=np.bool_)
    for i in range(hand_len):
        seen[observation[OBS_HAND + i]] = True
    for i in range(table_len):
        seen[observation[OBS_TABLE + i]] = True
    unseen = np.empty(deck, dtype=np.int32)
    n = 0
    for card in range(1, deck + 1):
        if not seen[card]:
            unseen[n] = card
            n += 1
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    mine = hand_size - hand_len
    theirs = hand_size - (table_len - mine)
    other_hand = np.sort(unseen[:theirs])
    world[:] = 0
    world[0] = HIGH
    world[1:4] = observation[2:5]  # player, wins
    world[4] = table_len
    world[5 + seat] = hand_len
    world[5 + 1 - seat] = theirs
    mine_at = HAND0 if seat == 0 else HAND1
    theirs_at = HAND1 if seat == 0 else HAND0
    world[mine_at : mine_at + hand_len] = observation[OBS_HAND : OBS_HAND + hand_len]
    world[theirs_at : theirs_at + theirs] = other_hand
    world[TABLE : TABLE + table_len] = observation[OBS_TABLE : OBS_TABLE + table_len]


@njit(nogil=True)
def rollout_action(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    count = legal_actions(world, buffer)
    return buffer[below(rng, count)]


@njit(nogil=True)
def evaluate(world: np.ndarray, out: np.ndarray) -> None:
    if world[0] == HIGH and world[2] != world[3]:
        out[0] = 0.75 if world[2] > world[3] else 0.25
    else:
        out[0] = 0.5
    out[1] = 1.0 - out[0]


@njit(nogil=True)
def priors(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    if world[0] == HIGH:
        total = 0.0
        for i in range(count):
            total += actions[i]
        for i in range(count):
            out[i] = actions[i] / total
    else:
        for i in range(count):
            out[i] = 1.0 / count


# --- the glue ---------------------------------------------------------------------------------


class CompiledNim(_Toy):
    name = "nim"
    state_size = 5
    max_legal = 24
    num_action_codes = 24

    def example_observation(self) -> NimObservation:
        return NimObservation((3, 4, 5), 0)

    def encode_observation(self, observation: NimObservation) -> np.ndarray:
        return np.array([NIM, observation.player, *observation.piles], dtype=np.int32)

    def action(self, code: int) -> Hashable:
        return (code // 8, code % 8 + 1)


class CompiledGuess(_Toy):
    name = "guess-the-card"
    state_size = 4
    max_legal = 3
    num_action_codes = 5

    def example_observation(self) -> GuessObservation:
        return GuessObservation(False, None)

    def encode_observation(self, observation: GuessObservation) -> np.ndarray:
        card = -1 if observation.card is None else observation.card
        return np.array([GUESS, card, observation.gambled, 0], dtype=np.int32)

    def action(self, code: int) -> Hashable:
        return SAFE if code == 0 else GAMBLE if code == 1 else f"name{code - 2}"


class CompiledHighCard(_Toy):
    name = "high-card"
    state_size = HIGH_SIZE
    max_legal = 8
    num_action_codes = 17

    def example_observation(self) -> HighCardObservation:
        game = HighCard(deck=12, hand_size=4)
        return game.observe(game.deal(random.Random(0)), 0)

    def encode_observation(self, observation: HighCardObservation) -> np.ndarray:
        o = observation
        encoded = np.zeros(OBS_TABLE + 16, dtype=np.int32)
        encoded[:8] = (HIGH, o.seat, o.player, *o.wins, o.deck, o.hand_size, len(o.hand))
        encoded[OBS_HAND : OBS_HAND + len(o.hand)] = o.hand
        encoded[OBS_TABLE_LEN] = len(o.table)
        encoded[OBS_TABLE : OBS_TABLE + len(o.table)] = o.table
        return encoded

    def action(self, code: int) -> Hashable:
        return code


# --- Python twins that draw as the kernels do ---------------------------------------------


class ReplayableGuess(GuessTheCard):
    def sample(self, observation: GuessObservation, rng: random.Random) -> GuessState:
        card = observation.card if observation.card is not None else CARDS[rng.randrange(3)]
        return GuessState(card, observation.gambled)


class ReplayableHighCard(HighCard):
    def sample(self, observation: HighCardObservation, rng: random.Random) -> HighCardState:
        seen = set(observation.hand) | set(observation.table)
        unseen = [c for c in range(1, observation.deck + 1) if c not in seen]
        for i in range(len(unseen) - 1, 0, -1):
            j = rng.randrange(i + 1)
            unseen[i], unseen[j] = unseen[j], unseen[i]
        mine = observation.hand_size - len(observation.hand)
        theirs = sorted(unseen[: observation.hand_size - (len(observation.table) - mine)])
        hands: list[list[int]] = [[], []]
        hands[observation.seat] = list(observation.hand)
        hands[1 - observation.seat] = theirs
        return HighCardState(hands, list(observation.table), list(observation.wins),
                             observation.player)
