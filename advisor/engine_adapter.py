"""A game's adapter built from its engine facade, its codec and its validator.

`EngineAdapter` answers every `GameAdapter` question the same way for every game, from the
facade (`games/README.md`), the codec module (`contract/codecs/`) and the validate module
(`advisor/<game>/validate.py`: `validate_observation(msg, path)` and `validate_state(msg,
path)` return the engine's value or raise RequestError naming every field that is wrong). A
game's adapter sets those and overrides only what its rules make different.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Generic, TypeVar, cast

from google.protobuf.message import Message

from advisor.coaching import Reason
from advisor.moves import decode_move
from contract.v1 import advisor_pb2, common_pb2
from games.registry import GAMES
from search import SearchConfig

State = TypeVar("State")
View = TypeVar("View")
Action = TypeVar("Action")


class EngineAdapter(Generic[State, View, Action]):
    """Stateless; one instance serves every request. `View` is the game's observation; the
    rules questions take a full state or an observation."""

    name: str
    """The game's name in the registry (its oneof branch in the messages)."""
    engine: Any
    """The rules' facade, `GAME`."""
    state_type: type
    """The engine's full-state class (anything else a rules question gets is an observation)."""
    codec: ModuleType
    validator: ModuleType
    coach: ModuleType | None = None
    """A module whose `reasons(obs, action, alternative, rng)` explains moves, if any."""
    max_list_length: int
    """No list in this game's messages may be longer: the number of cards in the game."""

    @property
    def evaluator(self) -> Any:
        """The default evaluator the searches think with (the registry's; loaded on first
        use)."""
        return GAMES[self.name].evaluator("default")

    @property
    def game_id(self) -> common_pb2.Game:
        """The `advisor.v1.Game` value."""
        return cast(common_pb2.Game, common_pb2.Game.Value(f"GAME_{self.name.upper()}"))

    def info(self) -> advisor_pb2.GameInfo:
        entry = GAMES[self.name]
        engine, networks = entry.default_evaluator()
        return advisor_pb2.GameInfo(
            game=self.game_id, title=entry.title, player_counts=entry.player_counts,
            engine=engine, networks=networks, **{self.name: self.codec.catalogue_to_proto()},
        )

    def observation(self, msg: Message, path: str) -> View:
        view: View = self.validator.validate_observation(msg, path)
        return view

    def state(self, msg: Message, path: str) -> State:
        state: State = self.validator.validate_state(msg, path)
        return state

    def observation_message(self, obs: View) -> common_pb2.Observation:
        return common_pb2.Observation(**{self.name: self.codec.observation_to_proto(obs)})

    def state_message(self, state: State) -> common_pb2.GameState:
        return common_pb2.GameState(**{self.name: self.codec.state_to_proto(state)})

    def move(self, msg: common_pb2.Move, path: str) -> Action:
        action: Action = decode_move(msg, path, self.name, self.codec.move_from_proto,
                                     self.engine.parse)
        return action

    def move_message(self, action: Action, seat: int) -> common_pb2.Move:
        return common_pb2.Move(
            **{self.name: self.codec.move_to_proto(action)},
            notation=self.engine.notation(action), description=self.engine.describe(action),
            seat=seat,
        )

    def new_game(self, players: int, seed: int | None, start_seat: int, turn_cap: int) -> State:
        """A fresh game by the facade; a game with other settings overrides this."""
        if start_seat:
            raise ValueError(f"start_seat: in {GAMES[self.name].title} seat 0 always begins")
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        state: State = self.engine.new_game(players, seed=seed)
        return state

    def world(self, view: State | View) -> State:
        """A full state for rules questions whose answer is public to the seat to decide (any
        world consistent with an observation will do)."""
        if isinstance(view, self.state_type):
            return view  # type: ignore[return-value]  # the state type is `State`
        world: State = self.engine.sample(view, random.Random(0))
        return world

    def seat_to_decide(self, view: State | View) -> int:
        """The seat whose decision the game waits for; -1 when none (over, or no one yet)."""
        seat: int = self.engine.current_player(self.world(view))
        return seat

    def to_move(self, view: State | View) -> int:
        return max(self.seat_to_decide(view), 0)

    def is_over(self, view: State | View) -> bool:
        return bool(self.engine.is_terminal(self.world(view)))

    def legal_moves(self, view: State | View) -> Sequence[Action]:
        legal: Sequence[Action] = self.engine.legal_actions(self.world(view))
        return legal

    def hides_moves(self, view: State | View) -> bool:
        """By default only the deciding seat (or a full state) knows its moves."""
        if isinstance(view, self.state_type) or self.is_over(view):
            return False
        return bool(getattr(view, "seat", -1) != self.seat_to_decide(view))

    def why_illegal(self, state: State, action: Action) -> str | None:
        if self.is_over(state):
            return f"the {GAMES[self.name].title} game is over"
        legal = self.engine.legal_actions(state)
        if action in legal:
            return None
        return f"not a legal move now (legal: {', '.join(map(self.engine.notation, legal[:12]))})"

    def referee_rng(self, state: State) -> random.Random:
        """The randomness of the next referee move: a function of the full state."""
        encoded = self.codec.state_to_proto(state).SerializeToString(deterministic=True)
        return random.Random(hashlib.sha256(encoded).digest())

    def play(self, state: State, action: Action) -> list[common_pb2.Event]:
        seat = self.seat_to_decide(state)
        self.engine.apply(state, action, self.referee_rng(state))
        played = common_pb2.Event(kind="move_played", seat=seat,
                                  description=self.engine.describe(action))
        return [played, *self.game_over(state)]

    def game_over(self, state: State) -> list[common_pb2.Event]:
        """The event that names the winners once the game has ended (none before)."""
        if not self.is_over(state):
            return []
        returns = self.engine.returns(state)
        winners = [seat for seat, value in enumerate(returns) if value == max(returns)]
        text = f"seat{'s' * (len(winners) > 1)} {', '.join(map(str, winners))} win"
        return [common_pb2.Event(kind="game_over", seat=winners[0], description=text)]

    def summaries(self, view: State | View) -> list[common_pb2.SeatSummary]:
        world = self.world(view)
        return [common_pb2.SeatSummary(seat=seat, points=round(self.points(world, seat)))
                for seat in range(self.engine.num_players(world))]

    def in_follow_up(self, state: State, seat: int) -> bool:
        return not self.is_over(state) and self.seat_to_decide(state) == seat

    def points(self, state: State, seat: int) -> float:
        """The seat's score; by default its share of the game once it is over."""
        return float(self.engine.returns(state)[seat]) if self.is_over(state) else 0.0

    def reasons(
        self, obs: View, action: Action, alternative: Action | None, rng: random.Random
    ) -> list[Reason]:
        if self.coach is None:
            return []
        found: list[Reason] = self.coach.reasons(obs, action, alternative, rng)
        return found

    def match_wins(self, obs: View, seed: int, deadline: float | None) -> list[float]:
        return []  # a game without matches

    def judging(self, config: SearchConfig) -> SearchConfig:
        return config  # the main search's settings
