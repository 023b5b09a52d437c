"""What the coaching reasons cost in each Evaluate with a move: milliseconds per call.

    python -m benchmarks.reasons_cost                 # 40 positions per game
    python -m benchmarks.reasons_cost --positions 100

Positions are decisions of seeded games played by the playout policy (Splendor: Marvel:
2 players, 4 to 40 plies in; Challengers!: 2 players, every decision kind, the first
`--positions` decisions met, one in every seventh). At each, the first legal move is explained
against the second (`coach.reasons(obs, move, alternative, rng)`, as `Evaluate` calls it),
seeded, so the work is the same on every run; only the clock depends on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from advisor.challengers import coach as challengers_coach
from advisor.splendor_marvel import coach as splendor_coach
from games import challengers as ch
from games import splendor_marvel as sm

Case = tuple[Any, Any, Any]
"""(observation, move, alternative)."""


def splendor_cases(count: int) -> list[Case]:
    cases: list[Case] = []
    seed = 0
    while len(cases) < count:
        rng = random.Random(seed)
        state = sm.new_game(2, seed)
        for _ in range(4 + 4 * (seed % 10)):
            if state.result is not None:
                break
            sm.apply(state, sm.GAME.rollout_action(state, rng))
        moves = sm.legal_actions(state)
        if state.result is None and len(moves) > 1:
            cases.append((sm.observe(state, state.current), moves[0], moves[1]))
        seed += 1
    return cases


def challengers_cases(count: int) -> list[Case]:
    cases: list[Case] = []
    seed = 0
    while len(cases) < count:
        state, rng, met = ch.new_game(2, seed), random.Random(seed), 0
        while not ch.GAME.is_terminal(state) and len(cases) < count:
            moves = ch.GAME.legal_actions(state)
            met += 1
            if len(moves) > 1 and met % 7 == 0:
                seat = ch.GAME.current_player(state)
                cases.append((ch.observe(state, seat), moves[0], moves[1]))
            ch.GAME.apply(state, ch.GAME.rollout_action(state, rng), rng)
        seed += 1
    return cases


def timed(reasons: Callable[..., list[Any]], cases: list[Case]) -> list[float]:
    """Milliseconds of each call."""
    out = []
    for i, (obs, move, alternative) in enumerate(cases):
        start = time.perf_counter()
        reasons(obs, move, alternative, random.Random(f"reasons/{i}"))
        out.append(1000 * (time.perf_counter() - start))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    print("| game | positions | median ms | mean ms | max ms |")
    print("|---|---|---|---|---|")
    for name, reasons, cases in (
        ("Splendor: Marvel", splendor_coach.reasons, splendor_cases(args.positions)),
        ("Challengers!", challengers_coach.reasons, challengers_cases(args.positions)),
    ):
        timed(reasons, cases[:3])  # warm up imports and caches
        ms = timed(reasons, cases)
        print(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | "
              f"{statistics.fmean(ms):.1f} | {max(ms):.1f} |")


if __name__ == "__main__":
    main()
