"""The small protocol every rules engine offers to the search: the rules, and nothing the
search should think of them (that is an evaluator's: `search.evaluator`).

A state is the full truth of one world (hidden cards included). States are mutable: `apply`
changes the state in place, and `clone` makes an independent copy, so a search determinizes
once per iteration and then plays forward without copying at every ply.

Actions are small hashable values whose identity is the same in every determinization
("reserve the top card of the level-2 deck" is one action whatever card lies there), so the
search can key its tree by them and count how often each was available.

The multiple-observer search (`SearchConfig(observers="multiple")`, `search.multi_observer`)
also needs `InformedGame.information_key`, and honours `observed_action` where a game has it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, TypeVar

State = TypeVar("State")
Action = TypeVar("Action", bound=Hashable)
Observation = TypeVar("Observation")


class Game(Protocol[State, Action, Observation]):
    """What ISMCTS needs from a game's rules: moves, chance and information sets."""

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


AnyGame = Game[Any, Any, Any]


class InformedGame(Game[State, Action, Observation], Protocol):
    """A game that says what each seat privately knows: the multiple-observer search's needs.

    Optionally it also offers `observed_action(state, action, seat) -> Hashable`: how `seat`
    sees `action` played by the seat to move in `state` (the action itself where it sees it,
    any stand-in where it does not: a hidden draft pick). Without it every move is public.
    """

    def information_key(self, state: State, seat: int) -> Hashable:
        """A compact hashable key of what `seat` knows of `state` beyond the moves it has seen
        (its own hidden cards; cards chance showed it, if the game wants them told apart).

        States `seat` cannot tell apart after the same moves must give equal keys; states it
        can tell apart may share one (the search then pools them). Where `seat` decides, its
        tree branches on this key, so it decides by its own cards.
        """
        ...


AnyInformedGame = InformedGame[Any, Any, Any]


class ModelledGame(Game[State, Action, Observation], Protocol):
    """A game with an opponent model: beliefs about hidden cards from the public history."""

    def believe(self, observation: Observation) -> Observation:
        """`observation` whose `sample` draws the hidden cards by the model's beliefs (the
        observation itself where it carries no evidence)."""
        ...


def believed(game: AnyGame, observation: Any, model: str) -> Any:
    """The observation the search samples from: `game.believe`'s when `model` is not `none`
    and the game has a model, else `observation` as it is."""
    believe = getattr(game, "believe", None)
    if model == "none" or believe is None:
        return observation
    return believe(observation)
