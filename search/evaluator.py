"""The search's knowledge apart from the rules: what an `Evaluator` offers the search.

A game's facade (`search.game.Game`) says what the rules allow; an evaluator says what the
search should think of it: a leaf's value, the moves' priors and the playouts' policy. The
search takes both (`ismcts(game, evaluator, ...)`), in the spirit of OpenSpiel's `Evaluator`
passed to its MCTS bot, so one game is searched with any of its evaluators (the registry
lists them by id: `games.registry.GameEntry.evaluators`).

An evaluator may also offer `compiled`: the game's compiled twin bound to the same knowledge
(`search.compiled_game.CompiledGame`; `config.engine == "compiled"` searches with it), and
`search_settings(num_players)`: the search settings it was tuned with for a table of that
size (`search.config.settled`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

State = TypeVar("State", contravariant=True)
Action = TypeVar("Action")


class Evaluator(Protocol[State, Action]):
    """A leaf value, move priors and a playout policy for one game's states."""

    def evaluate(self, state: State) -> Sequence[float]:
        """Static estimate of each seat's chance to win, in [0, 1]."""
        ...

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float]:
        """Probabilities over `actions` (summing to 1) for PUCT selection and expansion."""
        ...

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A cheap move for playouts."""
        ...


AnyEvaluator = Evaluator[Any, Any]

