"""Drawing an observation with its game engine's text renderer."""

from __future__ import annotations

from google.protobuf import text_format

from advisor.proto_gen import common_pb2
from advisor.splendor_marvel import codec
from games.splendor_marvel import render


def draw(observation: common_pb2.Observation) -> str:
    """The table as the observation's seat sees it."""
    if observation.WhichOneof("game") == "splendor_marvel":
        return render(codec.observation_from_proto(observation.splendor_marvel))
    return text_format.MessageToString(observation)
