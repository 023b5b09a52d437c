"""Codecs between `contract.v1` messages and each game engine's states, observations and moves.

One module per game (the registry's `GameEntry.codec_module`), each with `observation_to_proto`,
`observation_from_proto`, `state_to_proto`, `state_from_proto`, `move_to_proto`,
`move_from_proto` and `catalogue_to_proto`; `observation_message` and `action_of` reach them by
game name.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from contract.v1 import common_pb2
from games.registry import entry


def codec_of(game: str) -> ModuleType:
    """The codec module of `game` (its oneof branch in the messages); ValueError if unknown."""
    return entry(game).codec()


def observation_message(game: str, observation: Any) -> common_pb2.Observation:
    """The wrapped message of one of `game`'s observations."""
    return common_pb2.Observation(**{game: codec_of(game).observation_to_proto(observation)})


def action_of(game: str, move: common_pb2.Move) -> Any:
    """`game`'s action for the structured form of `move`; ValueError if it names none."""
    return codec_of(game).move_from_proto(getattr(move, game))
