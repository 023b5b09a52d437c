"""Played games that keep their history, with blind reserves made common."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.splendor_marvel import GAME, SplendorState, new_game
from games.splendor_marvel.actions import KIND_OF, Kind
from games.splendor_marvel.knowledge.heuristics import priors, rollout_action


def positions(num_players: int, seed: int, blind: float = 0.1, greedy: bool = False
              ) -> Iterator[SplendorState]:
    """Each position of one game played through `GAME.apply` (so its history grows): a blind
    reserve with chance `blind` where one is legal, else the highest prior (`greedy`) or the
    playout policy."""
    rng = random.Random(seed)
    state = new_game(num_players, seed)
    while state.result is None:
        actions = GAME.legal_actions(state)
        blinds = [a for a in actions if KIND_OF[a] is Kind.RESERVE_BLIND]
        if blinds and rng.random() < blind:
            action = rng.choice(blinds)
        elif greedy:
            weights = priors(state, actions)
            action = actions[max(range(len(actions)), key=weights.__getitem__)]
        else:
            action = rollout_action(state, rng)
        GAME.apply(state, action, rng)
        yield state
