"""Each seat's chance to win its match of the current round, by playouts of sampled worlds.

The round's match is the one a seat plays after the current deck phase, or is playing now;
during the final it is the final. A seat whose match this round is over counts its result.
"""

from __future__ import annotations

import random
import time

from .catalogue import ROUNDS
from .flow import apply as apply_action
from .knowledge.heuristics import rollout_action
from .observation import Observation, sample
from .state import OVER, State


def round_winners(s: State, round_: int) -> list[float]:
    """1 for each seat that won its match of `round_` (in a finished round or final), else 0."""
    if round_ > ROUNDS:  # the final: the tournament's winner
        return list(s.result) if s.result is not None else [0.0] * s.num_players
    return [1.0 if any(t >> 2 == round_ for t in s.trophies[p]) else 0.0
            for p in range(s.num_players)]


def _play_round(s: State, rng: random.Random) -> None:
    """Play on with the rollout policy until the current round's matches are over."""
    round_ = s.round
    while s.phase != OVER and s.round == round_:  # the engine stops only at decisions
        apply_action(s, rollout_action(s, rng), rng)


def match_win_chances(o: Observation, rng: random.Random, playouts: int = 100,
                      until: float | None = None) -> list[float]:
    """Per seat: the share of `playouts` sampled worlds in which it wins its round's match.

    With `until` (a `time.monotonic()` instant) no playout starts after it; the share is over
    the playouts done, and the answer is empty when there was no time for any.
    """
    if o.phase == OVER:
        return [0.0] * o.num_players
    totals, done = [0.0] * o.num_players, 0
    while done < playouts and (until is None or time.monotonic() < until):
        world = sample(o, rng)
        _play_round(world, rng)
        for p, won in enumerate(round_winners(world, o.round)):
            totals[p] += won
        done += 1
    return [t / done for t in totals] if done else []
