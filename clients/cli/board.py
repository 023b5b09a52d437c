"""Drawing an observation with its game engine's text renderer, and the standings line."""

from __future__ import annotations

from typing import Any

from google.protobuf import text_format

from contract.v1 import common_pb2
from games.registry import SERVED


def _engine_view(observation: common_pb2.Observation) -> tuple[Any, Any] | None:
    """The game's facade and the engine's observation, or None for a game not registered."""
    name = observation.WhichOneof("game")
    if name not in SERVED:
        return None
    game = SERVED[name]
    return game.load().game, game.codec().observation_from_proto(getattr(observation, name))


def draw(observation: common_pb2.Observation) -> str:
    """The table as the observation's seat sees it."""
    found = _engine_view(observation)
    if found is None:
        return text_format.MessageToString(observation)
    game, view = found
    return str(game.render_view(view))


def standing(observation: common_pb2.Observation) -> str | None:
    """The scores as the observation's seat sees them, when the game has such a line."""
    found = _engine_view(observation)
    if found is None or not hasattr(found[0], "standings"):
        return None
    game, view = found
    return str(game.standings(view))
