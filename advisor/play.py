"""The play page's tables (`/play/new`, `/play/move` on the HTTP port): games against bots
whose full state stays on the server.

A browser seat may see only its observation, but the referee RPCs (NewGame, ApplyMove) trade
in full states, hidden cards included. So the state lives here, in a table, and the page gets
what its seat sees: the observation, the public summaries and the moves so far (other seats'
moves by their kind only, e.g. "reserve", since a move's notation can name a hidden card).
Bots move here too, by SuggestMove on their own observation at their strength level. Every
step is one of the servicer's RPCs (`call`), so validation, limits and errors are the gRPC
port's. Hints, grades and the review are the page's own public calls (SuggestMove, Evaluate,
ReviewGame): they need only the observation, and, once the game is over, the record this
answers with.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from advisor.errors import RequestError
from contract.v1 import advisor_pb2, common_pb2

Call = Callable[[str, Message], Any]
"""Calls the servicer's RPC by name (e.g. "ApplyMove") with a request; raises on an error."""

MAX_TABLES = 64
"""Tables kept at once; opening one more forgets the least recently used."""
MAX_LEVEL = 10


@dataclass
class Table:
    """One game: its state (never sent to the page), record, bots and their budget."""

    state: common_pb2.GameState
    record: advisor_pb2.GameRecord
    bots: dict[int, int]
    iterations: int
    viewer: int
    over: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _seed(seed: int, ply: int) -> int:
    """A bot's search seed for move `ply` of a game dealt with `seed`."""
    digest = hashlib.blake2b(f"{seed}:{ply}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _as_json(message: Message) -> dict[str, Any]:
    return json_format.MessageToDict(message)


class Tables:
    """The open tables, by id; `open` and `move` answer what the viewing seat may see."""

    def __init__(self, call: Call, max_tables: int = MAX_TABLES):
        self._call = call
        self._max = max_tables
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def open(self, body: dict[str, Any]) -> dict[str, Any]:
        """Deal `body["newGame"]` (a NewGameRequest in JSON), seat the bots
        (`[{"seat": s, "strength": 1..10}]`), let them move until a person's turn."""
        new_game = advisor_pb2.NewGameRequest()
        try:
            json_format.ParseDict(body.get("newGame", {}), new_game)
        except json_format.ParseError as exc:
            raise RequestError([("newGame", str(exc))]) from None
        if not new_game.HasField("seed"):
            new_game.seed = secrets.randbits(63)
        state = self._call("NewGame", new_game).state
        bots = self._bots(body.get("bots", []), new_game.players)
        iterations = body.get("iterations", 0)
        if not isinstance(iterations, int) or iterations < 1:
            raise RequestError([("iterations", "give the bots' search budget: a positive "
                                               "number of iterations")])
        people = [s for s in range(new_game.players) if s not in bots]
        table = Table(state, advisor_pb2.GameRecord(new_game=new_game), bots, iterations,
                      viewer=people[0])
        name = secrets.token_urlsafe(12)
        with self._lock:
            self._tables[name] = table
            while len(self._tables) > self._max:
                self._tables.popitem(last=False)
        with table.lock:
            self._play_bots(table)
            return self._view(name, table)

    def move(self, body: dict[str, Any]) -> dict[str, Any]:
        """Play `body["move"]` (notation) for the person to move at `body["table"]`, then the
        bots until a person's turn or the end."""
        name, notation = body.get("table"), body.get("move")
        with self._lock:
            table = self._tables.get(name) if isinstance(name, str) else None
            if table is not None:
                self._tables.move_to_end(name)  # type: ignore[arg-type]
        if table is None:
            raise RequestError([("table", "no such table (it may have been forgotten): open a "
                                          "new game")])
        if not isinstance(notation, str) or not notation:
            raise RequestError([("move", "give the move's notation")])
        with table.lock:
            if table.over:
                raise RequestError([("move", "the game is over")])
            legal = self._call("LegalMoves", advisor_pb2.LegalMovesRequest(state=table.state))
            move = next((m for m in legal.moves if m.notation == notation),
                        common_pb2.Move(notation=notation))  # ApplyMove says why it is illegal
            self._apply(table, legal.seat, move)
            self._play_bots(table)
            return self._view(name, table)  # type: ignore[arg-type]

    def _bots(self, given: Any, players: int) -> dict[int, int]:
        bots: dict[int, int] = {}
        for i, bot in enumerate(given if isinstance(given, list) else [None]):
            seat = bot.get("seat") if isinstance(bot, dict) else None
            level = bot.get("strength", MAX_LEVEL) if isinstance(bot, dict) else None
            if not isinstance(seat, int) or not 0 <= seat < players or seat in bots:
                raise RequestError([(f"bots[{i}].seat", f"a seat 0..{players - 1}, once")])
            if not isinstance(level, int) or not 1 <= level <= MAX_LEVEL:
                raise RequestError([(f"bots[{i}].strength", f"a level 1..{MAX_LEVEL}")])
            bots[seat] = level
        if len(bots) >= players:
            raise RequestError([("bots", "leave at least one seat to a person")])
        return bots

    def _to_move(self, table: Table) -> int:
        return int(self._call("LegalMoves", advisor_pb2.LegalMovesRequest(
            state=table.state)).seat)

    def _apply(self, table: Table, seat: int, move: common_pb2.Move) -> None:
        applied = self._call("ApplyMove", advisor_pb2.ApplyMoveRequest(
            state=table.state, move=move))
        table.state = applied.state
        table.over = applied.game_over
        table.record.moves.append(common_pb2.Move(notation=move.notation))
        table.log.append({"number": len(table.record.moves), "seat": seat,
                          "bot": seat in table.bots, "notation": move.notation,
                          "description": move.description})

    def _play_bots(self, table: Table) -> None:
        while not table.over:
            seat = self._to_move(table)
            if seat not in table.bots:
                table.viewer = seat
                return
            observation = self._call("Observe", advisor_pb2.ObserveRequest(
                state=table.state, seat=seat)).observation
            limits = common_pb2.Limits(
                max_iterations=table.iterations, strength=table.bots[seat],
                seed=_seed(table.record.new_game.seed, len(table.record.moves)))
            suggested = self._call("SuggestMove", advisor_pb2.SuggestMoveRequest(
                observation=observation, limits=limits,
                options=advisor_pb2.SuggestOptions(skip_follow_ups=True)))
            self._apply(table, seat, suggested.best_move)

    def _view(self, name: str, table: Table) -> dict[str, Any]:
        """What the viewing seat may see, and, once the game is over, the record."""
        observed = self._call("Observe", advisor_pb2.ObserveRequest(
            state=table.state, seat=table.viewer))
        view: dict[str, Any] = {
            "table": name,
            "seat": table.viewer,
            "bots": {str(s): level for s, level in table.bots.items()},
            "over": table.over,
            "observation": _as_json(observed.observation),
            "summaries": [_as_json(s) for s in observed.summaries],
            "moves": [m if m["seat"] == table.viewer or table.over
                      else {**m, "notation": m["notation"].split(":")[0], "description": ""}
                      for m in table.log],
        }
        if table.over:
            view["record"] = _as_json(table.record)
        return view
