"""The games the service serves, each behind one adapter between its messages and its engine.

The service and the search workers only talk to `GameAdapter`; the adapters are the ones the
registry (`games/registry.py`) names, one per game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from google.protobuf.message import Message

from advisor.coaching import Reason
from advisor.errors import RequestError
from advisor.sizes import check_sizes
from contract.v1 import advisor_pb2, common_pb2
from games.registry import SERVED
from search import AnyEvaluator, AnyGame, SearchConfig

State = TypeVar("State")
View = TypeVar("View")
"""A full state or an observation of the game."""
Action = TypeVar("Action")
ViewIn = TypeVar("ViewIn", contravariant=True)
ActionIn = TypeVar("ActionIn", contravariant=True)


class Codec(Protocol[State, View, Action]):
    """Between the game's messages and its engine's values, validating what comes in."""

    @property
    def name(self) -> str:
        """The oneof branch name in Observation, GameState and Move, e.g. "splendor_marvel"."""
        ...

    @property
    def game_id(self) -> int:
        """The `advisor.v1.Game` value."""
        ...

    @property
    def max_list_length(self) -> int:
        """No list in this game's messages may be longer: the number of cards in the game."""
        ...

    def info(self) -> advisor_pb2.GameInfo:
        """Title, player counts and catalogue."""
        ...

    def observation(self, msg: Message, path: str) -> View:
        """Validate and decode the game's observation message (RequestError if invalid)."""
        ...

    def state(self, msg: Message, path: str) -> State:
        """Validate and decode the game's full-state message (RequestError if invalid)."""
        ...

    def observation_message(self, obs: View) -> common_pb2.Observation:
        """The wrapped message of an engine observation."""
        ...

    def state_message(self, state: State) -> common_pb2.GameState:
        """The wrapped message of an engine state."""
        ...

    def move(self, msg: common_pb2.Move, path: str) -> Action:
        """The engine action of a move message (structured or notation)."""
        ...

    def move_message(self, action: Action, seat: int) -> common_pb2.Move:
        """A move message with structure, notation, plain words and the seat."""
        ...


class Referee(Protocol[State, ViewIn, Action]):
    """The rules questions the referee RPCs and the search workers ask."""

    @property
    def engine(self) -> AnyGame:
        """The rules' facade, which the search plays by."""
        ...

    @property
    def evaluator(self) -> AnyEvaluator:
        """The default evaluator, which the search thinks with."""
        ...

    def new_game(self, players: int, seed: int | None, start_seat: int, turn_cap: int) -> State:
        """A fresh full state (ValueError for impossible settings)."""
        ...

    def to_move(self, view: ViewIn) -> int:
        """The seat to decide in a state or observation."""
        ...

    def is_over(self, view: ViewIn) -> bool:
        """True when the game in a state or observation has ended."""
        ...

    def legal_moves(self, view: ViewIn) -> Sequence[Action]:
        """Legal actions of the seat to decide, from a state or an observation."""
        ...

    def hides_moves(self, view: ViewIn) -> bool:
        """True when the seat to decide may have moves that depend on cards the observer of
        `view` cannot see (never for a full state, nor for the deciding seat's own view)."""
        ...

    def why_illegal(self, state: State, action: Action) -> str | None:
        """None when legal, else the reason in words."""
        ...

    def play(self, state: State, action: Action) -> list[common_pb2.Event]:
        """Apply a legal action in place; the events it caused."""
        ...

    def summaries(self, view: ViewIn) -> list[common_pb2.SeatSummary]:
        """Public standing of every seat."""
        ...

    def in_follow_up(self, state: State, seat: int) -> bool:
        """True when `seat` still has a decision to make in its current turn."""
        ...

    def points(self, state: State, seat: int) -> float:
        """The seat's score in a full state."""
        ...


class Coach(Protocol[ViewIn, ActionIn]):
    """What Evaluate adds to the numbers: reasons as measured facts, and match chances."""

    def reasons(
        self, obs: ViewIn, action: ActionIn, alternative: ActionIn | None, rng: random.Random
    ) -> list[Reason]:
        """Measured facts on which the position after `action` (by the seat to move) differs
        from the one after `alternative`, or from the position before when it is None."""
        ...

    def match_wins(self, obs: ViewIn, seed: int, deadline: float | None) -> list[float]:
        """Each seat's chance to win its current match, from playouts started before the
        monotonic `deadline` (empty for a game without matches, or when time ran out)."""
        ...

    def judging(self, config: SearchConfig) -> SearchConfig:
        """The settings of a judged move's own search, from the main search's (the coaching's
        own measurement: e.g. playouts to the end where the cut ones misjudge)."""
        ...


class GameAdapter(Codec[Any, Any, Any], Referee[Any, Any, Any], Coach[Any, Any], Protocol):
    """One game as the service serves it: its codec, referee and coach (each game's adapter
    types them with its own State, Observation and Action)."""


def _load_adapters() -> dict[str, GameAdapter]:
    """Each registered game's adapter, in the registry's order."""
    adapters: dict[str, GameAdapter] = {
        name: importlib.import_module(game.adapter_module).ADAPTER for name, game in SERVED.items()
    }
    return adapters


ADAPTERS = _load_adapters()
BY_ID = {adapter.game_id: adapter for adapter in ADAPTERS.values()}


def adapter_of(msg: Message, path: str) -> tuple[GameAdapter, Message]:
    """The adapter of a message with a `game` oneof, and the chosen branch."""
    branch = msg.WhichOneof("game")
    if branch is None:
        raise RequestError([(path, f"choose a game: one of {', '.join(ADAPTERS)}")])
    adapter = ADAPTERS.get(branch)
    if adapter is None:
        raise RequestError([(f"{path}.{branch}", "this game is not served yet")])
    inner: Message = getattr(msg, branch)
    check_sizes(inner, f"{path}.{branch}", adapter.max_list_length)
    return adapter, inner


def adapter_by_name(name: str) -> GameAdapter:
    """The adapter of a game by its name (for worker processes)."""
    return ADAPTERS[name]
