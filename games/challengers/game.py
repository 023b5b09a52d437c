"""`Challengers`: the rules engine behind the search's Game protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..strength_levels import CHALLENGERS as STRENGTH_LEVELS
from . import flow, heuristics, knowledge, observation, view
from .actions import Action
from .heuristics import Worth
from .observation import Observation
from .render import describe as describe_action
from .render import render as render_table
from .setup import new_game
from .state import OVER, State

if TYPE_CHECKING:
    from .compiled import ChallengersCompiled


class Knowledge(Protocol):
    """What a search knows of the game beyond its rules: the card worth of its priors and of
    its playouts, and a compiled twin that scores by the same."""

    @property
    def worth(self) -> Worth: ...

    @property
    def playout_worth(self) -> Worth: ...

    @property
    def compiled(self) -> ChallengersCompiled: ...


class Challengers:
    """The Game protocol for Challengers! (mutable states, in-place `apply`), searched with
    `knowledge`'s card worth, or without it with the hand-written one (`heuristics.TODAY`).

    `GAME` searches with the default engine of `weights/manifest.json` (`knowledge.default`:
    the learned worth in its priors); `LOGISTIC_GAME` with the hand-written worth (the default
    before; `value=logistic` in `engines`); `greedy_engine` is the one `GreedyBot` plays: the
    hand-written one, so greedy stays the targets' opponent."""

    name = "challengers"
    strength_levels = STRENGTH_LEVELS
    """Its own strength ladder (`search.levels.ladder_of`; games/strength_levels.py)."""

    def __init__(self, knowledge: Knowledge | None = None):
        self.knowledge = knowledge
        """The manifest engine it searches with (None: the hand-written worth)."""
        self.worth = heuristics.TODAY if knowledge is None else knowledge.worth
        """The card worth of the priors."""
        self.playout_worth = heuristics.TODAY if knowledge is None else knowledge.playout_worth
        """The card worth of the playouts."""

    @property
    def compiled(self) -> ChallengersCompiled:
        """The numba-compiled twin of this engine: the knowledge's, or `compiled.LOGISTIC`
        without (imported on first use: it loads numba)."""
        if self.knowledge is not None:
            return self.knowledge.compiled
        from .compiled import LOGISTIC

        return LOGISTIC

    @property
    def greedy_engine(self) -> Challengers:
        """The engine whose highest prior `GreedyBot` plays: the hand-written one."""
        return LOGISTIC_GAME

    def num_players(self, state: State) -> int:
        """Number of seats (players; the robot is no seat)."""
        return state.num_players

    def current_player(self, state: State) -> int:
        """Seat to decide next (-1 when the game is over)."""
        return flow.current_player(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Legal actions of the current player, in a stable order."""
        return flow.legal_actions(state)

    def apply(self, state: State, action: Action, rng: random.Random) -> None:
        """Play `action` in place and run the game on to the next decision."""
        flow.apply(state, action, rng)

    def clone(self, state: State) -> State:
        """An independent copy of `state`."""
        return state.clone()

    def is_terminal(self, state: State) -> bool:
        """True when the tournament is decided."""
        return state.phase == OVER

    def returns(self, state: State) -> list[float]:
        """Per seat: 1 for the winner, 0 for the others (0.5 each on a 2-player tie).

        Raises ValueError before the tournament is over."""
        if state.result is None:
            raise ValueError("the game is not over")
        return list(state.result)

    def observe(self, state: State, seat: int) -> Observation:
        """Exactly what `seat` may know."""
        return observation.observe(state, seat)

    def sample(self, obs: Observation, rng: random.Random) -> State:
        """A full state consistent with `obs`."""
        return observation.sample(obs, rng)

    def believe(self, obs: Observation) -> Observation:
        """`obs` whose `sample` deals other drafters' hidden picks as the priors would pick
        them (`opponent_model`), or `obs` itself when it hides no pick."""
        return observation.believe(obs)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A cheap heuristic move at the playouts' worth."""
        return heuristics.rollout_action(state, rng, worth=self.playout_worth)

    def evaluate(self, state: State) -> list[float]:
        """Static estimate of each seat's chance to win."""
        return heuristics.evaluate(state)

    def priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        """Heuristic probabilities over `actions` at the priors' worth."""
        return heuristics.priors(state, actions, self.worth)

    def describe(self, action: Action, state: State | None = None) -> str:
        """`action` in plain words."""
        return describe_action(action, state)

    def render(self, state: State) -> str:
        """A readable text picture of `state`."""
        return render_table(state)

    def render_view(self, obs: Observation) -> str:
        """What the observation's seat knows: standings, decks, the draft or the match."""
        return view.render_observation(obs)

    def standings(self, obs: Observation) -> str:
        """Each seat's fans and trophies as the observation's seat sees them."""
        return view.standings(obs)

    def new_game(self, num_players: int, seed: int | None = None) -> State:
        """A new tournament for 1-8 players (module `new_game` takes the other settings)."""
        return new_game(num_players, 0 if seed is None else seed)

    def parse(self, text: str) -> Action:
        """The action written `text` in the notation; ValueError naming what is wrong."""
        return Action.parse(text)

    def notation(self, action: Action) -> str:
        """The action in the notation (`parse` reads it back)."""
        return str(action)


GAME = Challengers(knowledge.default())
"""The default engine (the manifest's `default`; it holds no game state): the engine behind the
search's protocol."""
LOGISTIC_GAME = Challengers()
"""The engine with the hand-written worth (the arena's `value=logistic`; greedy's)."""
