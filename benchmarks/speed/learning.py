"""Positions searched with the logistic evaluation, for `benchmarks.speed.search_speed`'s
`--game-factory`: the cost of the learned search (the default) against the one before it.

Usage: python -m benchmarks.speed.search_speed --games splendor_marvel \\
           --game-factory benchmarks.speed.learning:logistic_positions --engines compiled \\
           --workers 1
       python -m benchmarks.speed.learning   # CPU time of one evaluation and of one call of the
                                             # priors: the logistic and the learned ones

The same named positions as `search_speed`'s Splendor: Marvel rows (which search with the value
network and the learned priors, `EVALUATOR`), with the evaluator that searches with the
logistic evaluation and hand-written priors (`LOGISTIC`, `value=logistic`), so the table shows
the two side by side.
How the network was trained and how it plays: `benchmarks/LEARNING.md`."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import numpy as np
from numba import njit

from benchmarks.speed.search_speed import GAMES, Position
from games.splendor_marvel import apply, new_game
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR, LOGISTIC
from games.splendor_marvel.kernel import game as k

FOUR_PLAYERS = 4


def logistic_positions(num_players: int, seed: int) -> list[Position]:
    """`search_speed`'s Splendor: Marvel positions (searched with the learned value and
    priors, the default), searched with the logistic evaluation and priors before them."""
    return _searched_with("logistic", LOGISTIC, num_players, seed)


def _searched_with(label: str, evaluator: Any, num_players: int, seed: int) -> list[Position]:
    return [replace(p, name=f"{p.name} {label}", evaluator=evaluator)
            for p in GAMES["splendor_marvel"](num_players, seed)]


@njit
def _value_calls(evaluate: Any, worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    total = 0.0
    for _ in range(rounds):
        for world in worlds:
            evaluate(world, out)
            total += out[0]
    return total


def _logistic_calls(worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    return float(_value_calls(k.evaluate, worlds, out, rounds))


def _network_calls(worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    return float(_value_calls(EVALUATOR.compiled.kernel.evaluate, worlds, out, rounds))


@njit
def _priors_calls(priors: Any, worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    total = 0.0
    actions = np.empty(k.MAX_LEGAL, dtype=np.int32)
    for _ in range(rounds):
        for world in worlds:
            count = k.legal_actions(world, actions)
            priors(world, actions, count, out)
            total += out[0]
    return total


def _today_priors(worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    return float(_priors_calls(k.priors, worlds, out, rounds))


def _learned_priors(worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    return float(_priors_calls(EVALUATOR.compiled.kernel.priors, worlds, out, rounds))


def evaluation_cost(rounds: int = 200) -> dict[str, float]:
    """CPU microseconds per compiled call, over the positions of 30 seeded greedy games: of
    `evaluate` (today's logistic, the default's networks by table size) and of `priors` with
    the legal actions listed (today's, the default's); then of the evaluations over the
    4-player positions alone (the default's 4-player value reads the race inputs). CPU time,
    so less sensitive to a loaded machine than `search_speed`'s wall clock."""
    worlds = []
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed)
        while state.result is None:
            worlds.append(COMPILED.encode_state(state))
            apply(state, EVALUATOR.rollout_action(state, rng))
    stacked = np.array(worlds)
    four = stacked[stacked[:, k.NUM_PLAYERS] == FOUR_PLAYERS]
    out = np.empty(k.MAX_LEGAL)
    found = {}
    for name, calls, chosen in (
            ("logistic", _logistic_calls, stacked), ("network", _network_calls, stacked),
            ("today's priors", _today_priors, stacked),
            ("learned priors", _learned_priors, stacked),
            ("logistic, 4p", _logistic_calls, four), ("network, 4p", _network_calls, four)):
        calls(chosen[:2], out, 1)  # compile outside the timing
        start = time.process_time()
        calls(chosen, out, rounds)
        found[name] = (time.process_time() - start) / (rounds * len(chosen)) * 1e6
    return found


if __name__ == "__main__":
    for name, micros in evaluation_cost().items():
        print(f"{name:<16} {micros:6.2f} µs per call (CPU time)")
