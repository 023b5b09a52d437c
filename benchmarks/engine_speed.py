"""Splendor: Marvel engine speed on one core: playouts and per-call costs.

Usage: python -m benchmarks.engine_speed [--games 200] [--repeats 5] [--json FILE]

Prints, for 2, 3 and 4 players, the median over repeats of random-playout plies/s and games/s,
greedy (rollout policy) playout plies/s, and microseconds per `legal_actions`, `apply`, `clone`
and `sample` measured over the positions of the playouts.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from games.splendor_marvel import GAME, apply, legal_actions, new_game, observe, sample
from games.splendor_marvel.state import SplendorState


def playouts(num_players: int, games: int, seed: int, greedy: bool) -> tuple[float, float]:
    """Plies/s and games/s of complete games from fresh set-ups."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(num_players, seed + g)
        while state.result is None:
            if greedy:
                action = GAME.rollout_action(state, rng)
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
        state = new_game(num_players, seed + len(found))
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


def measure(num_players: int, games: int, seed: int) -> dict[str, float]:
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the medians here")
    args = parser.parse_args(argv)

    report: dict[str, dict[str, float]] = {}
    for num_players in (2, 3, 4):
        runs = [measure(num_players, args.games, 1000 * r) for r in range(args.repeats)]
        report[f"{num_players}p"] = {k: statistics.median(run[k] for run in runs) for k in runs[0]}

    metrics = list(next(iter(report.values())))
    print(f"Splendor: Marvel engine, one core, median of {args.repeats} runs")
    print(f"{'metric':<18}" + "".join(f"{col:>12}" for col in report))
    for metric in metrics:
        print(f"{metric:<18}" + "".join(f"{report[col][metric]:>12,.1f}" for col in report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
