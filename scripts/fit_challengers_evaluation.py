"""Fit the Challengers! static evaluation from seeded self-play.

Usage: python scripts/fit_challengers_evaluation.py [--games 6000] [--seed 1]

Plays tournaments between noisy heuristic players (the engine's rollout policy, with some
uniformly random moves so that odd decks and thin decks occur too), records every seat's
features (`games/challengers/features.py`) at each decision with the tournament's result,
and fits a conditional logit (seat s wins with probability proportional to exp(w · features))
by Newton's method, once over all player counts ("weights") and once per player count
("by_players"; the evaluation uses the weights of its player count: solo and 2-player games
use "2", 5+ players use "4"). Player counts cycle 2, 2, 3, 4. Writes
`games/challengers/evaluation.json` with the weights and how well they predict held-out games
(every fifth game).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from games.challengers import Challengers, new_game
from games.challengers.features import FEATURES, features

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "games" / "challengers" / "evaluation.json"
RANDOM_MOVE_RATE = 0.1
PLAYER_COUNTS = (2, 2, 3, 4)
L2 = 1e-3
GAME = Challengers()


@dataclass
class Samples:
    """One player count: features (positions, seats, F) and results (positions, seats)."""

    x: np.ndarray
    y: np.ndarray


def play(num_players: int, seed: int) -> tuple[list[list[tuple[float, ...]]], tuple[float, ...]]:
    """One self-play tournament: at each decision, every seat's features; and the result."""
    rng = random.Random(seed)
    state = new_game(num_players, seed)
    rivals = list(range(num_players))
    rows = []
    while state.result is None:
        rows.append([features(state, p) for p in rivals])
        actions = GAME.legal_actions(state)
        if rng.random() < RANDOM_MOVE_RATE:
            action = actions[rng.randrange(len(actions))]
        else:
            action = GAME.rollout_action(state, rng)
        GAME.apply(state, action, rng)
    return rows, state.result


def collect(games: int, seed: int) -> tuple[dict[int, Samples], dict[int, Samples]]:
    """Training and held-out samples (every fifth game held out), by player count."""
    parts: tuple[dict[int, list], dict[int, list]] = ({}, {})
    for g in range(games):
        n = PLAYER_COUNTS[g % len(PLAYER_COUNTS)]
        rows, result = play(n, seed * 1_000_003 + g)
        bucket = parts[1 if g % 5 == 4 else 0].setdefault(n, [[], []])
        bucket[0].extend(rows)
        bucket[1].extend([result] * len(rows))
        if (g + 1) % 500 == 0:
            print(f"  {g + 1}/{games} games", file=sys.stderr)
    return tuple(  # type: ignore[return-value]
        {n: Samples(np.array(x, dtype=float), np.array(y, dtype=float)) for n, (x, y) in p.items()}
        for p in parts
    )


def probabilities(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Softmax over seats of x · w."""
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def log_loss(data: dict[int, Samples], w: np.ndarray) -> float:
    """Mean cross-entropy of the results under the model, per position."""
    total, count = 0.0, 0
    for s in data.values():
        p = probabilities(s.x, w)
        total -= float((s.y * np.log(np.clip(p, 1e-12, 1.0))).sum())
        count += len(s.y)
    return total / count


def fit(data: dict[int, Samples], iterations: int = 30) -> np.ndarray:
    """Maximum-likelihood weights (with a small L2 penalty) by Newton's method."""
    f = next(iter(data.values())).x.shape[2]
    w = np.zeros(f)
    count = sum(len(s.y) for s in data.values())
    for _ in range(iterations):
        grad = L2 * w * count
        hess = L2 * np.eye(f) * count
        for s in data.values():
            p = probabilities(s.x, w)
            mean = np.einsum("ps,psf->pf", p, s.x)
            grad += np.einsum("ps,psf->f", p - s.y, s.x)
            hess += np.einsum("ps,psf,psg->fg", p, s.x, s.x) - mean.T @ mean
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def accuracy(data: dict[int, Samples], w: np.ndarray) -> float:
    """How often the seat the model favours is a winner (decided games only)."""
    hits, count = 0, 0
    for s in data.values():
        decided = s.y.max(axis=1) > 1.0 / s.y.shape[1] + 1e-9
        favourite = probabilities(s.x, w).argmax(axis=1)
        hits += int((s.y[np.arange(len(s.y)), favourite] > 0)[decided].sum())
        count += int(decided.sum())
    return hits / count if count else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    args = parser.parse_args(argv)
    print(f"playing {args.games} self-play games (seed {args.seed})", file=sys.stderr)
    train, held_out = collect(args.games, args.seed)
    w = fit(train)
    uniform = log_loss(held_out, np.zeros_like(w))
    by_players = {}
    for n in sorted(train):
        wn = fit({n: train[n]})
        test = {n: held_out[n]}
        by_players[str(n)] = {
            "weights": [round(float(v), 6) for v in wn],
            "positions": len(train[n].y),
            "held_out_log_loss": round(log_loss(test, wn), 4),
            "held_out_log_loss_pooled": round(log_loss(test, w), 4),
            "held_out_log_loss_uniform": round(log_loss(test, np.zeros_like(wn)), 4),
            "held_out_accuracy": round(accuracy(test, wn), 4),
        }
    report = {
        "source": "scripts/fit_challengers_evaluation.py",
        "games": args.games,
        "seed": args.seed,
        "player_counts": list(PLAYER_COUNTS),
        "positions": sum(len(s.y) for s in train.values()),
        "features": list(FEATURES),
        "weights": [round(float(v), 6) for v in w],
        "held_out_log_loss": round(log_loss(held_out, w), 4),
        "held_out_log_loss_uniform": round(uniform, 4),
        "held_out_accuracy": round(accuracy(held_out, w), 4),
        "by_players": by_players,
    }
    if not args.dry_run:
        TARGET.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
