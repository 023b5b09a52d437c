"""Checks of Nim's messages: the piles of a new game's size, a seat 0 or 1 to move."""

from __future__ import annotations

from advisor.errors import Violations
from contract.codecs import nim as codec
from contract.v1 import nim_pb2 as pb
from games.nim import PILES, NimObservation, NimState


def _check(msg: pb.NimState | pb.NimObservation, path: str) -> None:
    v = Violations()
    if len(msg.piles) != len(PILES):
        v.add(f"{path}.piles", f"{len(msg.piles)} piles: Nim has {len(PILES)}")
    for i, n in enumerate(msg.piles):
        if n > max(PILES):
            v.add(f"{path}.piles[{i}]", f"{n} objects: a pile holds at most {max(PILES)}")
    if msg.player > 1:
        v.add(f"{path}.player", f"seat {msg.player}: Nim has seats 0 and 1")
    v.raise_if_any()


def validate_state(msg: pb.NimState, path: str) -> NimState:
    """The state of `msg`, or RequestError naming every bad field."""
    _check(msg, path)
    return codec.state_from_proto(msg)


def validate_observation(msg: pb.NimObservation, path: str) -> NimObservation:
    """The observation of `msg`, or RequestError naming every bad field."""
    _check(msg, path)
    return codec.observation_from_proto(msg)
