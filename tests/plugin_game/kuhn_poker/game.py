"""Kuhn poker for two seats: a deck of Jack, Queen and King, one card each, an ante of one.
Seat 0 passes or bets one; after a pass seat 1 may pass (showdown) or bet, and a bet is called
(showdown for two) or folded (the bettor wins). The higher card wins a showdown. The other
seat's card is the hidden information."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

CARDS = "JQK"
ACTIONS = ("pass", "bet")
ENDINGS = {"pp": None, "bb": None, "pbb": None, "bp": 0, "pbp": 1}
"""Each finished history and the seat that wins it without a showdown (None: the higher card)."""


@dataclass
class KuhnState:
    cards: tuple[int, int]
    """Each seat's card: 0 Jack, 1 Queen, 2 King."""
    history: str = ""
    """The moves so far, `p` for a pass and `b` for a bet."""


@dataclass(frozen=True)
class KuhnObservation:
    seat: int
    card: int
    history: str


def new_game(num_players: int = 2, seed: int | None = None) -> KuhnState:
    """A fresh deal from `seed`; ValueError unless 2 seats."""
    if num_players != 2:
        raise ValueError(f"players: Kuhn poker is played by 2, not {num_players}")
    first, second = random.Random(seed).sample(range(len(CARDS)), 2)
    return KuhnState((first, second))


class KuhnPoker:
    """The facade (games/README.md) of Kuhn poker."""

    name = "kuhn_poker"

    def new_game(self, num_players: int, seed: int | None = None) -> KuhnState:
        return new_game(num_players, seed)

    def num_players(self, state: KuhnState) -> int:
        return 2

    def current_player(self, state: KuhnState) -> int:
        return -1 if self.is_terminal(state) else len(state.history) % 2

    def legal_actions(self, state: KuhnState) -> Sequence[str]:
        return [] if self.is_terminal(state) else list(ACTIONS)

    def apply(self, state: KuhnState, action: str, rng: random.Random) -> None:
        if action not in self.legal_actions(state):
            raise ValueError(f"{action!r} is not a move here")
        state.history += action[0]

    def clone(self, state: KuhnState) -> KuhnState:
        return KuhnState(state.cards, state.history)

    def is_terminal(self, state: KuhnState) -> bool:
        return state.history in ENDINGS

    def returns(self, state: KuhnState) -> Sequence[float]:
        if not self.is_terminal(state):
            raise ValueError("the game is not over")
        winner = ENDINGS[state.history]
        if winner is None:
            winner = 0 if state.cards[0] > state.cards[1] else 1
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)

    def observe(self, state: KuhnState, seat: int) -> KuhnObservation:
        return KuhnObservation(seat, state.cards[seat], state.history)

    def sample(self, observation: KuhnObservation, rng: random.Random) -> KuhnState:
        other = rng.choice([c for c in range(len(CARDS)) if c != observation.card])
        cards = (observation.card, other) if observation.seat == 0 else (other, observation.card)
        return KuhnState(cards, observation.history)

    def parse(self, text: str) -> str:
        if text not in ACTIONS:
            raise ValueError(f"{text!r}: write pass or bet")
        return text

    def notation(self, action: str) -> str:
        return action

    def describe(self, action: str, state: KuhnState | None = None) -> str:
        return "bet one chip" if action == "bet" else "pass"

    def render(self, state: KuhnState) -> str:
        return f"cards {CARDS[state.cards[0]]} {CARDS[state.cards[1]]}, moves {state.history!r}"

    def render_view(self, obs: KuhnObservation) -> str:
        return f"seat {obs.seat} holds {CARDS[obs.card]}, moves {obs.history!r}"


GAME = KuhnPoker()
