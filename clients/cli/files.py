"""Protobuf JSON in and out: observations, states and answers as files or stdin/stdout."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message

from contract.v1 import common_pb2

M = TypeVar("M", bound=Message)


class InputError(Exception):
    """A file that cannot be read or is not the expected message."""


def read_text(path: str) -> str:
    """The contents of `path`, or of stdin for "-"."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None


def read_message(path: str, message: M) -> M:
    """`message` filled from the protobuf JSON in `path` ("-": stdin)."""
    name = message.DESCRIPTOR.name
    text = read_text(path)
    try:
        return json_format.Parse(text, message)
    except json_format.ParseError as exc:
        hint = ""
        if isinstance(message, common_pb2.Observation) and _parses(text, common_pb2.GameState()):
            hint = ("; it is a full game state: print a seat's observation with "
                    "`new --observe SEAT` or `apply --observe SEAT`")
        raise InputError(f"{path} is not a JSON {name}{hint}: {exc}") from None


def _parses(text: str, message: Message) -> bool:
    try:
        json_format.Parse(text, message)
    except json_format.ParseError:
        return False
    return True


def read_position(path: str) -> common_pb2.GameState | common_pb2.Observation:
    """A full state or an observation, whichever the JSON in `path` is."""
    text = read_text(path)
    try:
        return json_format.Parse(text, common_pb2.Observation())
    except json_format.ParseError:
        pass
    try:
        return json_format.Parse(text, common_pb2.GameState())
    except json_format.ParseError as exc:
        raise InputError(f"{path} is neither a JSON Observation nor a GameState: {exc}") from None


def to_json(message: Message, *, compact: bool = False) -> str:
    """The protobuf JSON of `message`, zero values included (camelCase field names)."""
    return json_format.MessageToJson(
        message,
        indent=None if compact else 2,
        always_print_fields_with_no_presence=True,
    )
