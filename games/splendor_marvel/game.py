"""`SplendorMarvel`: the rules behind the search's `Game` protocol."""

from __future__ import annotations

import random

from games.splendor_marvel import actions, observation, opponent_model, rules
from games.splendor_marvel.actions import Action
from games.splendor_marvel.observation import Observation
from games.splendor_marvel.render import render as render_table
from games.splendor_marvel.state import SplendorState, new_game


class SplendorMarvel:
    """Splendor: Marvel's rules for 2–4 players behind the search's `Game` protocol; stateless,
    so one instance serves every game. What the search thinks of a position is an evaluator's
    (`knowledge`; `evaluators` lists them by id)."""

    name = "splendor_marvel"

    def num_players(self, state: SplendorState) -> int:
        return state.num_players

    def new_game(self, num_players: int, seed: int | None = None) -> SplendorState:
        """A fresh game for 2-4 players (`state.new_game` takes the other settings)."""
        return new_game(num_players, seed)

    def current_player(self, state: SplendorState) -> int:
        return -1 if state.result is not None else state.current

    def legal_actions(self, state: SplendorState) -> list[Action]:
        return rules.legal_actions(state)

    def apply(self, state: SplendorState, action: Action, rng: random.Random) -> None:
        rules.apply(state, action)

    def clone(self, state: SplendorState) -> SplendorState:
        return state.clone()

    def is_terminal(self, state: SplendorState) -> bool:
        return state.result is not None

    def returns(self, state: SplendorState) -> tuple[float, ...]:
        if state.result is None:
            raise ValueError("the game is not over")
        return state.result

    def observe(self, state: SplendorState, seat: int) -> Observation:
        return observation.observe(state, seat)

    def sample(self, observation_: Observation, rng: random.Random) -> SplendorState:
        return observation.sample(observation_, rng)

    def believe(self, observation_: Observation) -> Observation:
        """The observation with beliefs about the hidden reserves from its history, modelling
        each opponent as playing by the priors (`opponent_model.believe`); unchanged without
        evidence."""
        return opponent_model.believe(observation_)

    def information_key(self, state: SplendorState, seat: int) -> tuple[int, ...]:
        """The cards `seat` reserved blind: all it knows that another seat may not."""
        hand = zip(state.reserved[seat], state.reserved_public[seat], strict=True)
        return tuple(card for card, public in hand if not public)

    def parse(self, text: str) -> Action:
        """The action written `text` in the notation; ValueError naming what is wrong."""
        return actions.parse(text)

    def notation(self, action: Action) -> str:
        """The action in the notation (`parse` reads it back)."""
        return action.notation()

    def describe(self, action: Action, state: SplendorState | None = None) -> str:
        """The action in plain words (this game's words need no state)."""
        return actions.describe(action)

    def render(self, state: SplendorState) -> str:
        """The table as text, hidden cards included."""
        return render_table(state)

    def render_view(self, view: Observation) -> str:
        """The table as the observation's seat sees it."""
        return render_table(view)


GAME = SplendorMarvel()
"""The rules the search plays by."""
