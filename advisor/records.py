"""A game record (set-up and every move) replayed on the full state and checked move by move.

The replay gives each reviewed move with what its seat could see just before it (the engine's
`observe`), so the judge never sees a hidden card even though the record holds them all. Every
problem (an unknown set-up, a seat out of range, an illegal move, too many moves) is a
`RequestError` naming the field and, for a move, its number: found before any search starts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.adapters import ADAPTERS, BY_ID, GameAdapter, adapter_of
from advisor.errors import RequestError
from contract.v1 import advisor_pb2, common_pb2
from games.registry import DEFAULT_GAME


@dataclass(frozen=True)
class Turn:
    """One reviewed move: its 1-based number, the seat, the action and the seat's observation
    before it; `forced` when it was the seat's only legal move."""

    number: int
    seat: int
    action: Any
    observation: Any
    forced: bool


@dataclass(frozen=True)
class Replay:
    """A checked record: its game, the seats to review and their turns, in order."""

    adapter: GameAdapter
    seats: tuple[int, ...]
    turns: tuple[Turn, ...]


def new_game(request: advisor_pb2.NewGameRequest, path: str = "") -> tuple[GameAdapter, Any]:
    """The adapter and fresh state a NewGame request asks for (RequestError naming the field
    under `path` when it cannot be dealt)."""
    where = f"{path}." if path else ""
    adapter = (ADAPTERS[DEFAULT_GAME] if request.game == common_pb2.GAME_UNSPECIFIED
               else BY_ID.get(request.game))
    if adapter is None:
        names = ", ".join(common_pb2.Game.Name(g) for g in BY_ID)
        raise RequestError([(f"{where}game", f"choose a served game: {names}")])
    seed = request.seed if request.HasField("seed") else None
    try:
        state = adapter.new_game(request.players, seed, request.start_seat, request.turn_cap)
    except ValueError as exc:
        field = next((f for f in ("start_seat", "turn_cap") if f in str(exc)), "players")
        raise RequestError([(f"{where}{field}", str(exc))]) from None
    return adapter, state


def _setup(record: advisor_pb2.GameRecord) -> tuple[GameAdapter, Any]:
    setup = record.WhichOneof("setup")
    if setup == "new_game":
        if not record.new_game.HasField("seed"):
            raise RequestError([("record.new_game.seed",
                                 "give the seed the game was dealt with: without it the deal "
                                 "is random and cannot be replayed")])
        return new_game(record.new_game, "record.new_game")
    if setup == "initial_state":
        adapter, inner = adapter_of(record.initial_state, "record.initial_state")
        return adapter, adapter.state(inner, f"record.initial_state.{adapter.name}")
    raise RequestError([("record.setup", "give the set-up: new_game (with its seed) or the "
                                         "initial_state NewGame answered")])


def _seats(wanted: Sequence[int], players: int) -> frozenset[int]:
    for i, seat in enumerate(wanted):
        if seat >= players:
            raise RequestError([(f"seats[{i}]",
                                 f"seat {seat} is out of range 0..{players - 1}")])
    return frozenset(wanted) if wanted else frozenset(range(players))


def replay(request: advisor_pb2.ReviewGameRequest, max_moves: int) -> Replay:
    """Check `request`'s record and list the turns of the seats to review."""
    record = request.record
    if len(record.moves) > max_moves:
        raise RequestError([("record.moves", f"{len(record.moves)} moves: this server reviews "
                                             f"at most {max_moves} moves at once")])
    adapter, state = _setup(record)
    engine = adapter.engine
    players = engine.num_players(state)
    seats = _seats(request.seats, players)
    chance = random.Random(record.chance_seed) if record.HasField("chance_seed") else None
    turns: list[Turn] = []
    for index, message in enumerate(record.moves):
        number, path = index + 1, f"record.moves[{index}]"
        if adapter.is_over(state):
            raise RequestError([(path, f"move {number}: the game was over after move {index}")])
        seat = adapter.to_move(state)
        try:
            action = adapter.move(message, path)
        except RequestError as exc:
            raise RequestError([(where, f"move {number} (seat {seat}): {why}")
                                for where, why in exc.violations]) from None
        why = adapter.why_illegal(state, action)
        if why is not None:
            raise RequestError([(path, f"move {number} ({action}) by seat {seat} is illegal: "
                                       f"{why}")])
        if seat in seats:
            forced = len(adapter.legal_moves(state)) == 1
            turns.append(Turn(number, seat, action, engine.observe(state, seat), forced))
        if chance is None:
            adapter.play(state, action)
        else:
            engine.apply(state, action, chance)
    return Replay(adapter, tuple(sorted(seats)), tuple(turns))
