"""Drawing an observation with its game engine's text renderer, and the standings line."""

from __future__ import annotations

from google.protobuf import text_format

from contract.codecs import challengers as challengers_codec
from contract.codecs import splendor_marvel as codec
from contract.v1 import common_pb2
from games.challengers.view import render_observation, standings
from games.splendor_marvel import render


def draw(observation: common_pb2.Observation) -> str:
    """The table as the observation's seat sees it."""
    game = observation.WhichOneof("game")
    if game == "splendor_marvel":
        return render(codec.observation_from_proto(observation.splendor_marvel))
    if game == "challengers":
        return render_observation(challengers_codec.observation_from_proto(observation.challengers))
    return text_format.MessageToString(observation)


def standing(observation: common_pb2.Observation) -> str | None:
    """The scores as the observation's seat sees them, when the game has such a line."""
    if observation.WhichOneof("game") == "challengers":
        return standings(challengers_codec.observation_from_proto(observation.challengers))
    return None
