"""Whole games with the engines' invariant checks after every move: how many broke, how long.

    python -m benchmarks.speed.playouts                  # 10^6 per game and policy
    python -m benchmarks.speed.playouts --playouts 20000 --python-playouts 2000 --json out.json
    python -m benchmarks.speed.playouts --games challengers --playouts 10000 --python-playouts 0

Splendor: Marvel plays `--playouts` random and as many heuristic (rollout policy) games in its
compiled kernel, checking `kernel.violation` after every move (tokens and cards conserved, no
negative count, the reserve and green limits); the kernel plays move for move like the Python
engine (tests/splendor_marvel/test_kernel.py). Challengers! plays as many tournaments, 1 to 8
players, in its kernel (move for move the Python engine's: tests/challengers/test_kernel.py),
checking `kernel.violation` (every card still somewhere, the round within the tournament).
Every registered game then plays `--python-playouts` random and heuristic games in its Python
engine, through its table sizes in turn, checking its package's `invariants.violations(state)`
after every move (for Challengers!: every card still somewhere, the round within the
tournament). Every game must end.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from games import splendor_marvel as sm
from games.challengers.kernel import game as ck
from games.challengers.kernel.state import encode_state
from games.challengers.setup import new_state
from games.registry import GAMES
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.kernel import game as k
from kernels.rng import new_rng

PLY_CAP = 20_000
"""A game still going after this many moves counts as one that does not end."""


@njit(nogil=True)
def _checked_games(starts: np.ndarray, rng: np.ndarray, greedy: bool) -> tuple[int, int, int]:
    """Play every start world out, checking it after every move: (plies, broken, unended)."""
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    world = np.empty(starts.shape[1], dtype=np.int32)
    plies = broken = unended = 0
    for g in range(starts.shape[0]):
        world[:] = starts[g]
        moves = 0
        while not k.is_terminal(world) and moves < PLY_CAP:
            k.play_move(world, rng, buffer, greedy)
            moves += 1
            if k.violation(world) != k.SOUND:
                broken += 1
                break
        plies += moves
        unended += not k.is_terminal(world) and moves >= PLY_CAP
    return plies, broken, unended


def _in_batches(
    game: str,
    games: int,
    greedy: bool,
    seed: int,
    batch: int,
    start: Callable[[int], np.ndarray],
    check: Callable[[np.ndarray, np.ndarray, bool], tuple[int, int, int]],
) -> dict[str, Any]:
    """Play `games` kernel games by `check`, `batch` at a time; game i starts at `start(i)`."""
    began = time.perf_counter()
    plies = broken = unended = 0
    for first in range(0, games, batch):
        starts = np.stack([start(first + g) for g in range(min(batch, games - first))])
        done = check(starts, new_rng(seed + first), greedy)
        plies, broken, unended = plies + done[0], broken + done[1], unended + done[2]
    return _row(game, "compiled", greedy, games, plies, broken, unended, began)


def splendor_compiled(games: int, greedy: bool, seed: int) -> dict[str, Any]:
    """`games` kernel games, 2-4 players, in batches of seeded deals."""
    return _in_batches("splendor_marvel", games, greedy, seed, 5000,
                       lambda i: COMPILED.encode_state(sm.new_game(2 + i % 3, seed + i)),
                       _checked_games)


def python_playouts(name: str) -> Callable[[int, bool, int], dict[str, Any]]:
    """Whole games of a registered game in its Python engine, its table sizes in turn, with
    `invariants.violations(state)` after every move."""

    def run(games: int, greedy: bool, seed: int) -> dict[str, Any]:
        entry = GAMES[name]
        game, evaluator = entry.load().game, entry.evaluator("default")
        violations = importlib.import_module(entry.invariants_module).violations
        began = time.perf_counter()
        plies = broken = unended = 0
        for g in range(games):
            rng = random.Random(seed + g)
            state = game.new_game(entry.player_counts[g % len(entry.player_counts)], seed + g)
            moves = 0
            while not game.is_terminal(state) and moves < PLY_CAP:
                legal = game.legal_actions(state)
                action = evaluator.rollout_action(state, rng) if greedy else rng.choice(legal)
                game.apply(state, action, rng)
                moves += 1
                if violations(state):
                    broken += 1
                    break
            plies += moves
            unended += not game.is_terminal(state) and moves >= PLY_CAP
        return _row(name, "python", greedy, games, plies, broken, unended, began)

    return run


@njit(nogil=True)
def _checked_tournaments(starts: np.ndarray, rng: np.ndarray, greedy: bool
                         ) -> tuple[int, int, int]:
    """Play every Challengers! start world out in the kernel, checked after every move:
    (decisions, broken, unended)."""
    buffer = np.empty(ck.MAX_LEGAL, dtype=np.int32)
    world = np.empty(starts.shape[1], dtype=np.int32)
    cards = np.empty(ck.NUM_TYPES, dtype=np.int64)
    no_tally = np.empty(0, dtype=np.int64)
    plies = broken = unended = 0
    for g in range(starts.shape[0]):
        world[:] = starts[g]
        ck.card_counts(world, cards)
        ck.advance(world, rng, no_tally)
        moves = 0
        while not ck.is_terminal(world) and moves < PLY_CAP:
            ck.play_move(world, rng, buffer, greedy)
            moves += 1
            if ck.violation(world, cards):
                broken += 1
                break
        plies += moves
        unended += not ck.is_terminal(world) and moves >= PLY_CAP
    return plies, broken, unended


def challengers_compiled(games: int, greedy: bool, seed: int) -> dict[str, Any]:
    """`games` kernel tournaments, 1-8 players, from seeded set-ups in batches."""
    return _in_batches("challengers", games, greedy, seed, 2000,
                       lambda i: encode_state(new_state(1 + i % 8, random.Random(seed + i))),
                       _checked_tournaments)


KERNELS = {"splendor_marvel": splendor_compiled, "challengers": challengers_compiled}
"""Each registered game's compiled playouts."""


def _row(game: str, engine: str, greedy: bool, games: int, plies: int, broken: int,
         unended: int, began: float) -> dict[str, Any]:
    seconds = time.perf_counter() - began
    return {"game": game, "engine": engine, "policy": "heuristic" if greedy else "random",
            "games": games, "plies": plies, "violations": broken, "unended": unended,
            "seconds": round(seconds, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1_000_000,
                        help="games per policy in the compiled kernels")
    parser.add_argument("--python-playouts", type=int, default=1_000_000,
                        help="games per policy in the Python engines")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="+", choices=list(GAMES), default=list(GAMES),
                        help="registered games to play (all)")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    kernels = [KERNELS[name] for name in args.games]
    for kernel in kernels:
        kernel(1, False, 0)  # compile outside the timing
    runs: list[tuple[Callable[[int, bool, int], dict[str, Any]], int]] = [
        *((kernel, args.playouts) for kernel in kernels),
        *((python_playouts(name), args.python_playouts) for name in args.games
          if args.python_playouts),
    ]
    rows = []
    for run, games in runs:
        for greedy in (False, True):
            rows.append(run(games, greedy, args.seed))
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    print(f"{'game':<16} {'engine':<9} {'policy':<10} {'games':>9} {'plies':>12} "
          f"{'violations':>10} {'unended':>8} {'seconds':>8}")
    for r in rows:
        print(f"{r['game']:<16} {r['engine']:<9} {r['policy']:<10} {r['games']:>9,} "
              f"{r['plies']:>12,} {r['violations']:>10} {r['unended']:>8} {r['seconds']:>8}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 1 if any(r["violations"] or r["unended"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
