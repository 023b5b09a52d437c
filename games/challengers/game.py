"""`Challengers`: the rules behind the search's Game protocol."""

from __future__ import annotations

import random

from ..strength_levels import CHALLENGERS as STRENGTH_LEVELS
from . import flow, observation, view
from .actions import Action
from .observation import Observation
from .render import describe as describe_action
from .render import render as render_table
from .setup import new_game
from .state import OVER, State


class Challengers:
    """The Game protocol for Challengers!' rules (mutable states, in-place `apply`). What the
    search thinks of a position is an evaluator's (`knowledge`; `evaluators` lists them by id)."""

    name = "challengers"
    strength_levels = STRENGTH_LEVELS
    """Its own strength ladder (`search.levels.ladder_of`; games/strength_levels.py)."""

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


GAME = Challengers()
"""The rules the search plays by (it holds no game state)."""
