"""Challengers! engine speed on one core: matches/s and full tournaments/s.

Usage: ``python -m benchmarks.speed.challengers_speed [--repeats 5] [--tournaments 20]``.
Prints a table (median of the repeats) for a random policy and the rollout policy, plus the
cost of clone, observe and sample; then the same tournaments in the compiled kernel
(`games.challengers.kernel.game`, 50x the tournaments per repeat) and its sampler's cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
from numba import njit

from games.challengers import Challengers, match, new_game, observe, sample
from games.challengers.actions import Action
from games.challengers.evaluators import LOGISTIC
from games.challengers.kernel import game as ck
from games.challengers.kernel.observation import encode_observation
from games.challengers.kernel.state import encode_state
from games.challengers.setup import new_state
from games.challengers.state import State
from kernels.rng import new_rng

GAME = Challengers()
Policy = Callable[[State, random.Random], Action]


def random_policy(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    actions = GAME.legal_actions(state)
    return actions[rng.randrange(len(actions))]


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic rollout action at the hand-written worth (the kernel's playouts')."""
    return LOGISTIC.rollout_action(state, rng)


_MATCHES = [0]
_start = match.start


def _counting_start(s: State, a: int, b: int, rng: random.Random) -> None:
    _MATCHES[0] += 1
    _start(s, a, b, rng)


match.start = _counting_start


def play(players: int, seed: int, policy: Policy) -> tuple[int, int]:
    """Play one tournament; return (matches played, decisions taken)."""
    _MATCHES[0] = 0
    state = new_game(players, seed)
    rng = random.Random(seed)
    decisions = 0
    while not GAME.is_terminal(state):
        GAME.apply(state, policy(state, rng), rng)
        decisions += 1
    return _MATCHES[0], decisions


def measure(players: int, policy: Policy, tournaments: int, seed: int) -> tuple[float, float,
                                                                              float]:
    """(tournaments/s, matches/s, decisions/s) for one batch."""
    start = time.perf_counter()
    matches = decisions = 0
    for i in range(tournaments):
        m, d = play(players, seed + i, policy)
        matches += m
        decisions += d
    elapsed = time.perf_counter() - start
    return tournaments / elapsed, matches / elapsed, decisions / elapsed


@njit(nogil=True)
def _kernel_tournaments(starts: np.ndarray, rng: np.ndarray, greedy: bool) -> int:
    """Play every start world out in the kernel; the decisions taken."""
    buffer = np.empty(ck.MAX_LEGAL, dtype=np.int32)
    world = np.empty(starts.shape[1], dtype=np.int32)
    no_tally = np.empty(0, dtype=np.int64)
    decisions = 0
    for g in range(starts.shape[0]):
        world[:] = starts[g]
        ck.advance(world, rng, no_tally)
        while not ck.is_terminal(world):
            ck.play_move(world, rng, buffer, greedy)
            decisions += 1
    return decisions


def measure_kernel(players: int, greedy: bool, tournaments: int, seed: int
                   ) -> tuple[float, float]:
    """(tournaments/s, decisions/s) of one batch in the kernel."""
    starts = np.stack([encode_state(new_state(players, random.Random(seed + i)))
                       for i in range(tournaments)])
    start = time.perf_counter()
    decisions = _kernel_tournaments(starts, new_rng(seed), greedy)
    elapsed = time.perf_counter() - start
    return tournaments / elapsed, decisions / elapsed


def per_call(fn: Callable[[], object], count: int) -> float:
    """Microseconds per call."""
    start = time.perf_counter()
    for _ in range(count):
        fn()
    return (time.perf_counter() - start) / count * 1e6


def main() -> None:
    """Print the speed table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tournaments", type=int, default=20)
    args = parser.parse_args()
    print(f"{'players':>7} {'policy':>8} {'tournaments/s':>14} {'matches/s':>10} "
          f"{'decisions/s':>12}")
    for players in (2, 4, 8):
        for name, policy in (("random", random_policy), ("rollout", rollout_policy)):
            runs = [measure(players, policy, args.tournaments, 1000 * r)
                           for r in range(args.repeats)]
            t, m, d = (statistics.median(x) for x in zip(*runs, strict=True))
            print(f"{players:>7} {name:>8} {t:>14.1f} {m:>10.0f} {d:>12.0f}")
    state = new_game(4, 7)
    rng = random.Random(7)
    for _ in range(40):
        GAME.apply(state, LOGISTIC.rollout_action(state, rng), rng)
    obs = observe(state, 0)
    print()
    print(f"clone   {per_call(state.clone, 2000):8.1f} us")
    print(f"observe {per_call(lambda: observe(state, 0), 500):8.1f} us")
    print(f"sample  {per_call(lambda: sample(obs, rng), 200):8.1f} us")
    _kernel_tournaments(np.stack([encode_state(new_state(2, random.Random(0)))]), new_rng(0),
                        True)  # compile outside the timing
    print()
    print(f"{'players':>7} {'policy':>8} {'kernel t/s':>14} {'decisions/s':>12}")
    for players in (2, 4, 8):
        for name, greedy in (("random", False), ("rollout", True)):
            kernel_runs = [measure_kernel(players, greedy, 50 * args.tournaments, 1000 * r)
                           for r in range(args.repeats)]
            t, d = (statistics.median(x) for x in zip(*kernel_runs, strict=True))
            print(f"{players:>7} {name:>8} {t:>14.1f} {d:>12.0f}")
    encoded = encode_observation(obs)
    world = np.empty(ck.STATE_SIZE, dtype=np.int32)
    kernel_rng = new_rng(7)
    ck.sample(encoded, world, kernel_rng)
    print()
    print(f"kernel sample {per_call(lambda: ck.sample(encoded, world, kernel_rng), 2000):8.1f} us"
          " (from Python; inside the search it costs less)")


if __name__ == "__main__":
    main()
