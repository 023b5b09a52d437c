from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class NimState(_message.Message):
    __slots__ = ("piles", "player")
    PILES_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    piles: _containers.RepeatedScalarFieldContainer[int]
    player: int
    def __init__(self, piles: _Optional[_Iterable[int]] = ..., player: _Optional[int] = ...) -> None: ...

class NimObservation(_message.Message):
    __slots__ = ("piles", "player", "seat")
    PILES_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    piles: _containers.RepeatedScalarFieldContainer[int]
    player: int
    seat: int
    def __init__(self, piles: _Optional[_Iterable[int]] = ..., player: _Optional[int] = ..., seat: _Optional[int] = ...) -> None: ...

class NimMove(_message.Message):
    __slots__ = ("pile", "take")
    PILE_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    pile: int
    take: int
    def __init__(self, pile: _Optional[int] = ..., take: _Optional[int] = ...) -> None: ...

class NimCatalogue(_message.Message):
    __slots__ = ("piles",)
    PILES_FIELD_NUMBER: _ClassVar[int]
    piles: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, piles: _Optional[_Iterable[int]] = ...) -> None: ...
