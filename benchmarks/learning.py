"""Positions searched with the learned value, for `benchmarks.search_speed`'s `--game-factory`.

Usage: python -m benchmarks.search_speed --games splendor_marvel \\
           --game-factory benchmarks.learning:learned_positions --engines compiled --workers 1
       python -m benchmarks.learning      # CPU time of one evaluation, logistic and network

The same named positions as `search_speed`'s Splendor: Marvel rows, with the engine that evaluates
by the value network (`games.splendor_marvel.learned`), so the table shows its cost beside
today's rows. How the network was trained and how it plays: `benchmarks/LEARNING.md`.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

import numpy as np
from numba import njit

from benchmarks.search_speed import GAMES, Position
from games.splendor_marvel import GAME, apply, new_game
from games.splendor_marvel import kernel as k
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.network import evaluate_kernel


def learned_positions(num_players: int, seed: int) -> list[Position]:
    """`search_speed`'s Splendor: Marvel positions, searched with the learned value."""
    return [replace(p, name=f"{p.name} net", game=GAME.learned)
            for p in GAMES["splendor_marvel"](num_players, seed)]


@njit
def _logistic_calls(worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    total = 0.0
    for _ in range(rounds):
        for world in worlds:
            k.evaluate(world, out)
            total += out[0]
    return total


@njit
def _network_calls(worlds: np.ndarray, out: np.ndarray, rounds: int) -> float:
    total = 0.0
    for _ in range(rounds):
        for world in worlds:
            evaluate_kernel(world, out)
            total += out[0]
    return total


def evaluation_cost(rounds: int = 200) -> dict[str, float]:
    """CPU microseconds per compiled `evaluate` call, today's logistic and the network's, over
    the positions of 30 seeded greedy games (CPU time, so less sensitive to a loaded machine
    than `search_speed`'s wall clock)."""
    worlds = []
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed)
        while state.result is None:
            worlds.append(COMPILED.encode_state(state))
            apply(state, GAME.rollout_action(state, rng))
    stacked = np.array(worlds)
    out = np.empty(k.MAX_PLAYERS)
    found = {}
    for name, calls in (("logistic", _logistic_calls), ("network", _network_calls)):
        calls(stacked[:2], out, 1)  # compile outside the timing
        start = time.process_time()
        calls(stacked, out, rounds)
        found[name] = (time.process_time() - start) / (rounds * len(worlds)) * 1e6
    return found


if __name__ == "__main__":
    for name, micros in evaluation_cost().items():
        print(f"{name:<9} {micros:6.2f} µs per evaluate (CPU time)")
