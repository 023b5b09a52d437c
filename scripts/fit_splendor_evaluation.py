"""Fit the Splendor: Marvel static evaluation from seeded self-play.

Usage: python scripts/fit_splendor_evaluation.py [--games 20000] [--seed 1]

Plays games between noisy greedy players (the default evaluator's rollout policy, with some
uniformly random moves for variety), records every seat's features at the start of each turn
with the game's final result, and fits a conditional logit (`search/logit.py`: seat s wins with
probability proportional to exp(w · features)) by Newton's method. Writes
`games/splendor_marvel/knowledge/evaluation.json` with the weights and how well they predict
held-out games (every fifth game).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from games.splendor_marvel import Phase, apply, legal_actions, new_game
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.knowledge.features import FEATURES, features
from search.logit import Rows, collect, fit_report

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "games" / "splendor_marvel" / "knowledge" / "evaluation.json"
RANDOM_MOVE_RATE = 0.15
PLAYER_COUNTS = (2, 3, 4)


def play(num_players: int, seed: int) -> tuple[Rows, tuple[float, ...]]:
    """One self-play game: per turn start, every seat's features; and the final result."""
    rng = random.Random(seed)
    state = new_game(num_players, seed, start_seat=rng.randrange(num_players), turn_cap=100)
    rows = []
    while state.result is None:
        if state.phase is Phase.MAIN:
            rows.append([features(state, s) for s in range(num_players)])
        if rng.random() < RANDOM_MOVE_RATE:
            actions = legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        else:
            action = EVALUATOR.rollout_action(state, rng)
        apply(state, action)
    return rows, state.result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"playing {args.games} self-play games (seed {args.seed})", file=sys.stderr)
    train, held_out = collect(play, PLAYER_COUNTS, args.games, args.seed)
    w, quality = fit_report(train, held_out)
    report = {
        "source": "scripts/fit_splendor_evaluation.py",
        "games": args.games,
        "seed": args.seed,
        "positions": sum(len(s.y) for s in train.values()),
        "features": list(FEATURES),
        "weights": [round(float(v), 6) for v in w],
        **quality,
    }
    TARGET.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
