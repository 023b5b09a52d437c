"""Splendor: Marvel rules engine: state, actions, rules, observations and heuristics.

>>> from games.splendor_marvel import GAME, new_game, legal_actions, parse
>>> state = new_game(2, seed=7)
>>> parse("take:YPB") in legal_actions(state)
True
"""

from games.splendor_marvel.actions import (
    ALL_ACTIONS,
    PASS,
    Action,
    Kind,
    describe,
    parse,
)
from games.splendor_marvel.game import GAME, SplendorMarvel
from games.splendor_marvel.observation import Observation, ReservedCard, observe, sample
from games.splendor_marvel.render import render
from games.splendor_marvel.rules import apply, legal_actions, why_illegal
from games.splendor_marvel.state import DEFAULT_TURN_CAP, Phase, SplendorState, new_game
from games.splendor_marvel.summary import SeatSummary, summarize

__all__ = [
    "ALL_ACTIONS",
    "DEFAULT_TURN_CAP",
    "GAME",
    "PASS",
    "Action",
    "Kind",
    "Observation",
    "Phase",
    "ReservedCard",
    "SeatSummary",
    "SplendorMarvel",
    "SplendorState",
    "apply",
    "describe",
    "legal_actions",
    "new_game",
    "observe",
    "parse",
    "render",
    "sample",
    "summarize",
    "why_illegal",
]
