"""Kuhn poker as a plug-in game: its registry entry, its rules and its evaluators."""

from games.registry import GameEntry

from .game import GAME, KuhnObservation, KuhnState, new_game

ENTRY = GameEntry("kuhn_poker", "Kuhn poker (plug-in)", (2,), "pass, bet",
                  package=__name__, served=False)

__all__ = ["ENTRY", "GAME", "KuhnObservation", "KuhnState", "new_game"]
