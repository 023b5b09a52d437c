from contract.v1 import challengers_pb2 as _challengers_pb2
from contract.v1 import nim_pb2 as _nim_pb2
from contract.v1 import splendor_marvel_pb2 as _splendor_marvel_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Game(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_UNSPECIFIED: _ClassVar[Game]
    GAME_SPLENDOR_MARVEL: _ClassVar[Game]
    GAME_CHALLENGERS: _ClassVar[Game]
    GAME_NIM: _ClassVar[Game]

class Engine(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ENGINE_UNSPECIFIED: _ClassVar[Engine]
    ENGINE_COMPILED: _ClassVar[Engine]
    ENGINE_PYTHON: _ClassVar[Engine]

class Grade(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GRADE_UNSPECIFIED: _ClassVar[Grade]
    GRADE_BEST: _ClassVar[Grade]
    GRADE_GOOD: _ClassVar[Grade]
    GRADE_INACCURACY: _ClassVar[Grade]
    GRADE_MISTAKE: _ClassVar[Grade]
    GRADE_BLUNDER: _ClassVar[Grade]
GAME_UNSPECIFIED: Game
GAME_SPLENDOR_MARVEL: Game
GAME_CHALLENGERS: Game
GAME_NIM: Game
ENGINE_UNSPECIFIED: Engine
ENGINE_COMPILED: Engine
ENGINE_PYTHON: Engine
GRADE_UNSPECIFIED: Grade
GRADE_BEST: Grade
GRADE_GOOD: Grade
GRADE_INACCURACY: Grade
GRADE_MISTAKE: Grade
GRADE_BLUNDER: Grade

class Observation(_message.Message):
    __slots__ = ("splendor_marvel", "challengers", "nim")
    SPLENDOR_MARVEL_FIELD_NUMBER: _ClassVar[int]
    CHALLENGERS_FIELD_NUMBER: _ClassVar[int]
    NIM_FIELD_NUMBER: _ClassVar[int]
    splendor_marvel: _splendor_marvel_pb2.SplendorObservation
    challengers: _challengers_pb2.ChallengersObservation
    nim: _nim_pb2.NimObservation
    def __init__(self, splendor_marvel: _Optional[_Union[_splendor_marvel_pb2.SplendorObservation, _Mapping]] = ..., challengers: _Optional[_Union[_challengers_pb2.ChallengersObservation, _Mapping]] = ..., nim: _Optional[_Union[_nim_pb2.NimObservation, _Mapping]] = ...) -> None: ...

class GameState(_message.Message):
    __slots__ = ("splendor_marvel", "challengers", "nim")
    SPLENDOR_MARVEL_FIELD_NUMBER: _ClassVar[int]
    CHALLENGERS_FIELD_NUMBER: _ClassVar[int]
    NIM_FIELD_NUMBER: _ClassVar[int]
    splendor_marvel: _splendor_marvel_pb2.SplendorState
    challengers: _challengers_pb2.ChallengersState
    nim: _nim_pb2.NimState
    def __init__(self, splendor_marvel: _Optional[_Union[_splendor_marvel_pb2.SplendorState, _Mapping]] = ..., challengers: _Optional[_Union[_challengers_pb2.ChallengersState, _Mapping]] = ..., nim: _Optional[_Union[_nim_pb2.NimState, _Mapping]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("splendor_marvel", "challengers", "nim", "notation", "description", "seat")
    SPLENDOR_MARVEL_FIELD_NUMBER: _ClassVar[int]
    CHALLENGERS_FIELD_NUMBER: _ClassVar[int]
    NIM_FIELD_NUMBER: _ClassVar[int]
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    splendor_marvel: _splendor_marvel_pb2.SplendorMove
    challengers: _challengers_pb2.ChallengersMove
    nim: _nim_pb2.NimMove
    notation: str
    description: str
    seat: int
    def __init__(self, splendor_marvel: _Optional[_Union[_splendor_marvel_pb2.SplendorMove, _Mapping]] = ..., challengers: _Optional[_Union[_challengers_pb2.ChallengersMove, _Mapping]] = ..., nim: _Optional[_Union[_nim_pb2.NimMove, _Mapping]] = ..., notation: _Optional[str] = ..., description: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class Limits(_message.Message):
    __slots__ = ("max_iterations", "max_time_ms", "seed", "workers", "num_candidates", "strength", "engine", "model_opponents")
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    MAX_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    NUM_CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    MODEL_OPPONENTS_FIELD_NUMBER: _ClassVar[int]
    max_iterations: int
    max_time_ms: int
    seed: int
    workers: int
    num_candidates: int
    strength: int
    engine: Engine
    model_opponents: bool
    def __init__(self, max_iterations: _Optional[int] = ..., max_time_ms: _Optional[int] = ..., seed: _Optional[int] = ..., workers: _Optional[int] = ..., num_candidates: _Optional[int] = ..., strength: _Optional[int] = ..., engine: _Optional[_Union[Engine, str]] = ..., model_opponents: _Optional[bool] = ...) -> None: ...

class Candidate(_message.Message):
    __slots__ = ("move", "rank", "visits", "win_probability", "prior", "lcb", "pv", "ucb", "tied_with_best")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    PRIOR_FIELD_NUMBER: _ClassVar[int]
    LCB_FIELD_NUMBER: _ClassVar[int]
    PV_FIELD_NUMBER: _ClassVar[int]
    UCB_FIELD_NUMBER: _ClassVar[int]
    TIED_WITH_BEST_FIELD_NUMBER: _ClassVar[int]
    move: Move
    rank: int
    visits: int
    win_probability: _containers.RepeatedScalarFieldContainer[float]
    prior: float
    lcb: float
    pv: _containers.RepeatedCompositeFieldContainer[Move]
    ucb: float
    tied_with_best: bool
    def __init__(self, move: _Optional[_Union[Move, _Mapping]] = ..., rank: _Optional[int] = ..., visits: _Optional[int] = ..., win_probability: _Optional[_Iterable[float]] = ..., prior: _Optional[float] = ..., lcb: _Optional[float] = ..., pv: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., ucb: _Optional[float] = ..., tied_with_best: _Optional[bool] = ...) -> None: ...

class SearchStats(_message.Message):
    __slots__ = ("iterations", "nodes", "elapsed_ms", "worlds_sampled", "workers", "seed", "stopped_by", "engine", "clamped")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    ELAPSED_MS_FIELD_NUMBER: _ClassVar[int]
    WORLDS_SAMPLED_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    STOPPED_BY_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    CLAMPED_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    nodes: int
    elapsed_ms: float
    worlds_sampled: int
    workers: int
    seed: int
    stopped_by: str
    engine: str
    clamped: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, iterations: _Optional[int] = ..., nodes: _Optional[int] = ..., elapsed_ms: _Optional[float] = ..., worlds_sampled: _Optional[int] = ..., workers: _Optional[int] = ..., seed: _Optional[int] = ..., stopped_by: _Optional[str] = ..., engine: _Optional[str] = ..., clamped: _Optional[_Iterable[str]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("kind", "seat", "card", "description")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seat: int
    card: int
    description: str
    def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., card: _Optional[int] = ..., description: _Optional[str] = ...) -> None: ...

class SeatSummary(_message.Message):
    __slots__ = ("seat", "points", "splendor_marvel", "challengers")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SPLENDOR_MARVEL_FIELD_NUMBER: _ClassVar[int]
    CHALLENGERS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    points: int
    splendor_marvel: _splendor_marvel_pb2.SplendorSeatSummary
    challengers: _challengers_pb2.ChallengersSeatSummary
    def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., splendor_marvel: _Optional[_Union[_splendor_marvel_pb2.SplendorSeatSummary, _Mapping]] = ..., challengers: _Optional[_Union[_challengers_pb2.ChallengersSeatSummary, _Mapping]] = ...) -> None: ...
