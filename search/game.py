"""The small protocol every rules engine offers to the search.

A state is the full truth of one world (hidden cards included). States are mutable: `apply`
changes the state in place, and `clone` makes an independent copy, so a search determinizes
once per iteration and then plays forward without copying at every ply.

Actions are small hashable values whose identity is the same in every determinization
("reserve the top card of the level-2 deck" is one action whatever card lies there), so the
search can key its tree by them and count how often each was available.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, TypeVar

State = TypeVar("State")
Action = TypeVar("Action", bound=Hashable)
Observation = TypeVar("Observation")


class Game(Protocol[State, Action, Observation]):
    """What ISMCTS needs from a game: rules, information sets and heuristics."""

    name: str

    def num_players(self, state: State) -> int:
        """Number of seats in this game."""
        ...

    def current_player(self, state: State) -> int:
        """Seat to decide next (meaningless when the state is terminal)."""
        ...

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Actions the current player may take; never empty unless terminal."""
        ...

    def apply(self, state: State, action: Action, rng: random.Random) -> None:
        """Play `action` in place; chance (deck draws, shuffles) comes from `rng`."""
        ...

    def clone(self, state: State) -> State:
        """An independent copy of `state`."""
        ...

    def is_terminal(self, state: State) -> bool:
        """True when the game is over."""
        ...

    def returns(self, state: State) -> Sequence[float]:
        """One value per seat in [0, 1] for a terminal state (win 1, loss 0, shares split)."""
        ...

    def observe(self, state: State, seat: int) -> Observation:
        """Exactly what `seat` may know of `state`."""
        ...

    def sample(self, observation: Observation, rng: random.Random) -> State:
        """A full state consistent with `observation`, hidden parts drawn uniformly."""
        ...

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A cheap heuristic move for playouts."""
        ...

    def evaluate(self, state: State) -> Sequence[float]:
        """Static estimate of each seat's chance to win, in [0, 1]."""
        ...

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float]:
        """Heuristic probabilities over `actions` (summing to 1) for PUCT selection."""
        ...


AnyGame = Game[Any, Any, Any]
