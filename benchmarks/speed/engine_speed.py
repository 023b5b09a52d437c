"""Splendor: Marvel engine speed on one core, Python and compiled side by side in one run.

Usage: python -m benchmarks.speed.engine_speed [--games 200] [--repeats 5]
                                               [--engines python,compiled] [--json FILE]

Prints, for 2, 3 and 4 players and each engine, the median over repeats of random-playout
plies/s and games/s, greedy (rollout policy) playout plies/s, and microseconds per
`legal_actions`, `apply`, `clone` and `sample` over the positions of the playouts. The compiled
engine's loops run inside numba (`kernel`), so its figures are the kernel's own speed; it is
compiled before anything is timed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numba import njit

from games.splendor_marvel import apply, legal_actions, new_game, observe, sample
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.state import SplendorState
from kernels.rng import new_rng

ENGINES = ("python", "compiled")


# --- the Python engine ------------------------------------------------------------------------


def world(num_players: int, seed: int) -> SplendorState:
    """A fresh set-up without a history, as the search's worlds are (recording costs time)."""
    state = new_game(num_players, seed)
    state.history = None
    return state


def playouts(num_players: int, games: int, seed: int, greedy: bool) -> tuple[float, float]:
    """Plies/s and games/s of complete games from fresh set-ups."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for g in range(games):
        state = world(num_players, seed + g)
        while state.result is None:
            if greedy:
                action = EVALUATOR.rollout_action(state, rng)
            else:
                actions = legal_actions(state)
                action = actions[rng.randrange(len(actions))]
            apply(state, action)
            plies += 1
    elapsed = time.perf_counter() - start
    return plies / elapsed, games / elapsed


def positions(num_players: int, count: int, seed: int) -> list[SplendorState]:
    """Positions met in random play, for per-call timings."""
    rng = random.Random(seed)
    found: list[SplendorState] = []
    while len(found) < count:
        state = world(num_players, seed + len(found))
        while state.result is None and len(found) < count:
            found.append(state.clone())
            actions = legal_actions(state)
            apply(state, actions[rng.randrange(len(actions))])
    return found


def per_call_us(states: list[SplendorState], call: Callable[[SplendorState], object]) -> float:
    start = time.perf_counter()
    for state in states:
        call(state)
    return (time.perf_counter() - start) / len(states) * 1e6


def measure_python(num_players: int, games: int, seed: int) -> dict[str, float]:
    plies_s, games_s = playouts(num_players, games, seed, greedy=False)
    greedy_plies_s, greedy_games_s = playouts(num_players, games // 4 or 1, seed, greedy=True)
    states = positions(num_players, 5000, seed)
    firsts = [(s, legal_actions(s)[0]) for s in states]
    clones = [s.clone() for s in states]
    observations = [observe(s, s.current) for s in states[:1000]]
    rng = random.Random(seed)

    start = time.perf_counter()
    for clone, (_, action) in zip(clones, firsts, strict=True):
        apply(clone, action)
    apply_us = (time.perf_counter() - start) / len(clones) * 1e6

    start = time.perf_counter()
    for observation in observations:
        sample(observation, rng)
    sample_us = (time.perf_counter() - start) / len(observations) * 1e6
    return {
        "random plies/s": plies_s,
        "random games/s": games_s,
        "greedy plies/s": greedy_plies_s,
        "greedy games/s": greedy_games_s,
        "legal_actions us": per_call_us(states, legal_actions),
        "apply us": apply_us,
        "clone us": per_call_us(states, SplendorState.clone),
        "sample us": sample_us,
    }


# --- the compiled engine: every loop inside numba ---------------------------------------------


@njit(nogil=True)
def _play_out(starts: np.ndarray, rng: np.ndarray, greedy: bool) -> int:
    """Play every start world to its end (uniform or rollout-policy moves); total plies."""
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    world = np.empty(starts.shape[1], dtype=np.int32)
    plies = 0
    for g in range(starts.shape[0]):
        world[:] = starts[g]
        while not k.is_terminal(world):
            k.play_move(world, rng, buffer, greedy)
            plies += 1
    return plies


@njit(nogil=True)
def _legal_all(worlds: np.ndarray, firsts: np.ndarray) -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    for i in range(worlds.shape[0]):
        k.legal_actions(worlds[i], buffer)
        firsts[i] = buffer[0]


@njit(nogil=True)
def _apply_all(worlds: np.ndarray, firsts: np.ndarray, rng: np.ndarray) -> None:
    for i in range(worlds.shape[0]):
        k.apply(worlds[i], firsts[i], rng)


@njit(nogil=True)
def _clone_all(worlds: np.ndarray, into: np.ndarray) -> None:
    for i in range(worlds.shape[0]):
        into[:] = worlds[i]


@njit(nogil=True)
def _sample_all(observations: np.ndarray, into: np.ndarray, rng: np.ndarray) -> None:
    for i in range(observations.shape[0]):
        k.sample(observations[i], into, rng)


def _timed_us(count: int, run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) / count * 1e6


def _playout_rates(starts: np.ndarray, seed: int, greedy: bool) -> tuple[float, float]:
    start = time.perf_counter()
    plies = _play_out(starts, new_rng(seed), greedy)
    elapsed = time.perf_counter() - start
    return plies / elapsed, starts.shape[0] / elapsed


def measure_compiled(num_players: int, games: int, seed: int) -> dict[str, float]:
    starts = np.stack([COMPILED.encode_state(new_game(num_players, seed + g))
                       for g in range(games)])
    plies_s, games_s = _playout_rates(starts, seed, greedy=False)
    greedy_plies_s, greedy_games_s = _playout_rates(starts, seed, greedy=True)
    states = positions(num_players, 5000, seed)
    worlds = np.stack([COMPILED.encode_state(s) for s in states])
    observations = np.stack([COMPILED.encode_observation(observe(s, s.current))
                             for s in states[:1000]])
    firsts = np.empty(len(states), dtype=np.int32)
    into = np.empty(k.STATE_SIZE, dtype=np.int32)
    rng = new_rng(seed)
    return {
        "random plies/s": plies_s,
        "random games/s": games_s,
        "greedy plies/s": greedy_plies_s,
        "greedy games/s": greedy_games_s,
        "legal_actions us": _timed_us(len(states), lambda: _legal_all(worlds, firsts)),
        "apply us": _timed_us(len(states), lambda: _apply_all(worlds, firsts, rng)),
        "clone us": _timed_us(len(states), lambda: _clone_all(worlds, into)),
        "sample us": _timed_us(len(observations), lambda: _sample_all(observations, into, rng)),
    }


def compile_kernels() -> None:
    """Compile the compiled engine's loops on a tiny input, outside every timing."""
    measure_compiled(2, 1, 0)


MEASURES = {"python": measure_python, "compiled": measure_compiled}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs; the median is shown")
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="comma-separated among: python, compiled")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    engines = [e for e in args.engines.split(",") if e]
    for engine in engines:
        if engine not in ENGINES:
            parser.error(f"unknown engine {engine!r}; choose among {', '.join(ENGINES)}")
    if "compiled" in engines:
        compile_kernels()

    report: dict[str, dict[str, float]] = {}
    rows = []
    for num_players in (2, 3, 4):
        for engine in engines:
            runs = [MEASURES[engine](num_players, args.games, 1000 * r)
                    for r in range(args.repeats)]
            medians = {m: statistics.median(run[m] for run in runs) for m in runs[0]}
            report[f"{engine} {num_players}p"] = medians
            rows.append({"engine": engine, "game": "splendor_marvel", "players": num_players,
                         **medians})

    metrics = list(next(iter(report.values())))
    print(f"Splendor: Marvel engine, one core, median of {args.repeats} runs")
    print(f"{'metric':<18}" + "".join(f"{col:>14}" for col in report))
    for metric in metrics:
        print(f"{metric:<18}" + "".join(f"{report[col][metric]:>14,.2f}" for col in report))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
