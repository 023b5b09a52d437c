"""What the coaching reasons cost in each Evaluate with a move: milliseconds per call.

    python -m benchmarks.service.reasons_cost         # 40 positions per game
    python -m benchmarks.service.reasons_cost --positions 100

Positions are decisions of every registered game (`checks.examples.position`: 2 players,
seed n played `PLIES_STEP` * (1 + n % `PLY_STEPS`) plies by the playout policy, so they reach
every stage of a game; finished games and forced moves are skipped). At each, the first legal
move is explained against the second (the game's `coach.reasons(obs, move, alternative, rng)`,
as `Evaluate` calls it), seeded, so the work is the same on every run; only the clock depends
on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from advisor.adapters import adapter_by_name
from checks import examples
from games.registry import SERVED

Case = tuple[Any, Any, Any]
"""(observation, move, alternative)."""

PLIES_STEP = 4
PLY_STEPS = 25


def cases(name: str, count: int) -> list[Case]:
    """`count` decisions of `name` with two legal moves or more, at every stage of its games."""
    game = SERVED[name].load().game
    out: list[Case] = []
    seed = 0
    while len(out) < count:
        state = examples.position(name, 2, seed, plies=PLIES_STEP * (1 + seed % PLY_STEPS))
        seed += 1
        if game.is_terminal(state):
            continue
        moves = game.legal_actions(state)
        if len(moves) > 1:
            out.append((game.observe(state, game.current_player(state)), moves[0], moves[1]))
    return out


def timed(name: str, cases: list[Case]) -> list[float]:
    """Milliseconds of each call."""
    reasons = adapter_by_name(name).reasons
    out = []
    for i, (obs, move, alternative) in enumerate(cases):
        start = time.perf_counter()
        reasons(obs, move, alternative, random.Random(f"reasons/{i}"))
        out.append(1000 * (time.perf_counter() - start))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--games", nargs="+", default=list(SERVED), choices=list(SERVED))
    args = parser.parse_args()
    print("| game | positions | median ms | mean ms | max ms |")
    print("|---|---|---|---|---|")
    for name in args.games:
        found = cases(name, args.positions)
        timed(name, found[:3])  # warm up imports and caches
        ms = timed(name, found)
        print(f"| {SERVED[name].title} | {len(ms)} | {statistics.median(ms):.1f} | "
              f"{statistics.fmean(ms):.1f} | {max(ms):.1f} |")


if __name__ == "__main__":
    main()
