"""Match statistics as pure functions: score intervals, Elo, SPRT and ladder ratings.

Conventions (all documented in RESULTS.md too):
- A game's *score* for a bot is 1 for a win, 0 for a loss and 0.5 for a draw or a shared win
  (the engine's returns, compared seat by seat: see `clients.arena.scoring`).
- Score intervals are Wilson 95% intervals on the mean score over n games, treating each game as
  one trial whose outcome may be fractional. Draws lower the true variance, so with draws the
  interval is slightly conservative.
- Elo is logistic: expected score s = 1 / (1 + 10^(-d/400)); its interval maps the Wilson bounds.
- The SPRT is a GSPRT (generalized log-likelihood ratio) on the multinomial of per-deal mean
  scores: with one game per deal that is the trinomial (loss/draw/win), with a two-seat deal
  it is the pentanomial of game pairs. Each hypothesis' distribution is the maximum-likelihood
  one with the hypothesis' expected score; every outcome gets a pseudo-count of 1e-3 so the
  ratio is finite before all outcomes were seen.
- Ladder ratings are a Bradley–Terry maximum-likelihood fit on all pairwise scores, anchored
  at one bot (0 Elo), with one virtual draw added to each pairing so a bot that won every game
  keeps a finite rating; intervals are ±1.96 standard errors from the Fisher information.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from search.result import wilson_lower_bound, wilson_upper_bound

Z95 = 1.959963984540054
ELO_PER_NAT = 400 / math.log(10)
PSEUDO_COUNT = 1e-3


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a mean score `score` (in [0, 1]) over `n` trials.

    >>> tuple(round(x, 4) for x in wilson(0.5, 100))
    (0.4038, 0.5962)
    """
    if n <= 0:
        return 0.0, 1.0
    return wilson_lower_bound(score, n, z), wilson_upper_bound(score, n, z)


def elo_from_score(score: float) -> float:
    """The logistic Elo difference giving expected score `score` (±inf at 1 and 0).

    >>> round(elo_from_score(0.75), 1)
    190.8
    """
    if score >= 1:
        return math.inf
    if score <= 0:
        return -math.inf
    return -400 * math.log10(1 / score - 1)


def score_from_elo(elo: float) -> float:
    """The expected score of a player `elo` points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Estimate:
    """A mean score over `games` with its interval, and the same in Elo."""

    games: float
    score: float
    low: float
    high: float

    @property
    def elo(self) -> float:
        return elo_from_score(self.score)

    @property
    def elo_low(self) -> float:
        return elo_from_score(self.low)

    @property
    def elo_high(self) -> float:
        return elo_from_score(self.high)


def estimate(points: float, games: int) -> Estimate:
    """The estimate from `points` scored in `games` (wins count 1, draws 0.5)."""
    if games <= 0:
        return Estimate(0, 0.5, 0.0, 1.0)
    score = points / games
    low, high = wilson(score, games)
    return Estimate(games, score, low, high)


Decision = Literal["H0", "H1"]


@dataclass(frozen=True)
class SPRT:
    """A sequential test of Elo `elo0` (H0) against `elo1` (H1) with error rates alpha, beta."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("SPRT needs elo0 < elo1")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("SPRT alpha and beta must be in (0, 1)")

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper) LLR bounds: below accepts H0, above accepts H1."""
        lower = math.log(self.beta / (1 - self.alpha))
        upper = math.log((1 - self.beta) / self.alpha)
        return lower, upper

    def llr(self, counts: Sequence[float], values: Sequence[float]) -> float:
        """The GSPRT log-likelihood ratio of `counts` observed for outcome scores `values`."""
        return gsprt_llr(counts, values, score_from_elo(self.elo0), score_from_elo(self.elo1))

    def decide(self, llr: float) -> Decision | None:
        """H0, H1, or None to continue."""
        lower, upper = self.bounds
        if llr <= lower:
            return "H0"
        if llr >= upper:
            return "H1"
        return None


def gsprt_llr(counts: Sequence[float], values: Sequence[float], s0: float, s1: float) -> float:
    """log L(s1) - log L(s0), each the multinomial's maximum likelihood with mean score s."""
    n = np.asarray(counts, dtype=float) + PSEUDO_COUNT
    x = np.asarray(values, dtype=float)
    p = n / n.sum()
    q0, q1 = _mle_with_mean(p, x, s0), _mle_with_mean(p, x, s1)
    return float(np.sum(n * (np.log(q1) - np.log(q0))))


def _mle_with_mean(p: np.ndarray, x: np.ndarray, s: float) -> np.ndarray:
    """argmax_q sum p log q subject to sum q = 1 and sum q x = s: q = p / (1 + λ(x - s))."""
    d = x - s
    if not (d.min() < 0 < d.max()):
        raise ValueError(f"mean score {s} must lie strictly inside the outcome range")
    low, high = -1 / d.max(), -1 / d.min()  # where a denominator reaches 0
    for _ in range(200):  # f(λ) = Σ p d / (1 + λ d) is decreasing on (low, high)
        lam = (low + high) / 2
        if np.sum(p * d / (1 + lam * d)) > 0:
            low = lam
        else:
            high = lam
    q = p / (1 + lam * d)
    return q / q.sum()


@dataclass(frozen=True)
class Rating:
    """A ladder rating in Elo relative to the anchor, with its 95% interval half-width."""

    name: str
    elo: float
    margin: float


def fit_ratings(
    names: Sequence[str],
    results: Sequence[tuple[int, int, float, float]],
    anchor: int = 0,
) -> list[Rating]:
    """Bradley–Terry MLE from `(i, j, points of i against j, games)` rows, anchored at `anchor`.

    Each pairing gets one extra virtual draw. Raises ValueError when the pairings do not connect
    every bot to the anchor.
    """
    k = len(names)
    games = np.zeros((k, k))
    points = np.zeros((k, k))
    for i, j, pts, n in results:
        games[i, j] += n
        games[j, i] += n
        points[i, j] += pts
        points[j, i] += n - pts
    played = games > 0
    games = games + played
    points = points + 0.5 * played
    free = [i for i in range(k) if i != anchor]
    theta = np.zeros(k)
    info = np.zeros((k, k))
    for _ in range(100):
        diff = theta[:, None] - theta[None, :]
        expected = 1 / (1 + np.exp(-diff))
        grad = (points - games * expected).sum(axis=1)
        weight = games * expected * (1 - expected)
        info = np.diag(weight.sum(axis=1)) - weight
        sub = info[np.ix_(free, free)]
        if np.linalg.matrix_rank(sub) < len(free):
            raise ValueError("the pairings do not connect every bot to the anchor")
        step = np.clip(np.linalg.solve(sub, grad[free]), -1.0, 1.0)  # damped Newton
        theta[free] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    cov = np.zeros((k, k))
    cov[np.ix_(free, free)] = np.linalg.inv(info[np.ix_(free, free)])
    se = np.sqrt(np.diag(cov))
    return [
        Rating(name, float(theta[i] * ELO_PER_NAT), float(Z95 * se[i] * ELO_PER_NAT))
        for i, name in enumerate(names)
    ]
