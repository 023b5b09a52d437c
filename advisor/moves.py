"""Decoding a `Move` message the same way for every game: structured form, notation, or both."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from google.protobuf.message import Message

from advisor.errors import RequestError
from contract.v1 import common_pb2

A = TypeVar("A")


def decode_move(
    msg: common_pb2.Move,
    path: str,
    game: str,
    structured: Callable[[Message], A],
    parse: Callable[[str], A],
) -> A:
    """The action of `msg`; both forms given must agree. ValueErrors become RequestErrors."""
    branch = msg.WhichOneof("game")
    if branch not in (None, game):
        raise RequestError([(f"{path}.{branch}", "a move of another game")])
    from_structure = from_notation = None
    if branch is not None:
        try:
            from_structure = structured(getattr(msg, branch))
        except ValueError as exc:
            raise RequestError([(f"{path}.{branch}", str(exc))]) from None
    if msg.notation:
        try:
            from_notation = parse(msg.notation)
        except ValueError as exc:
            raise RequestError([(f"{path}.notation", str(exc))]) from None
    if from_structure is not None and from_notation is not None and from_structure != from_notation:
        raise RequestError(
            [(f"{path}.notation", f"{msg.notation!r} disagrees with the structured move")]
        )
    action = from_structure if from_structure is not None else from_notation
    if action is None:
        raise RequestError([(path, "give the move: structured or as notation")])
    return action
