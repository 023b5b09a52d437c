from contract.v1 import challengers_pb2 as _challengers_pb2
from contract.v1 import common_pb2 as _common_pb2
from contract.v1 import nim_pb2 as _nim_pb2
from contract.v1 import splendor_marvel_pb2 as _splendor_marvel_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Favours(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FAVOURS_NEITHER: _ClassVar[Favours]
    FAVOURS_MOVE: _ClassVar[Favours]
    FAVOURS_COMPARED: _ClassVar[Favours]
FAVOURS_NEITHER: Favours
FAVOURS_MOVE: Favours
FAVOURS_COMPARED: Favours

class GetInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetInfoResponse(_message.Message):
    __slots__ = ("service_version", "engine_version", "games", "limits")
    SERVICE_VERSION_FIELD_NUMBER: _ClassVar[int]
    ENGINE_VERSION_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    service_version: str
    engine_version: str
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    limits: ServerLimits
    def __init__(self, service_version: _Optional[str] = ..., engine_version: _Optional[str] = ..., games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ..., limits: _Optional[_Union[ServerLimits, _Mapping]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("game", "title", "player_counts", "splendor_marvel", "challengers", "nim", "engine", "networks")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNTS_FIELD_NUMBER: _ClassVar[int]
    SPLENDOR_MARVEL_FIELD_NUMBER: _ClassVar[int]
    CHALLENGERS_FIELD_NUMBER: _ClassVar[int]
    NIM_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    NETWORKS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    title: str
    player_counts: _containers.RepeatedScalarFieldContainer[int]
    splendor_marvel: _splendor_marvel_pb2.SplendorCatalogue
    challengers: _challengers_pb2.ChallengersCatalogue
    nim: _nim_pb2.NimCatalogue
    engine: str
    networks: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]] = ..., title: _Optional[str] = ..., player_counts: _Optional[_Iterable[int]] = ..., splendor_marvel: _Optional[_Union[_splendor_marvel_pb2.SplendorCatalogue, _Mapping]] = ..., challengers: _Optional[_Union[_challengers_pb2.ChallengersCatalogue, _Mapping]] = ..., nim: _Optional[_Union[_nim_pb2.NimCatalogue, _Mapping]] = ..., engine: _Optional[str] = ..., networks: _Optional[_Iterable[str]] = ...) -> None: ...

class ServerLimits(_message.Message):
    __slots__ = ("worker_processes", "max_iterations", "max_time_ms", "max_concurrent_rpcs", "max_message_bytes", "default_iterations", "max_tree_nodes", "max_review_moves")
    WORKER_PROCESSES_FIELD_NUMBER: _ClassVar[int]
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    MAX_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    MAX_CONCURRENT_RPCS_FIELD_NUMBER: _ClassVar[int]
    MAX_MESSAGE_BYTES_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    MAX_TREE_NODES_FIELD_NUMBER: _ClassVar[int]
    MAX_REVIEW_MOVES_FIELD_NUMBER: _ClassVar[int]
    worker_processes: int
    max_iterations: int
    max_time_ms: int
    max_concurrent_rpcs: int
    max_message_bytes: int
    default_iterations: int
    max_tree_nodes: int
    max_review_moves: int
    def __init__(self, worker_processes: _Optional[int] = ..., max_iterations: _Optional[int] = ..., max_time_ms: _Optional[int] = ..., max_concurrent_rpcs: _Optional[int] = ..., max_message_bytes: _Optional[int] = ..., default_iterations: _Optional[int] = ..., max_tree_nodes: _Optional[int] = ..., max_review_moves: _Optional[int] = ...) -> None: ...

class SuggestOptions(_message.Message):
    __slots__ = ("skip_follow_ups", "max_pv_length", "judge_candidates")
    SKIP_FOLLOW_UPS_FIELD_NUMBER: _ClassVar[int]
    MAX_PV_LENGTH_FIELD_NUMBER: _ClassVar[int]
    JUDGE_CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    skip_follow_ups: bool
    max_pv_length: int
    judge_candidates: bool
    def __init__(self, skip_follow_ups: _Optional[bool] = ..., max_pv_length: _Optional[int] = ..., judge_candidates: _Optional[bool] = ...) -> None: ...

class SuggestMoveRequest(_message.Message):
    __slots__ = ("observation", "limits", "options")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    observation: _common_pb2.Observation
    limits: _common_pb2.Limits
    options: SuggestOptions
    def __init__(self, observation: _Optional[_Union[_common_pb2.Observation, _Mapping]] = ..., limits: _Optional[_Union[_common_pb2.Limits, _Mapping]] = ..., options: _Optional[_Union[SuggestOptions, _Mapping]] = ...) -> None: ...

class SuggestMoveResponse(_message.Message):
    __slots__ = ("best_move", "candidates", "root_win_probability", "stats", "follow_ups", "seat", "judged", "judging_iterations", "level")
    BEST_MOVE_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    ROOT_WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_UPS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    JUDGED_FIELD_NUMBER: _ClassVar[int]
    JUDGING_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    best_move: _common_pb2.Move
    candidates: _containers.RepeatedCompositeFieldContainer[_common_pb2.Candidate]
    root_win_probability: _containers.RepeatedScalarFieldContainer[float]
    stats: _common_pb2.SearchStats
    follow_ups: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    seat: int
    judged: _containers.RepeatedCompositeFieldContainer[MoveAssessment]
    judging_iterations: int
    level: int
    def __init__(self, best_move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., candidates: _Optional[_Iterable[_Union[_common_pb2.Candidate, _Mapping]]] = ..., root_win_probability: _Optional[_Iterable[float]] = ..., stats: _Optional[_Union[_common_pb2.SearchStats, _Mapping]] = ..., follow_ups: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ..., seat: _Optional[int] = ..., judged: _Optional[_Iterable[_Union[MoveAssessment, _Mapping]]] = ..., judging_iterations: _Optional[int] = ..., level: _Optional[int] = ...) -> None: ...

class EvaluateRequest(_message.Message):
    __slots__ = ("observation", "move", "limits")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    observation: _common_pb2.Observation
    move: _common_pb2.Move
    limits: _common_pb2.Limits
    def __init__(self, observation: _Optional[_Union[_common_pb2.Observation, _Mapping]] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., limits: _Optional[_Union[_common_pb2.Limits, _Mapping]] = ...) -> None: ...

class MoveAssessment(_message.Message):
    __slots__ = ("move", "rank", "candidates", "win_probability", "value_loss", "grade", "reasons", "visits", "lcb", "ucb", "tied_with_best", "tied_with", "explanations", "line", "best_line", "divergence", "undecided", "loss_low", "loss_high", "too_close_to_call", "close_grade", "best_measured_better", "decided")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    VALUE_LOSS_FIELD_NUMBER: _ClassVar[int]
    GRADE_FIELD_NUMBER: _ClassVar[int]
    REASONS_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    LCB_FIELD_NUMBER: _ClassVar[int]
    UCB_FIELD_NUMBER: _ClassVar[int]
    TIED_WITH_BEST_FIELD_NUMBER: _ClassVar[int]
    TIED_WITH_FIELD_NUMBER: _ClassVar[int]
    EXPLANATIONS_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    BEST_LINE_FIELD_NUMBER: _ClassVar[int]
    DIVERGENCE_FIELD_NUMBER: _ClassVar[int]
    UNDECIDED_FIELD_NUMBER: _ClassVar[int]
    LOSS_LOW_FIELD_NUMBER: _ClassVar[int]
    LOSS_HIGH_FIELD_NUMBER: _ClassVar[int]
    TOO_CLOSE_TO_CALL_FIELD_NUMBER: _ClassVar[int]
    CLOSE_GRADE_FIELD_NUMBER: _ClassVar[int]
    BEST_MEASURED_BETTER_FIELD_NUMBER: _ClassVar[int]
    DECIDED_FIELD_NUMBER: _ClassVar[int]
    move: _common_pb2.Move
    rank: int
    candidates: int
    win_probability: float
    value_loss: float
    grade: _common_pb2.Grade
    reasons: _containers.RepeatedScalarFieldContainer[str]
    visits: int
    lcb: float
    ucb: float
    tied_with_best: bool
    tied_with: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    explanations: _containers.RepeatedCompositeFieldContainer[Reason]
    line: _containers.RepeatedCompositeFieldContainer[LineStep]
    best_line: _containers.RepeatedCompositeFieldContainer[LineStep]
    divergence: int
    undecided: bool
    loss_low: float
    loss_high: float
    too_close_to_call: bool
    close_grade: _common_pb2.Grade
    best_measured_better: bool
    decided: bool
    def __init__(self, move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., rank: _Optional[int] = ..., candidates: _Optional[int] = ..., win_probability: _Optional[float] = ..., value_loss: _Optional[float] = ..., grade: _Optional[_Union[_common_pb2.Grade, str]] = ..., reasons: _Optional[_Iterable[str]] = ..., visits: _Optional[int] = ..., lcb: _Optional[float] = ..., ucb: _Optional[float] = ..., tied_with_best: _Optional[bool] = ..., tied_with: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ..., explanations: _Optional[_Iterable[_Union[Reason, _Mapping]]] = ..., line: _Optional[_Iterable[_Union[LineStep, _Mapping]]] = ..., best_line: _Optional[_Iterable[_Union[LineStep, _Mapping]]] = ..., divergence: _Optional[int] = ..., undecided: _Optional[bool] = ..., loss_low: _Optional[float] = ..., loss_high: _Optional[float] = ..., too_close_to_call: _Optional[bool] = ..., close_grade: _Optional[_Union[_common_pb2.Grade, str]] = ..., best_measured_better: _Optional[bool] = ..., decided: _Optional[bool] = ...) -> None: ...

class Reason(_message.Message):
    __slots__ = ("code", "text", "value", "baseline", "compared_with", "goal", "favours")
    CODE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    BASELINE_FIELD_NUMBER: _ClassVar[int]
    COMPARED_WITH_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    FAVOURS_FIELD_NUMBER: _ClassVar[int]
    code: str
    text: str
    value: float
    baseline: float
    compared_with: str
    goal: str
    favours: Favours
    def __init__(self, code: _Optional[str] = ..., text: _Optional[str] = ..., value: _Optional[float] = ..., baseline: _Optional[float] = ..., compared_with: _Optional[str] = ..., goal: _Optional[str] = ..., favours: _Optional[_Union[Favours, str]] = ...) -> None: ...

class LineStep(_message.Message):
    __slots__ = ("move", "win_probability", "visits")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    move: _common_pb2.Move
    win_probability: float
    visits: int
    def __init__(self, move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., win_probability: _Optional[float] = ..., visits: _Optional[int] = ...) -> None: ...

class EvaluateResponse(_message.Message):
    __slots__ = ("win_probability", "expected_points", "assessment", "stats", "summaries", "best_move", "match_win_probability", "judging_iterations")
    WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_POINTS_FIELD_NUMBER: _ClassVar[int]
    ASSESSMENT_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    SUMMARIES_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVE_FIELD_NUMBER: _ClassVar[int]
    MATCH_WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    JUDGING_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    win_probability: _containers.RepeatedScalarFieldContainer[float]
    expected_points: _containers.RepeatedScalarFieldContainer[float]
    assessment: MoveAssessment
    stats: _common_pb2.SearchStats
    summaries: _containers.RepeatedCompositeFieldContainer[_common_pb2.SeatSummary]
    best_move: _common_pb2.Move
    match_win_probability: _containers.RepeatedScalarFieldContainer[float]
    judging_iterations: int
    def __init__(self, win_probability: _Optional[_Iterable[float]] = ..., expected_points: _Optional[_Iterable[float]] = ..., assessment: _Optional[_Union[MoveAssessment, _Mapping]] = ..., stats: _Optional[_Union[_common_pb2.SearchStats, _Mapping]] = ..., summaries: _Optional[_Iterable[_Union[_common_pb2.SeatSummary, _Mapping]]] = ..., best_move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., match_win_probability: _Optional[_Iterable[float]] = ..., judging_iterations: _Optional[int] = ...) -> None: ...

class AnalyzeRequest(_message.Message):
    __slots__ = ("observation", "limits", "report_every_ms")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    REPORT_EVERY_MS_FIELD_NUMBER: _ClassVar[int]
    observation: _common_pb2.Observation
    limits: _common_pb2.Limits
    report_every_ms: int
    def __init__(self, observation: _Optional[_Union[_common_pb2.Observation, _Mapping]] = ..., limits: _Optional[_Union[_common_pb2.Limits, _Mapping]] = ..., report_every_ms: _Optional[int] = ...) -> None: ...

class AnalyzeResponse(_message.Message):
    __slots__ = ("best_move", "candidates", "root_win_probability", "stats", "is_final", "seat")
    BEST_MOVE_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    ROOT_WIN_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    IS_FINAL_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    best_move: _common_pb2.Move
    candidates: _containers.RepeatedCompositeFieldContainer[_common_pb2.Candidate]
    root_win_probability: _containers.RepeatedScalarFieldContainer[float]
    stats: _common_pb2.SearchStats
    is_final: bool
    seat: int
    def __init__(self, best_move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., candidates: _Optional[_Iterable[_Union[_common_pb2.Candidate, _Mapping]]] = ..., root_win_probability: _Optional[_Iterable[float]] = ..., stats: _Optional[_Union[_common_pb2.SearchStats, _Mapping]] = ..., is_final: _Optional[bool] = ..., seat: _Optional[int] = ...) -> None: ...

class NewGameRequest(_message.Message):
    __slots__ = ("game", "players", "seed", "start_seat", "turn_cap")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    players: int
    seed: int
    start_seat: int
    turn_cap: int
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]] = ..., players: _Optional[int] = ..., seed: _Optional[int] = ..., start_seat: _Optional[int] = ..., turn_cap: _Optional[int] = ...) -> None: ...

class NewGameResponse(_message.Message):
    __slots__ = ("state",)
    STATE_FIELD_NUMBER: _ClassVar[int]
    state: _common_pb2.GameState
    def __init__(self, state: _Optional[_Union[_common_pb2.GameState, _Mapping]] = ...) -> None: ...

class LegalMovesRequest(_message.Message):
    __slots__ = ("state", "observation")
    STATE_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    state: _common_pb2.GameState
    observation: _common_pb2.Observation
    def __init__(self, state: _Optional[_Union[_common_pb2.GameState, _Mapping]] = ..., observation: _Optional[_Union[_common_pb2.Observation, _Mapping]] = ...) -> None: ...

class LegalMovesResponse(_message.Message):
    __slots__ = ("seat", "moves")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    moves: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    def __init__(self, seat: _Optional[int] = ..., moves: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ...) -> None: ...

class ApplyMoveRequest(_message.Message):
    __slots__ = ("state", "move")
    STATE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    state: _common_pb2.GameState
    move: _common_pb2.Move
    def __init__(self, state: _Optional[_Union[_common_pb2.GameState, _Mapping]] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ...) -> None: ...

class ApplyMoveResponse(_message.Message):
    __slots__ = ("state", "events", "game_over", "summaries")
    STATE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    SUMMARIES_FIELD_NUMBER: _ClassVar[int]
    state: _common_pb2.GameState
    events: _containers.RepeatedCompositeFieldContainer[_common_pb2.Event]
    game_over: bool
    summaries: _containers.RepeatedCompositeFieldContainer[_common_pb2.SeatSummary]
    def __init__(self, state: _Optional[_Union[_common_pb2.GameState, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_common_pb2.Event, _Mapping]]] = ..., game_over: _Optional[bool] = ..., summaries: _Optional[_Iterable[_Union[_common_pb2.SeatSummary, _Mapping]]] = ...) -> None: ...

class ObserveRequest(_message.Message):
    __slots__ = ("state", "seat")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    state: _common_pb2.GameState
    seat: int
    def __init__(self, state: _Optional[_Union[_common_pb2.GameState, _Mapping]] = ..., seat: _Optional[int] = ...) -> None: ...

class ObserveResponse(_message.Message):
    __slots__ = ("observation", "summaries")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    SUMMARIES_FIELD_NUMBER: _ClassVar[int]
    observation: _common_pb2.Observation
    summaries: _containers.RepeatedCompositeFieldContainer[_common_pb2.SeatSummary]
    def __init__(self, observation: _Optional[_Union[_common_pb2.Observation, _Mapping]] = ..., summaries: _Optional[_Iterable[_Union[_common_pb2.SeatSummary, _Mapping]]] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("new_game", "initial_state", "moves", "chance_seed")
    NEW_GAME_FIELD_NUMBER: _ClassVar[int]
    INITIAL_STATE_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    CHANCE_SEED_FIELD_NUMBER: _ClassVar[int]
    new_game: NewGameRequest
    initial_state: _common_pb2.GameState
    moves: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    chance_seed: int
    def __init__(self, new_game: _Optional[_Union[NewGameRequest, _Mapping]] = ..., initial_state: _Optional[_Union[_common_pb2.GameState, _Mapping]] = ..., moves: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ..., chance_seed: _Optional[int] = ...) -> None: ...

class ReviewGameRequest(_message.Message):
    __slots__ = ("record", "seats", "limits")
    RECORD_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    record: GameRecord
    seats: _containers.RepeatedScalarFieldContainer[int]
    limits: _common_pb2.Limits
    def __init__(self, record: _Optional[_Union[GameRecord, _Mapping]] = ..., seats: _Optional[_Iterable[int]] = ..., limits: _Optional[_Union[_common_pb2.Limits, _Mapping]] = ...) -> None: ...

class MoveReview(_message.Message):
    __slots__ = ("number", "seat", "move", "forced", "grade", "value_loss", "best_move", "win_probability_before", "win_probability_after", "reasons", "assessment", "stats")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    GRADE_FIELD_NUMBER: _ClassVar[int]
    VALUE_LOSS_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVE_FIELD_NUMBER: _ClassVar[int]
    WIN_PROBABILITY_BEFORE_FIELD_NUMBER: _ClassVar[int]
    WIN_PROBABILITY_AFTER_FIELD_NUMBER: _ClassVar[int]
    REASONS_FIELD_NUMBER: _ClassVar[int]
    ASSESSMENT_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    number: int
    seat: int
    move: _common_pb2.Move
    forced: bool
    grade: _common_pb2.Grade
    value_loss: float
    best_move: _common_pb2.Move
    win_probability_before: float
    win_probability_after: float
    reasons: _containers.RepeatedCompositeFieldContainer[Reason]
    assessment: MoveAssessment
    stats: _common_pb2.SearchStats
    def __init__(self, number: _Optional[int] = ..., seat: _Optional[int] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., forced: _Optional[bool] = ..., grade: _Optional[_Union[_common_pb2.Grade, str]] = ..., value_loss: _Optional[float] = ..., best_move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., win_probability_before: _Optional[float] = ..., win_probability_after: _Optional[float] = ..., reasons: _Optional[_Iterable[_Union[Reason, _Mapping]]] = ..., assessment: _Optional[_Union[MoveAssessment, _Mapping]] = ..., stats: _Optional[_Union[_common_pb2.SearchStats, _Mapping]] = ...) -> None: ...

class GradeCounts(_message.Message):
    __slots__ = ("best", "good", "inaccuracy", "mistake", "blunder", "not_searched", "forced", "decided", "too_close_to_call")
    BEST_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    INACCURACY_FIELD_NUMBER: _ClassVar[int]
    MISTAKE_FIELD_NUMBER: _ClassVar[int]
    BLUNDER_FIELD_NUMBER: _ClassVar[int]
    NOT_SEARCHED_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    DECIDED_FIELD_NUMBER: _ClassVar[int]
    TOO_CLOSE_TO_CALL_FIELD_NUMBER: _ClassVar[int]
    best: int
    good: int
    inaccuracy: int
    mistake: int
    blunder: int
    not_searched: int
    forced: int
    decided: int
    too_close_to_call: int
    def __init__(self, best: _Optional[int] = ..., good: _Optional[int] = ..., inaccuracy: _Optional[int] = ..., mistake: _Optional[int] = ..., blunder: _Optional[int] = ..., not_searched: _Optional[int] = ..., forced: _Optional[int] = ..., decided: _Optional[int] = ..., too_close_to_call: _Optional[int] = ...) -> None: ...

class SeatReview(_message.Message):
    __slots__ = ("seat", "accuracy", "moves", "counts", "turning_points")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACCURACY_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    TURNING_POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    accuracy: float
    moves: int
    counts: GradeCounts
    turning_points: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., accuracy: _Optional[float] = ..., moves: _Optional[int] = ..., counts: _Optional[_Union[GradeCounts, _Mapping]] = ..., turning_points: _Optional[_Iterable[int]] = ...) -> None: ...

class ReviewSummary(_message.Message):
    __slots__ = ("seats", "seed", "iterations")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatReview]
    seed: int
    iterations: int
    def __init__(self, seats: _Optional[_Iterable[_Union[SeatReview, _Mapping]]] = ..., seed: _Optional[int] = ..., iterations: _Optional[int] = ...) -> None: ...

class ReviewGameResponse(_message.Message):
    __slots__ = ("move", "summary")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    move: MoveReview
    summary: ReviewSummary
    def __init__(self, move: _Optional[_Union[MoveReview, _Mapping]] = ..., summary: _Optional[_Union[ReviewSummary, _Mapping]] = ...) -> None: ...
