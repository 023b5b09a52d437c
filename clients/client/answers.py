"""Typed answers of the advisor: frozen dataclasses with enums, read from the proto messages.

Positions (`GameState`, `Observation`) stay proto messages: a client passes them back as they
came. Everything else an RPC answers is a value here, named as in the proto, so
`answer.best_move.notation` and `answer.stats.iterations` read the same either way; each
answer keeps its message in `proto` (for JSON, or a field this module does not lift).

>>> from contract.v1 import common_pb2
>>> assessment = common_pb2.Grade.Value("GRADE_INACCURACY")
>>> Grade.of(assessment), str(Grade.of(assessment))
(<Grade.INACCURACY: 'inaccuracy'>, 'inaccuracy')
>>> Move.of(common_pb2.Move(notation="take:YPB", seat=1))
Move('take:YPB', seat=1)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from contract.v1 import advisor_pb2, common_pb2


class _Named(enum.Enum):
    """An enum whose value is its word; `str()` gives the word."""

    def __str__(self) -> str:
        return str(self.value)


class _GameEnum(_Named):
    """A game the service knows, named as in `advisor.v1.Game` without its prefix."""

    @classmethod
    def of(cls, value: int) -> Game:
        """The game of an `advisor.v1.Game` value."""
        return Game(common_pb2.Game.Name(value).removeprefix("GAME_").lower())

    def to_proto(self) -> common_pb2.Game:
        """The `advisor.v1.Game` value."""
        return cast(common_pb2.Game, common_pb2.Game.Value(f"GAME_{self.name}"))


def _proto_games() -> dict[str, str]:
    """Every game of the proto enum (but UNSPECIFIED): member name to game name."""
    names = (v.name.removeprefix("GAME_") for v in common_pb2.Game.DESCRIPTOR.values if v.number)
    return {name: name.lower() for name in names}


if TYPE_CHECKING:
    Game = _GameEnum
else:
    Game = _GameEnum("Game", _proto_games())
    """The games the service knows, read from the proto's `Game` enum (`Game("challengers")`)."""


class Grade(_Named):
    """How good a judged move is, by its loss of win probability against the best move (below
    0.06: `BEST`, or `GOOD` when the search measures the best move better)."""

    NOT_SEARCHED = "not searched"
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of(cls, value: int) -> Grade:
        """The grade of an `advisor.v1.Grade` value (UNSPECIFIED: the search never tried it)."""
        name = common_pb2.Grade.Name(value).removeprefix("GRADE_")
        return cls.NOT_SEARCHED if name == "UNSPECIFIED" else cls[name]


class Favours(_Named):
    """The side a reason's fact is good for, for the mover: the move, the position it is
    compared with, or neither (the feature has no good direction)."""

    NEITHER = "neither"
    MOVE = "move"
    COMPARED = "compared"

    @classmethod
    def of(cls, value: int) -> Favours:
        """The side of an `advisor.v1.Favours` value."""
        return cls[advisor_pb2.Favours.Name(value).removeprefix("FAVOURS_")]


class StopReason(_Named):
    """What ended a search; RUNNING marks a partial Analyze answer."""

    ITERATIONS = "iterations"
    TIME = "time"
    DEADLINE = "deadline"
    CANCELLED = "cancelled"
    NODES = "nodes"
    RUNNING = "running"


class Engine(_Named):
    """The search engine that answered."""

    COMPILED = "compiled"
    PYTHON = "python"


def _floats(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(float(v) for v in values)


@dataclass(frozen=True)
class Move:
    """A move: its notation (what a client sends back), words and the seat making it."""

    notation: str
    description: str = ""
    seat: int = 0
    proto: common_pb2.Move = field(default_factory=common_pb2.Move, repr=False, compare=False)

    @classmethod
    def of(cls, message: common_pb2.Move) -> Move:
        """The move of an `advisor.v1.Move`."""
        return cls(message.notation, message.description, message.seat, message)

    def __repr__(self) -> str:
        return f"Move({self.notation!r}, seat={self.seat})"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Candidate:
    """One root move with what the search learned about it."""

    move: Move
    rank: int
    visits: int
    win_probability: tuple[float, ...]
    """Chance to win per seat after the move."""
    prior: float
    lcb: float
    """Wilson 95% lower bound on the mover's win probability."""
    pv: tuple[Move, ...]
    """This move, then the most searched replies."""
    ucb: float = 1.0
    """Wilson 95% upper bound on the mover's win probability."""
    tied_with_best: bool = False
    """The search cannot tell this move from the best (their intervals overlap)."""

    @classmethod
    def of(cls, message: common_pb2.Candidate) -> Candidate:
        """The candidate of an `advisor.v1.Candidate`."""
        return cls(
            Move.of(message.move), message.rank, message.visits,
            _floats(message.win_probability), message.prior, message.lcb,
            tuple(Move.of(m) for m in message.pv), message.ucb, message.tied_with_best,
        )


@dataclass(frozen=True)
class SearchStats:
    """How much searching went into an answer."""

    iterations: int
    nodes: int
    elapsed_ms: float
    worlds_sampled: int
    workers: int
    seed: int
    """Send it back with the same iterations for the same answer."""
    stopped_by: StopReason
    engine: Engine | None
    clamped: tuple[str, ...]
    """Limits the server lowered to its maxima, in words."""

    @classmethod
    def of(cls, message: common_pb2.SearchStats) -> SearchStats:
        """The statistics of an `advisor.v1.SearchStats`."""
        return cls(
            message.iterations, message.nodes, message.elapsed_ms, message.worlds_sampled,
            message.workers, message.seed, StopReason(message.stopped_by or "running"),
            Engine(message.engine) if message.engine else None, tuple(message.clamped),
        )


@dataclass(frozen=True)
class SeatSummary:
    """One seat's public standing; the game's own counters are in `proto`."""

    seat: int
    points: int
    proto: common_pb2.SeatSummary = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: common_pb2.SeatSummary) -> SeatSummary:
        """The summary of an `advisor.v1.SeatSummary`."""
        return cls(message.seat, message.points, message)


def _summaries(messages: Iterable[common_pb2.SeatSummary]) -> tuple[SeatSummary, ...]:
    return tuple(SeatSummary.of(m) for m in messages)


@dataclass(frozen=True)
class Event:
    """Something a move caused."""

    kind: str
    seat: int
    card: int
    """The card concerned, 0 if none."""
    description: str

    @classmethod
    def of(cls, message: common_pb2.Event) -> Event:
        """The event of an `advisor.v1.Event`."""
        return cls(message.kind, message.seat, message.card, message.description)


@dataclass(frozen=True)
class Suggestion:
    """A SuggestMove answer, or one Analyze answer (`is_final` on the last)."""

    seat: int
    """The seat to decide."""
    best_move: Move
    candidates: tuple[Candidate, ...]
    root_win_probability: tuple[float, ...]
    stats: SearchStats
    follow_ups: tuple[Move, ...]
    """The turn's further decisions by the same seat (SuggestMove only)."""
    is_final: bool
    proto: advisor_pb2.SuggestMoveResponse | advisor_pb2.AnalyzeResponse = field(
        repr=False, compare=False
    )
    judged: tuple[Assessment, ...] = ()
    """With `judge_candidates`: the shown candidates judged, highest win chance first."""
    judging_iterations: int = 0
    """Iterations of the judging searches (beside `stats.iterations`, the main search's)."""
    level: int = 0
    """The strength level (1..9) whose choice `best_move` is; 0 at full strength (the first
    candidate) and in Analyze answers."""

    @classmethod
    def of(
        cls, message: advisor_pb2.SuggestMoveResponse | advisor_pb2.AnalyzeResponse
    ) -> Suggestion:
        """The suggestion of a SuggestMove or Analyze answer."""
        follow_ups: tuple[Move, ...] = ()
        judged: tuple[Assessment, ...] = ()
        judging = level = 0
        if isinstance(message, advisor_pb2.AnalyzeResponse):
            is_final = message.is_final
        else:
            follow_ups, is_final = tuple(Move.of(m) for m in message.follow_ups), True
            judged = tuple(Assessment.of(a) for a in message.judged)
            judging, level = message.judging_iterations, message.level
        return cls(
            message.seat, Move.of(message.best_move),
            tuple(Candidate.of(c) for c in message.candidates),
            _floats(message.root_win_probability), SearchStats.of(message.stats),
            follow_ups, is_final, message, judged, judging, level,
        )

    def stopped(self) -> Suggestion:
        """This answer as the last of a search the client cancelled."""
        stats = SearchStats(**{**vars(self.stats), "stopped_by": StopReason.CANCELLED})
        return Suggestion(**{**vars(self), "stats": stats})


@dataclass(frozen=True)
class Reason:
    """One measured fact about a move: `value` after it, `baseline` in the position it is
    `compared_with` (another move's description, or "before the move"), and the side it
    `favours`."""

    code: str
    text: str
    value: float
    baseline: float
    compared_with: str
    favours: Favours = Favours.NEITHER

    @classmethod
    def of(cls, message: advisor_pb2.Reason) -> Reason:
        return cls(message.code, message.text, message.value, message.baseline,
                   message.compared_with, Favours.of(message.favours))


@dataclass(frozen=True)
class LineStep:
    """One move of an expected line, with the judged mover's win chance after it."""

    move: Move
    win_probability: float
    visits: int

    @classmethod
    def of(cls, message: advisor_pb2.LineStep) -> LineStep:
        return cls(Move.of(message.move), message.win_probability, message.visits)


@dataclass(frozen=True)
class Assessment:
    """How good a given move is and why."""

    move: Move
    rank: int
    """0 when the search never tried the move."""
    candidates: int
    win_probability: float
    """The mover's chance to win after the move."""
    value_loss: float
    grade: Grade
    reasons: tuple[str, ...]
    """The texts of `explanations`."""
    visits: int = 0
    lcb: float = 0.0
    ucb: float = 1.0
    tied_with_best: bool = False
    tied_with: tuple[Move, ...] = ()
    explanations: tuple[Reason, ...] = ()
    line: tuple[LineStep, ...] = ()
    """The line the search expects after the move."""
    best_line: tuple[LineStep, ...] = ()
    """The line it expects after the best move (empty when the move is the best)."""
    divergence: int = 0
    """The first step (1-based) where the two lines' win chances differ beyond noise; 0: never."""
    undecided: bool = False
    """The intervals overlap but too few visits to call it a tie: not searched enough to tell."""
    loss_interval: tuple[float, float] = (0.0, 0.0)
    """The 95% interval on `value_loss`."""
    close_grade: Grade | None = None
    """Set when the grade is too close to call: the grade across the band's edge."""
    best_measured_better: bool = False
    """The best move is measured better (a statement of confidence, beside the grade)."""
    decided: bool = False
    """The game is decided: no move changes the result, and the move is not graded."""

    @classmethod
    def of(cls, message: advisor_pb2.MoveAssessment) -> Assessment:
        """The assessment of an `advisor.v1.MoveAssessment`."""
        return cls(
            Move.of(message.move), message.rank, message.candidates, message.win_probability,
            message.value_loss, Grade.of(message.grade), tuple(message.reasons),
            message.visits, message.lcb, message.ucb, message.tied_with_best,
            tuple(Move.of(m) for m in message.tied_with),
            tuple(Reason.of(r) for r in message.explanations),
            tuple(LineStep.of(s) for s in message.line),
            tuple(LineStep.of(s) for s in message.best_line),
            message.divergence, message.undecided, (message.loss_low, message.loss_high),
            Grade.of(message.close_grade) if message.too_close_to_call else None,
            message.best_measured_better, message.decided,
        )


@dataclass(frozen=True)
class Evaluation:
    """An Evaluate answer."""

    win_probability: tuple[float, ...]
    expected_points: tuple[float, ...]
    match_win_probability: tuple[float, ...]
    """Each seat's chance to win its current match (Challengers!; empty otherwise)."""
    assessment: Assessment | None
    """The judged move's assessment, when a move was given."""
    best_move: Move
    stats: SearchStats
    summaries: tuple[SeatSummary, ...]
    proto: advisor_pb2.EvaluateResponse = field(repr=False, compare=False)
    judging_iterations: int = 0
    """Iterations of the judging searches (beside `stats.iterations`, the main search's)."""

    @classmethod
    def of(cls, message: advisor_pb2.EvaluateResponse) -> Evaluation:
        """The evaluation of an Evaluate answer."""
        judged = Assessment.of(message.assessment) if message.HasField("assessment") else None
        return cls(
            _floats(message.win_probability), _floats(message.expected_points),
            _floats(message.match_win_probability), judged, Move.of(message.best_move),
            SearchStats.of(message.stats), _summaries(message.summaries), message,
            message.judging_iterations,
        )


@dataclass(frozen=True)
class LegalMoves:
    """The seat to decide and its legal moves."""

    seat: int
    moves: tuple[Move, ...]
    proto: advisor_pb2.LegalMovesResponse = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: advisor_pb2.LegalMovesResponse) -> LegalMoves:
        """The legal moves of a LegalMoves answer."""
        return cls(message.seat, tuple(Move.of(m) for m in message.moves), message)


@dataclass(frozen=True)
class Applied:
    """An ApplyMove answer: the next state and what the move caused."""

    state: common_pb2.GameState
    events: tuple[Event, ...]
    game_over: bool
    summaries: tuple[SeatSummary, ...]
    proto: advisor_pb2.ApplyMoveResponse = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: advisor_pb2.ApplyMoveResponse) -> Applied:
        """The result of an ApplyMove answer."""
        return cls(
            message.state, tuple(Event.of(e) for e in message.events), message.game_over,
            _summaries(message.summaries), message,
        )


@dataclass(frozen=True)
class Observed:
    """An Observe answer: one seat's observation and every seat's public standing."""

    observation: common_pb2.Observation
    summaries: tuple[SeatSummary, ...]
    proto: advisor_pb2.ObserveResponse = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: advisor_pb2.ObserveResponse) -> Observed:
        """The result of an Observe answer."""
        return cls(message.observation, _summaries(message.summaries), message)


@dataclass(frozen=True)
class GameInfo:
    """A served game; its card catalogue is in `proto`."""

    game: Game
    title: str
    player_counts: tuple[int, ...]
    proto: advisor_pb2.GameInfo = field(repr=False, compare=False)


@dataclass(frozen=True)
class ServerLimits:
    """What the server allows; requests above these are lowered to them."""

    worker_processes: int
    max_iterations: int
    max_time_ms: int
    max_concurrent_rpcs: int
    max_message_bytes: int
    default_iterations: int
    max_tree_nodes: int
    max_review_moves: int
    """The most moves a ReviewGame record may hold."""


@dataclass(frozen=True)
class ServerInfo:
    """A GetInfo answer."""

    service_version: str
    engine_version: str
    games: tuple[GameInfo, ...]
    limits: ServerLimits
    proto: advisor_pb2.GetInfoResponse = field(repr=False, compare=False)

    @classmethod
    def of(cls, message: advisor_pb2.GetInfoResponse) -> ServerInfo:
        """The information of a GetInfo answer."""
        games = tuple(
            GameInfo(Game.of(g.game), g.title, tuple(g.player_counts), g) for g in message.games
        )
        limits: dict[str, Any] = {
            name: getattr(message.limits, name) for name in ServerLimits.__dataclass_fields__
        }
        return cls(
            message.service_version, message.engine_version, games, ServerLimits(**limits),
            message,
        )
