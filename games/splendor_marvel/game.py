"""`SplendorMarvel`: the engine behind the search's `Game` protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.splendor_marvel import actions, heuristics, observation, opponent_model, rules
from games.splendor_marvel.actions import Action
from games.splendor_marvel.observation import Observation
from games.splendor_marvel.render import render as render_table
from games.splendor_marvel.state import SplendorState, new_game

if TYPE_CHECKING:
    from games.splendor_marvel.compiled import SplendorMarvelCompiled


PUCT_C = {2: 0.5, 3: 0.3, 4: 0.3}
"""PUCT's constant for the learned priors by table size (`SplendorMarvel.search_settings`):
heads-up 0.5, +112 Elo [+37, +187] over 0.3 at 50 ms a move; at 4 players 0.3, where one learned
seat took 35.0% of the wins against three of the logistic searches, against 22.5% at 0.5 (80
games each); at 3 players 0.3 too, where one seat at 0.3 took 32.7% against two at 0.5 over 150
games, the fair share: no difference shown (benchmarks/LEARNING.md)."""


class SplendorMarvel:
    """Splendor: Marvel for 2–4 players; stateless, so one instance serves every game.

    Searched with what was learned from self-play (benchmarks/LEARNING.md), chosen by the
    table's size: a value network as the static evaluation and a learned policy as the priors,
    generation 4's heads-up, generation 2's at 3 players and at 4 generation 2's priors with a
    value of the 4-player table's own (`network_4p`), and the PUCT constant of the table's
    size. The engines with other evaluations and priors (the logistic baseline, earlier
    generations) are listed by id in `engines`."""

    name = "splendor_marvel"

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba-compiled twin of this engine, the kernel choosing generation 4 or 2 by the
        table's size (`learned.LEARNED`; imported on first use: it loads numba)."""
        from games.splendor_marvel.learned import LEARNED

        return LEARNED

    def search_settings(self, num_players: int) -> dict[str, float]:
        """The search's settings for a table of `num_players` (`search.config.settled`):
        PUCT's constant for the learned priors (`PUCT_C`)."""
        return {"puct_c": PUCT_C[num_players]}

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
        """Each seat's chance to win by the value network of the table's size
        (`network_default.default_value`: generation 4 heads-up, 2 at 3 players, the 4-player
        table's network at 4)."""
        from games.splendor_marvel import network, network_default  # loads numba

        return network.evaluate(state, network_default.default_value(state.num_players))

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        """The learned policy's priors of `actions` for the table's size
        (`network_policy.default_policy`)."""
        from games.splendor_marvel import network_policy  # loads numba

        return network_policy.priors(state, actions,
                                     network_policy.default_policy(state.num_players))

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
