"""Strength levels 1 (weakest) .. 10 (full strength): weaker play that loses the way people lose.

A level weakens a search in two ways, both deterministic given the request's seed:

- **A smaller budget** (`Level.share` of the iterations and time): the search looks less far,
  so it misses long plans.
- **A noisy choice among plausible moves**: instead of the most visited move, the level draws
  one of the candidates the search considered seriously (at least `PLAUSIBLE_VISIT_SHARE` of
  the top candidate's visits, among the `MAX_PLAUSIBLE` best ranked) with probability
  ∝ exp(value / T), T = `Level.temperature` in win-probability units. Close calls are often
  missed, clear mistakes rarely made, and a move the search never looked at is never played.

Level 10 is the unweakened search: the whole budget and the first candidate. The levels'
parameters were tuned so that each level beats the one below by a roughly even Elo gap
(benchmarks/LEVELS.md has the measured ladder).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from search.limits import Limits
from search.result import Candidate

FULL_STRENGTH = 10
PLAUSIBLE_VISIT_SHARE = 0.1
"""A candidate needs this share of the most visited one's visits to be chosen by a weak level."""
MAX_PLAUSIBLE = 5
"""A weak level chooses among at most this many of the best ranked candidates (the answer's
default candidate table)."""


@dataclass(frozen=True)
class Level:
    """How one strength level searches and chooses."""

    share: float
    """Share of the budget (iterations and time) the level searches."""
    temperature: float
    """Softmax temperature over the plausible candidates' values (0: the first candidate)."""


LEVELS: dict[int, Level] = {
    1: Level(0.015, 0.22),
    2: Level(0.023, 0.17),
    3: Level(0.037, 0.13),
    4: Level(0.06, 0.1),
    5: Level(0.095, 0.08),
    6: Level(0.15, 0.06),
    7: Level(0.24, 0.045),
    8: Level(0.39, 0.03),
    9: Level(0.62, 0.015),
    FULL_STRENGTH: Level(1.0, 0.0),
}
"""Budget shares fall by about 1.6 a level; temperatures rise as the level falls."""


def level(strength: int) -> Level:
    """The parameters of `strength`; ValueError outside 1..10."""
    if strength not in LEVELS:
        raise ValueError(f"strength must be 1..{FULL_STRENGTH}, got {strength}")
    return LEVELS[strength]


def level_iterations(iterations: int, strength: int) -> int:
    """The level's share of an iteration budget (at least one iteration)."""
    return max(1, int(iterations * level(strength).share))


def level_limits(limits: Limits, strength: int) -> Limits:
    """`limits` with the level's share of its iterations and time."""
    share = level(strength).share
    return replace(
        limits,
        iterations=None if limits.iterations is None else level_iterations(limits.iterations,
                                                                           strength),
        time=None if limits.time is None else limits.time * share,
    )


def plausible(candidates: Sequence[Candidate]) -> list[int]:
    """Indices of the candidates a weak level may choose: the first, and those among the
    `MAX_PLAUSIBLE` best ranked with enough visits."""
    if not candidates:
        return []
    floor = max(1.0, PLAUSIBLE_VISIT_SHARE * max(c.visits for c in candidates))
    return [i for i, c in enumerate(candidates[:MAX_PLAUSIBLE]) if i == 0 or c.visits >= floor]


def choose(candidates: Sequence[Candidate], strength: int, seed: int) -> int:
    """Index of the candidate the level plays (0, the search's choice, at full strength).

    The same candidates, strength and seed always give the same index.
    """
    temperature = level(strength).temperature
    options = plausible(candidates)
    if temperature <= 0 or len(options) <= 1:
        return 0
    top = max(candidates[i].value for i in options)
    weights = [math.exp((candidates[i].value - top) / temperature) for i in options]
    rng = random.Random(f"strength/{strength}/{seed}")
    return rng.choices(options, weights=weights)[0]
