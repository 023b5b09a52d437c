"""Splendor: Marvel compiled with numba: the rules and the search's heuristics over one array.

The compiled twin of `rules`, `observation.sample` and `heuristics`, behind the contract in
`search.compiled_game`: this is the module `compiled.COMPILED` hands to the compiled search
(`knowledge` copies it with `evaluate` and `priors` bound to networks). The Python modules stay
the reference: every function here makes the same decisions in the same order (the same legal
actions in the same order, the same successor, the same playout move for the same random
draws), and every table is built from theirs. The work is split by the rules module each part
mirrors (see the package's docstring); this module names what callers use.
"""

from __future__ import annotations

from .actions import MAX_LEGAL, NUM_ACTION_CODES
from .heuristics import evaluate, priors, rollout_action
from .invariants import SOUND, play_move, violation
from .layout import MAX_PLAYERS, NUM_PLAYERS, OBSERVATION_SIZE, STATE_SIZE
from .rules import apply, current_player, is_terminal, legal_actions, num_players, returns
from .sample import sample

__all__ = [
    "MAX_LEGAL",
    "MAX_PLAYERS",
    "NUM_ACTION_CODES",
    "NUM_PLAYERS",
    "OBSERVATION_SIZE",
    "SOUND",
    "STATE_SIZE",
    "apply",
    "current_player",
    "evaluate",
    "is_terminal",
    "legal_actions",
    "num_players",
    "play_move",
    "priors",
    "returns",
    "rollout_action",
    "sample",
    "violation",
]
