"""A typed Python client of the advisor service.

Public names: `AdvisorClient`, `Limits`, `Analysis`, `AdvisorError`, `FieldViolation`,
`RetryPolicy`, `Failover`, and the answers (`clients.client.answers`): `Suggestion`,
`Evaluation`, `Assessment`, `Candidate`, `Move`, `SearchStats`, `LegalMoves`, `Applied`,
`Observed`, `ServerInfo`, `Event`, `SeatSummary`, a review's `GameReview`, `MoveReview`,
`SeatReview` and `ReviewSummary`, and the enums `Game`, `Grade`, `Favours`,
`StopReason`, `Engine`.
"""

from clients.client.analysis import Analysis
from clients.client.answers import (
    Applied,
    Assessment,
    Candidate,
    Engine,
    Evaluation,
    Event,
    Favours,
    Game,
    Grade,
    LegalMoves,
    LineStep,
    Move,
    Observed,
    Reason,
    SearchStats,
    SeatSummary,
    ServerInfo,
    StopReason,
    Suggestion,
)
from clients.client.client import DEFAULT_TARGET, AdvisorClient
from clients.client.errors import AdvisorError, FieldViolation
from clients.client.limits import Limits
from clients.client.retry import RetryPolicy
from clients.client.review import GameReview, MoveReview, ReviewSummary, SeatReview
from clients.client.targets import Failover

__all__ = [
    "DEFAULT_TARGET",
    "AdvisorClient",
    "AdvisorError",
    "Analysis",
    "Applied",
    "Assessment",
    "Candidate",
    "Engine",
    "Evaluation",
    "Event",
    "Failover",
    "Favours",
    "FieldViolation",
    "Game",
    "GameReview",
    "Grade",
    "LegalMoves",
    "Limits",
    "LineStep",
    "Move",
    "MoveReview",
    "Observed",
    "Reason",
    "RetryPolicy",
    "ReviewSummary",
    "SearchStats",
    "SeatReview",
    "SeatSummary",
    "ServerInfo",
    "StopReason",
    "Suggestion",
]
