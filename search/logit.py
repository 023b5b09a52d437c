"""Learning a static evaluation from self-play: a conditional logit over seats.

Seat s of a position wins with probability proportional to exp(w · x_s), where x_s is the
seat's feature vector. Given positions recorded in self-play with each game's final result, the
weights are the maximum-likelihood fit (with a small L2 penalty), found by Newton's method.
Games supply the self-play and the features; this module knows no game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

L2 = 1e-3
HELD_OUT_EVERY = 5  # every fifth game is held out
GAME_SEED_STRIDE = 1_000_003

Rows = list[list[tuple[float, ...]]]
SelfPlay = Callable[[int, int], tuple[Rows, Sequence[float]]]
"""(num_players, seed) → every seat's features at each recorded position, and the result."""


@dataclass
class Samples:
    """One player count: features (positions, seats, F) and results (positions, seats)."""

    x: np.ndarray
    y: np.ndarray


Dataset = dict[int, Samples]


def game_seed(seed: int, game: int) -> int:
    """The own seed of self-play game number `game` of a run seeded `seed`."""
    return seed * GAME_SEED_STRIDE + game


def collect(
    play: SelfPlay, player_counts: Sequence[int], games: int, seed: int
) -> tuple[Dataset, Dataset]:
    """Training and held-out samples by player count (counts cycle through `player_counts`)."""
    parts: tuple[dict[int, tuple[list, list]], dict[int, tuple[list, list]]] = ({}, {})
    for g in range(games):
        n = player_counts[g % len(player_counts)]
        rows, result = play(n, game_seed(seed, g))
        x, y = parts[1 if g % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 else 0].setdefault(n, ([], []))
        x.extend(rows)
        y.extend([tuple(result)] * len(rows))
        if (g + 1) % 500 == 0:
            print(f"  {g + 1}/{games} games", file=sys.stderr)
    train, held_out = (
        {n: Samples(np.array(x, dtype=float), np.array(y, dtype=float)) for n, (x, y) in p.items()}
        for p in parts
    )
    return train, held_out


def probabilities(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Softmax over seats of x · w."""
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def log_loss(data: Dataset, w: np.ndarray) -> float:
    """Mean cross-entropy of the results under the model, per position."""
    total, count = 0.0, 0
    for s in data.values():
        p = probabilities(s.x, w)
        total -= float((s.y * np.log(np.clip(p, 1e-12, 1.0))).sum())
        count += len(s.y)
    return total / count


def fit(data: Dataset, iterations: int = 30) -> np.ndarray:
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


def accuracy(data: Dataset, w: np.ndarray) -> float:
    """How often the seat the model favours is a winner (decided games only)."""
    hits, count = 0, 0
    for s in data.values():
        decided = s.y.max(axis=1) > 1.0 / s.y.shape[1] + 1e-9
        favourite = probabilities(s.x, w).argmax(axis=1)
        hits += int((s.y[np.arange(len(s.y)), favourite] > 0)[decided].sum())
        count += int(decided.sum())
    return hits / count if count else 0.0


def fit_report(train: Dataset, held_out: Dataset) -> tuple[np.ndarray, dict[str, float]]:
    """Weights fitted on `train`, and how well they predict `held_out`."""
    w = fit(train)
    return w, {
        "held_out_log_loss": round(log_loss(held_out, w), 4),
        "held_out_log_loss_uniform": round(log_loss(held_out, np.zeros_like(w)), 4),
        "held_out_accuracy": round(accuracy(held_out, w), 4),
    }
