"""Splendor: Marvel games played through `GAME.apply`, so that they keep their history."""

from __future__ import annotations

import random

from games.splendor_marvel import GAME, SplendorState, new_game
from games.splendor_marvel.evaluators import EVALUATOR


def played_game(num_players: int, seed: int, plies: int | None = None) -> SplendorState:
    """A seeded game after `plies` moves (to its end when None, or when it ends first): a
    uniformly random legal move one time in three (so blind reserves come up), else the
    playout policy's."""
    rng = random.Random(seed)
    state = new_game(num_players, seed)
    played = 0
    while state.result is None and (plies is None or played < plies):
        legal = GAME.legal_actions(state)
        action = rng.choice(legal) if rng.random() < 1 / 3 else EVALUATOR.rollout_action(
            state, rng)
        GAME.apply(state, action, rng)
        played += 1
    return state
