"""Normal-play Nim for two seats: take any number of objects from one pile; whoever takes the
last object wins. Perfect information: an observation is the table itself."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

PILES = (3, 5, 7, 9)
"""The piles of a new game."""

class Action(NamedTuple):
    """Take `take` objects from pile `pile` (equal to the plain tuple (pile, take))."""

    pile: int
    take: int

    def __str__(self) -> str:
        return f"take:{self.pile}x{self.take}"


@dataclass
class NimState:
    piles: list[int]
    """Objects left in each pile."""
    player: int = 0
    """The seat to move; after the last take, the winner."""


@dataclass(frozen=True)
class NimObservation:
    piles: tuple[int, ...]
    player: int


def new_game(num_players: int = 2, seed: int | None = None) -> NimState:
    """A fresh game on `PILES` (no chance: the seed changes nothing); ValueError unless 2 seats."""
    if num_players != 2:
        raise ValueError(f"players: Nim is played by 2, not {num_players}")
    return NimState(list(PILES))


class Nim:
    """The facade (games/README.md) of Nim."""

    name = "nim"

    def new_game(self, num_players: int, seed: int | None = None) -> NimState:
        return new_game(num_players, seed)

    def num_players(self, state: NimState) -> int:
        return 2

    def current_player(self, state: NimState) -> int:
        return -1 if self.is_terminal(state) else state.player

    def legal_actions(self, state: NimState) -> Sequence[Action]:
        return [Action(i, k) for i, n in enumerate(state.piles) for k in range(1, n + 1)]

    def apply(self, state: NimState, action: Action, rng: random.Random) -> None:
        pile, take = action
        if not (0 <= pile < len(state.piles) and 1 <= take <= state.piles[pile]):
            raise ValueError(f"cannot take {take} from pile {pile}")
        state.piles[pile] -= take
        if any(state.piles):
            state.player = 1 - state.player  # the one who took last stays as the winner

    def clone(self, state: NimState) -> NimState:
        return NimState(list(state.piles), state.player)

    def is_terminal(self, state: NimState) -> bool:
        return not any(state.piles)

    def returns(self, state: NimState) -> Sequence[float]:
        if not self.is_terminal(state):
            raise ValueError("the game is not over")
        return (1.0, 0.0) if state.player == 0 else (0.0, 1.0)

    def observe(self, state: NimState, seat: int) -> NimObservation:
        return NimObservation(tuple(state.piles), state.player)

    def sample(self, observation: NimObservation, rng: random.Random) -> NimState:
        return NimState(list(observation.piles), observation.player)

    def parse(self, text: str) -> Action:
        kind, _, rest = text.partition(":")
        pile, _, take = rest.partition("x")
        if kind != "take" or not pile.isdigit() or not take.isdigit():
            raise ValueError(f"{text!r}: write take:<pile>x<count>, e.g. take:0x2")
        return Action(int(pile), int(take))

    def notation(self, action: Action) -> str:
        return str(Action(*action))  # a plain (pile, take) tuple too

    def describe(self, action: Action, state: NimState | None = None) -> str:
        return f"take {action[1]} from pile {action[0]}"

    def render(self, state: NimState) -> str:
        return self.render_view(self.observe(state, 0))

    def render_view(self, obs: NimObservation) -> str:
        piles = "  ".join(f"{i}:{'|' * n or '-'}" for i, n in enumerate(obs.piles))
        return f"piles {piles}   seat {obs.player} to move"


GAME = Nim()
