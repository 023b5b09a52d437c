"""Codecs between `contract.v1` messages and each game engine's states, observations and moves.

One module per game (`splendor_marvel`, `challengers`), each with `observation_to_proto`,
`observation_from_proto`, `state_to_proto`, `state_from_proto`, `move_to_proto` and
`move_from_proto`; `observation_message` and `action_of` reach them by game name.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from contract.codecs import challengers, splendor_marvel
from contract.v1 import common_pb2

BY_GAME: dict[str, ModuleType] = {"splendor_marvel": splendor_marvel, "challengers": challengers}
"""The codec module of each game, by the game's name (its oneof branch in the messages)."""


def observation_message(game: str, observation: Any) -> common_pb2.Observation:
    """The wrapped message of one of `game`'s observations."""
    return common_pb2.Observation(**{game: BY_GAME[game].observation_to_proto(observation)})


def action_of(game: str, move: common_pb2.Move) -> Any:
    """`game`'s action for the structured form of `move`; ValueError if it names none."""
    return BY_GAME[game].move_from_proto(getattr(move, game))
