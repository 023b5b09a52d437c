"""`SplendorMarvel`: the engine behind the search's `Game` protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from games.splendor_marvel import actions, heuristics, observation, opponent_model, rules
from games.splendor_marvel.actions import Action
from games.splendor_marvel.observation import Observation
from games.splendor_marvel.render import render as render_table
from games.splendor_marvel.state import SplendorState, new_game

if TYPE_CHECKING:
    from games.splendor_marvel.compiled import SplendorMarvelCompiled


class Knowledge(Protocol):
    """What a search knows of the game beyond its rules: a position's value, the moves' priors,
    its settings by table size, and a compiled twin that computes the same."""

    @property
    def compiled(self) -> SplendorMarvelCompiled: ...

    def search_settings(self, num_players: int) -> dict[str, float]: ...

    def evaluate(self, state: SplendorState) -> tuple[float, ...]: ...

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]: ...


class HandWritten:
    """The logistic evaluation and hand-written priors (`heuristics`) at the search's default
    PUCT constant: the baseline the learned engines are measured against."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The logistic kernel (`compiled.COMPILED`; imported on first use: it loads numba)."""
        from games.splendor_marvel.compiled import COMPILED

        return COMPILED

    def search_settings(self, num_players: int) -> dict[str, float]:
        return {}

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return heuristics.evaluate(state)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return heuristics.priors(state, actions)


class SplendorMarvel:
    """Splendor: Marvel for 2–4 players, searched with `knowledge`; stateless, so one
    instance serves every game.

    `GAME` searches with the default engine of `weights/manifest.json` (`knowledge.default`,
    read on first use), chosen by the table's size; `engines` lists the others by id."""

    name = "splendor_marvel"

    def __init__(self, knowledge: Knowledge | None = None):
        self._knowledge = knowledge

    @property
    def knowledge(self) -> Knowledge:
        """The value, priors and settings it searches with (the manifest's default unless
        given; loads numba)."""
        if self._knowledge is None:
            from games.splendor_marvel import knowledge

            self._knowledge = knowledge.default()
        return self._knowledge

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba-compiled twin of this engine."""
        return self.knowledge.compiled

    def search_settings(self, num_players: int) -> dict[str, float]:
        """The search's settings for a table of `num_players` (`search.config.settled`)."""
        return self.knowledge.search_settings(num_players)

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

    def rollout_action(self, state: SplendorState, rng: random.Random) -> Action:
        return heuristics.rollout_action(state, rng)

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        """Each seat's chance to win, by the knowledge's value."""
        return self.knowledge.evaluate(state)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        """The knowledge's priors of `actions`."""
        return self.knowledge.priors(state, actions)

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
"""The default engine (the manifest's `default`)."""
LOGISTIC_GAME = SplendorMarvel(HandWritten())
"""The hand-written baseline (`value=logistic`)."""
