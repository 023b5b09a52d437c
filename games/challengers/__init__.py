"""Challengers! (base game): a rules engine for 1–8 players with observation and sampling.

Public names: `GAME` (the `Challengers` Game protocol object, ``name = "challengers"``),
`new_game`,
`State`, `Observation`, `Action` (with ``Action.parse`` and ``str(action)``), `describe`,
`render`, `observe`, `sample`, and the catalogue tables `CARDS` / `CardType`.
"""

from .actions import Action
from .catalogue import CARDS, CardType
from .game import GAME, Challengers, new_game
from .observation import Observation, observe, sample
from .render import describe, render
from .state import State

__all__ = [
    "CARDS",
    "GAME",
    "Action",
    "CardType",
    "Challengers",
    "Observation",
    "State",
    "describe",
    "new_game",
    "observe",
    "render",
    "sample",
]
