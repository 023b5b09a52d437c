"""Between Nim's messages (`nim.proto`) and its engine's values."""

from __future__ import annotations

from contract.v1 import nim_pb2 as pb
from games.nim import PILES, Action, NimObservation, NimState


def observation_to_proto(o: NimObservation) -> pb.NimObservation:
    return pb.NimObservation(piles=o.piles, player=o.player)


def observation_from_proto(msg: pb.NimObservation) -> NimObservation:
    return NimObservation(tuple(msg.piles), msg.player)


def state_to_proto(s: NimState) -> pb.NimState:
    return pb.NimState(piles=s.piles, player=s.player)


def state_from_proto(msg: pb.NimState) -> NimState:
    return NimState(list(msg.piles), msg.player)


def move_to_proto(action: Action) -> pb.NimMove:
    return pb.NimMove(pile=action[0], take=action[1])


def move_from_proto(msg: pb.NimMove) -> Action:
    return Action(msg.pile, msg.take)


def catalogue_to_proto() -> pb.NimCatalogue:
    return pb.NimCatalogue(piles=PILES)
