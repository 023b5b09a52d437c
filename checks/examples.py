"""Example positions of every registered game and their messages, for the tests and benchmarks
that run over all games.

>>> state = position("challengers", players=2, seed=3, plies=0)
>>> type(state).__name__
'State'
"""

from __future__ import annotations

import random
from typing import Any

from contract.codecs import codec_of
from contract.v1 import common_pb2
from games.registry import GAMES


def position(name: str, players: int, seed: int, plies: int) -> Any:
    """`name`'s fresh game for `players` seats after `plies` moves of its playout policy (its
    default evaluator's)."""
    game, evaluator = GAMES[name].load().game, GAMES[name].evaluator("default")
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_terminal(state):
            break
        game.apply(state, evaluator.rollout_action(state, rng), rng)
    return state


def messages(name: str, state: Any) -> tuple[common_pb2.GameState, common_pb2.Observation]:
    """A full state's message, and its message as the seat to move observes it."""
    game, codec = GAMES[name].load().game, codec_of(name)
    seat = max(game.current_player(state), 0)
    full = common_pb2.GameState(**{name: codec.state_to_proto(state)})
    seen = common_pb2.Observation(**{name: codec.observation_to_proto(game.observe(state, seat))})
    return full, seen
