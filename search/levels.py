"""Strength levels 1 (weakest) .. 10 (full strength): weaker play that loses the way people lose.

A level weakens a search in two ways, both deterministic given the request's seed:

- **A smaller budget** (`Level.share` of the iterations and time): the search looks less far,
  so it misses long plans.
- **A noisy choice among plausible moves**: instead of the search's choice (the first
  candidate), the level draws one of the candidates the search considered seriously (at least
  `PLAUSIBLE_VISIT_SHARE` of the top candidate's visits, among the `Level.breadth` best ranked)
  with probability ∝ exp(value / T), T = `Level.temperature` in win-probability units, the
  search's choice counted at the best value among them. So the noise only ever departs from
  the full-strength choice (a sharp softmax over the raw values would pick the highest mean,
  not the search's choice). Close calls are
  often missed, clear mistakes are rare above the weakest levels (whose temperature is high),
  and a move the search never looked at is never played. Weaker levels choose among more
  candidates (`Level.breadth`).

Level 10 is the unweakened search: the whole budget and the first candidate. The levels'
parameters were tuned so that each level beats the one below (benchmarks/LEVELS.md has the
measured ladder, each pair's games seat-rotated). A game whose search weakens differently brings
its own ladder (`ladder_of`: the game's `strength_levels`, plain numbers, so that `search/`
knows no game and `games/` imports no search); the others use `LEVELS`.

A level also needs its candidates' values to mean something: a move tried a handful of times
has a value that is mostly one playout's luck, and drawing by it is choosing at random among
the moves the priors put first (on Challengers!, at 2-4 iterations a move, such a level lost to
the level below). So a level draws only among candidates with at least `Level.min_visits`
visits, and plays the search's choice when no other candidate has them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from search.limits import Limits
from search.result import Candidate

FULL_STRENGTH = 10
PLAUSIBLE_VISIT_SHARE = 0.1
"""A candidate needs this share of the most visited one's visits to be chosen by a weak level."""


@dataclass(frozen=True)
class Level:
    """How one strength level searches and chooses."""

    share: float
    """Share of the budget (iterations and time) the level searches."""
    temperature: float
    """Softmax temperature over the plausible candidates' values (0: the first candidate)."""
    breadth: int
    """How many of the best ranked candidates the level may choose among."""
    min_visits: int = 1
    """The fewest visits a candidate other than the search's choice needs to be drawn."""


Ladder = Mapping[int, Level]
"""Levels 1..10 and their parameters."""


LEVELS: dict[int, Level] = {
    1: Level(0.02, 1.0, 30),
    2: Level(0.04, 0.28, 14),
    3: Level(0.05, 0.22, 13),
    4: Level(0.05, 0.1, 10),
    5: Level(0.085, 0.075, 8),
    6: Level(0.13, 0.06, 7),
    7: Level(0.2, 0.05, 6),
    8: Level(0.3, 0.04, 5),
    9: Level(0.55, 0.02, 4),
    FULL_STRENGTH: Level(1.0, 0.0, 1),
}
"""Splendor: Marvel's ladder: the budget weakens levels 9 to 4, the noise, wider and hotter,
the levels below (how it was tuned: benchmarks/TUNING.md, "Strength levels"; the measured
ladder: benchmarks/LEVELS.md)."""


def ladder_of(game: object) -> Ladder:
    """The ladder a game plays its levels by: its `strength_levels` (ten rows of `Level`'s
    fields, weakest first) where it has them, else `LEVELS`; ValueError if level 10 would not
    be the unweakened search."""
    rows = getattr(game, "strength_levels", None)
    if rows is None:
        return LEVELS
    ladder = {k: Level(*row) for k, row in enumerate(rows, start=1)}
    top = ladder.get(FULL_STRENGTH)
    if len(ladder) != FULL_STRENGTH or top is None or (top.share, top.temperature) != (1.0, 0.0):
        raise ValueError(f"a game's strength_levels are {FULL_STRENGTH} rows, the last "
                         f"searching the whole budget at temperature 0; got {rows!r}")
    return ladder


def level(strength: int, ladder: Ladder = LEVELS) -> Level:
    """The parameters of `strength` in `ladder`; ValueError outside 1..10."""
    if strength not in ladder:
        raise ValueError(f"strength must be 1..{FULL_STRENGTH}, got {strength}")
    return ladder[strength]


def level_iterations(iterations: int, strength: int, ladder: Ladder = LEVELS) -> int:
    """The level's share of an iteration budget (at least one iteration)."""
    return max(1, int(iterations * level(strength, ladder).share))


def level_limits(limits: Limits, strength: int, ladder: Ladder = LEVELS) -> Limits:
    """`limits` with the level's share of its iterations and time."""
    share = level(strength, ladder).share
    return replace(
        limits,
        iterations=None if limits.iterations is None else level_iterations(limits.iterations,
                                                                           strength, ladder),
        time=None if limits.time is None else limits.time * share,
    )


def plausible(candidates: Sequence[Candidate], breadth: int, min_visits: int = 1) -> list[int]:
    """Indices of the candidates a weak level may choose: the first, and those among the
    `breadth` best ranked with enough visits (`min_visits`, and a share of the most visited)."""
    if not candidates:
        return []
    floor = max(min_visits, PLAUSIBLE_VISIT_SHARE * max(c.visits for c in candidates))
    return [i for i, c in enumerate(candidates[:breadth]) if i == 0 or c.visits >= floor]


def choose(
    candidates: Sequence[Candidate], strength: int, seed: int, ladder: Ladder = LEVELS
) -> int:
    """Index of the candidate the level plays (0, the search's choice, at full strength).

    The same candidates, strength, seed and ladder always give the same index.
    """
    params = level(strength, ladder)
    options = plausible(candidates, params.breadth, params.min_visits)
    if params.temperature <= 0 or len(options) <= 1:
        return 0
    seen = [candidates[i].value for i in options]
    seen[0] = top = max(seen)  # the search's choice looks best to every level: noise only departs
    weights = [math.exp((value - top) / params.temperature) for value in seen]
    rng = random.Random(f"strength/{strength}/{seed}")
    return rng.choices(options, weights=weights)[0]
