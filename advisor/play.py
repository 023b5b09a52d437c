"""The play page's tables (`/play/new`, `/play/move`, `/play/view` on the HTTP port): games
against bots whose full state stays on the server.

A browser seat may see only its observation, but the referee RPCs (NewGame, ApplyMove) trade
in full states, hidden cards included. So the state lives here, in a table, and the page gets
what its seat sees: the observation, the public summaries and the moves so far. Other seats'
moves are named when the whole table sees them (`PUBLIC`: every Splendor: Marvel move, a blind
reserve naming only its deck; Challengers!' draft options and redraws), else by their kind only
(a Challengers! pick or trim, e.g. "pick", whose card is hidden).
Bots move here too, by SuggestMove on their own observation at their strength level. Every
step is one of the servicer's RPCs (`Call`), so validation, limits and errors are the gRPC
port's. Hints, grades and the review are the page's own public calls (SuggestMove, Evaluate,
ReviewGame): they need only the observation, and, once the game is over, the record this
answers with.

Every table is kept in a GameStore (advisor.play_store, SQLite): its new-game request, bots,
budget and moves, saved after each request, so a game survives a restart; a table not in memory
is rebuilt from its record by replaying NewGame and ApplyMove.

The tables are bounded and fair, on the store: each belongs to the client (address) that opened
it; a client holds at most `per_client` (its own least recently played one is forgotten for a
new one), all clients at most `most` (then a new game is refused, never made room for with
another client's game), and a game nobody played for `idle_s` is forgotten. One request works
on a table at a time, and a move names the turn it is for, so a retried or stale move is
refused, not played for the next seat. A request whose client leaves stops at once; the next
one resumes its bots.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from google.protobuf import json_format
from google.protobuf.message import Message

from advisor.errors import RequestError
from advisor.play_store import GameStore, Kept
from contract.v1 import advisor_pb2, common_pb2

MAX_LEVEL = 10

PUBLIC: dict[int, frozenset[str] | None] = {
    common_pb2.GAME_SPLENDOR_MARVEL: None,
    common_pb2.GAME_NIM: None,
    common_pb2.GAME_CHALLENGERS: frozenset({"opt", "redraw", "pass", "done"}),
}
"""By game, the kinds of move (a notation's first word) every seat sees whole; None: all.
Splendor: Marvel hides no move (`blind:2` names the deck, not the card it draws; a card
recruited from a reserve is public once recruited); in Challengers! the drafting seat's option
and redraw are public (its observation's `option_pile`, `redraw_used`), its picks and a deck
phase's trims are not, nor a match's deck searches (top, bottom, exhaust, order)."""


class Refused(Exception):
    """A table request refused for a reason other than a bad field: HTTP status, code, why."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status = status
        self.code = code


def table_busy() -> Refused:
    """The refusal of a request for a table another request has in hand."""
    return Refused(409, "aborted", "this table is already playing a move; wait for it")


class Abandoned(Exception):
    """The request's client left: its work stopped, the table kept as it was."""


class Errand:
    """One table request's work: whose it is, and a way to stop it when they leave."""

    def __init__(self, client: str):
        self.client = client
        self._left = False
        self._stops: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    @property
    def left(self) -> bool:
        return self._left

    def leave(self) -> None:
        """The client has gone: stop what runs for it now, and refuse what would run next."""
        with self._lock:
            self._left, stops, self._stops = True, self._stops, []
        for stop in stops:
            stop()

    @contextmanager
    def running(self, stop: Callable[[], None]) -> Iterator[None]:
        """While inside, `stop` is what `leave` calls."""
        with self._lock:
            if self._left:
                raise Abandoned
            self._stops.append(stop)
        try:
            yield
        finally:
            with self._lock:
                if stop in self._stops:
                    self._stops.remove(stop)


Call = Callable[[str, Message, Errand], Any]
"""Calls the servicer's RPC by name (e.g. "ApplyMove") with a request, for an errand; raises
on an error, and `Abandoned` if the errand's client left."""


@dataclass(frozen=True)
class TableBounds:
    """How many games the tables hold, per client and in all, and for how long unplayed."""

    per_client: int = 16
    most: int = 1024
    idle_s: float = 24 * 3600


@dataclass
class Table:
    """One game: its state (never sent to the page), record, bots and their budget; `ready`
    once its state is rebuilt (a table loaded from the store is replayed first)."""

    state: common_pb2.GameState
    record: advisor_pb2.GameRecord
    bots: dict[int, int]
    iterations: int
    client: str
    touched: float
    viewer: int = 0
    over: bool = False
    busy: bool = True
    ready: bool = True
    log: list[dict[str, Any]] = field(default_factory=list)


def _seed(seed: int, ply: int) -> int:
    """A bot's search seed for move `ply` of a game dealt with `seed`."""
    digest = hashlib.blake2b(f"{seed}:{ply}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _people(bots: dict[int, int], players: int) -> list[int]:
    """The seats no bot plays."""
    return [s for s in range(players) if s not in bots]


def _unpacked(kept: Kept) -> Table:
    """A stored game as a table still to rebuild (its state comes from `_rebuild`)."""
    new_game = advisor_pb2.NewGameRequest.FromString(kept.new_game)
    people = _people(kept.bots, new_game.players)
    mine = [entry["seat"] for entry in kept.log if entry["seat"] in people]
    return Table(common_pb2.GameState(), advisor_pb2.GameRecord(new_game=new_game), kept.bots,
                 kept.iterations, kept.client, kept.touched,
                 viewer=mine[-1] if mine else people[0], over=kept.over, busy=False,
                 ready=False, log=kept.log)


def _public(game: int, move: dict[str, Any]) -> bool:
    """Whether every seat sees `move` (a log entry) of `game` whole."""
    kinds = PUBLIC.get(game, frozenset())
    return kinds is None or move["notation"].split(":")[0] in kinds


def _as_json(message: Message) -> dict[str, Any]:
    return json_format.MessageToDict(message)


def _is_whole(value: Any, low: int, high: int) -> TypeGuard[int]:
    """Whether `value` is a whole number in low..high (not true/false, not 1.0)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _whole(body: dict[str, Any], name: str, low: int, high: int, what: str) -> int:
    """`body[name]`, which must be a whole number in low..high."""
    value = body.get(name)
    if not _is_whole(value, low, high):
        raise RequestError([(name, f"give {what}: a whole number {low}..{high}")])
    return value


class Tables:
    """The tables, by id, kept in `store`; `open`, `move` and `view` answer what the viewing
    seat sees. Tables being played are also held in memory (at most the store's bound)."""

    def __init__(self, call: Call, max_iterations: int, store: GameStore,
                 bounds: TableBounds = TableBounds(), clock: Callable[[], float] = time.time):
        self._call = call
        self._max_iterations = max_iterations
        self._store = store
        self._bounds = bounds
        self._clock = clock
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self._store.count()

    def open(self, body: dict[str, Any], errand: Errand) -> dict[str, Any]:
        """Deal `body["newGame"]` (a NewGameRequest in JSON), seat the bots
        (`[{"seat": s, "strength": 1..10}]`), let them move until a person's turn."""
        new_game = advisor_pb2.NewGameRequest()
        given = body.get("newGame", {})
        try:
            if not isinstance(given, dict):
                raise json_format.ParseError("give a NewGameRequest as a JSON object")
            json_format.ParseDict(given, new_game)
        except json_format.ParseError as exc:
            raise RequestError([("newGame", str(exc))]) from None
        iterations = _whole(body, "iterations", 1, self._max_iterations,
                            "the bots' search budget in iterations")
        if not new_game.HasField("seed"):
            new_game.seed = secrets.randbits(63)
        state = self._call("NewGame", new_game, errand).state
        bots = self._bots(body.get("bots", []), new_game.players)
        table = Table(state, advisor_pb2.GameRecord(new_game=new_game), bots, iterations,
                      errand.client, self._clock(), viewer=_people(bots, new_game.players)[0])
        name = self._seat(table)
        try:
            with self._working(name, table):
                self._play_bots(table, errand)
                return self._view(name, table, errand)
        except BaseException:  # a game its client never saw is not kept
            with self._lock:
                self._forget([name])
            raise

    def move(self, body: dict[str, Any], errand: Errand) -> dict[str, Any]:
        """Play `body["move"]` (notation) for `body["seat"]` as move `body["number"]` (the
        game's moves so far + 1) at `body["table"]`, then the bots until a person's turn or
        the end."""
        notation = body.get("move")
        if not isinstance(notation, str) or not notation:
            raise RequestError([("move", "give the move's notation")])
        name, table = self._table(body)
        with self._working(name, table):
            seat = _whole(body, "seat", 0, table.record.new_game.players - 1,
                          "the seat to move")
            number = _whole(body, "number", 1, 1 << 31, "the move's number (moves so far + 1)")
            self._rebuild(table, errand)
            self._play_bots(table, errand)  # those a client that left did not wait for
            if table.over:
                raise Refused(409, "failed_precondition", "the game is over")
            now = len(table.record.moves) + 1
            if (seat, number) != (table.viewer, now):
                raise Refused(409, "aborted", (
                    f"this move is for seat {seat}, move {number}, but the table is at move "
                    f"{now}, seat {table.viewer} to move: reload the table (/play/view)"))
            legal = self._call("LegalMoves", advisor_pb2.LegalMovesRequest(state=table.state),
                               errand)
            move = next((m for m in legal.moves if m.notation == notation),
                        common_pb2.Move(notation=notation))  # ApplyMove says why it is illegal
            self._apply(table, legal.seat, move, errand)
            self._play_bots(table, errand)
            return self._view(name, table, errand)

    def view(self, body: dict[str, Any], errand: Errand) -> dict[str, Any]:
        """The table as its person sees it, after the bots' moves still to play."""
        name, table = self._table(body)
        with self._working(name, table):
            self._rebuild(table, errand)
            self._play_bots(table, errand)
            return self._view(name, table, errand)

    def _seat(self, table: Table) -> str:
        """Keep a new table: the client's least recently played one makes room if it holds
        its limit; when all clients' tables are at theirs, refuse."""
        name = secrets.token_urlsafe(12)
        with self._lock:
            self._forget_idle()
            mine = self._store.of_client(table.client)
            if len(mine) >= self._bounds.per_client:
                idle = [n for n in mine if not self._busy(n)]
                if not idle:
                    raise Refused(429, "resource_exhausted", (
                        f"your {len(mine)} games are all being played; wait for one"))
                self._forget(idle[:1])
            elif self._store.count() >= self._bounds.most:
                raise Refused(429, "resource_exhausted", (
                    f"the server holds its limit of {self._bounds.most} games; try again later"))
            self._tables[name] = table
            self._store.add(Kept(name, table.client, table.record.new_game.SerializeToString(),
                                 table.bots, table.iterations, table.log, table.over,
                                 table.touched, table.touched))
        return name

    def _busy(self, name: str) -> bool:
        table = self._tables.get(name)
        return table is not None and table.busy

    def _forget(self, names: list[str]) -> None:
        """Forget these tables, in memory and in the store (with the lock held)."""
        self._store.delete(names)
        for name in names:
            self._tables.pop(name, None)

    def _forget_idle(self) -> None:
        """Forget the tables nobody played for `idle_s` (with the lock held)."""
        idle = self._store.idle_since(self._clock() - self._bounds.idle_s)
        self._forget([n for n in idle if not self._busy(n)])

    def _table(self, body: dict[str, Any]) -> tuple[str, Table]:
        """The table `body["table"]`, taken for this request (from the store if not in memory)."""
        name = body.get("table")
        with self._lock:
            self._forget_idle()
            table = self._tables.get(name) if isinstance(name, str) else None
            kept = self._store.get(name) if table is None and isinstance(name, str) else None
            if kept is not None:
                table = self._tables[kept.id] = _unpacked(kept)
            if table is None:
                raise Refused(404, "not_found", (
                    "no such table (it may have been forgotten): open a new game"))
            if table.busy:
                raise table_busy()
            table.busy = True
        return name, table  # type: ignore[return-value]

    @contextmanager
    def _working(self, name: str, table: Table) -> Iterator[None]:
        """The table is this request's until the block ends; then it is saved."""
        try:
            yield
        finally:
            with self._lock:
                table.busy = False
                table.touched = self._clock()
                self._store.save(name, table.log, table.over, table.touched)

    def _rebuild(self, table: Table, errand: Errand) -> None:
        """A table loaded from the store: its state, by replaying its deal and moves."""
        if table.ready:
            return
        state = self._call("NewGame", table.record.new_game, errand).state
        del table.record.moves[:]
        for entry in table.log:
            move = common_pb2.Move(notation=entry["notation"])
            state = self._call("ApplyMove", advisor_pb2.ApplyMoveRequest(
                state=state, move=move), errand).state
            table.record.moves.append(move)
        table.state, table.ready = state, True

    def _bots(self, given: Any, players: int) -> dict[int, int]:
        bots: dict[int, int] = {}
        for i, bot in enumerate(given if isinstance(given, list) else [None]):
            entry = bot if isinstance(bot, dict) else {}
            seat, level = entry.get("seat"), entry.get("strength", MAX_LEVEL)
            if not _is_whole(seat, 0, players - 1) or seat in bots:
                raise RequestError([(f"bots[{i}].seat", f"a seat 0..{players - 1}, once")])
            if not _is_whole(level, 1, MAX_LEVEL):
                raise RequestError([(f"bots[{i}].strength", f"a level 1..{MAX_LEVEL}")])
            bots[seat] = level
        if len(bots) >= players:
            raise RequestError([("bots", "leave at least one seat to a person")])
        return bots

    def _to_move(self, table: Table, errand: Errand) -> int:
        return int(self._call("LegalMoves", advisor_pb2.LegalMovesRequest(
            state=table.state), errand).seat)

    def _apply(self, table: Table, seat: int, move: common_pb2.Move, errand: Errand) -> None:
        applied = self._call("ApplyMove", advisor_pb2.ApplyMoveRequest(
            state=table.state, move=move), errand)
        table.state = applied.state
        table.over = applied.game_over
        table.record.moves.append(common_pb2.Move(notation=move.notation))
        table.log.append({"number": len(table.record.moves), "seat": seat,
                          "bot": seat in table.bots, "notation": move.notation,
                          "description": move.description})

    def _play_bots(self, table: Table, errand: Errand) -> None:
        while not table.over:
            seat = self._to_move(table, errand)
            if seat not in table.bots:
                table.viewer = seat
                return
            observation = self._call("Observe", advisor_pb2.ObserveRequest(
                state=table.state, seat=seat), errand).observation
            limits = common_pb2.Limits(
                max_iterations=table.iterations, strength=table.bots[seat],
                seed=_seed(table.record.new_game.seed, len(table.record.moves)))
            suggested = self._call("SuggestMove", advisor_pb2.SuggestMoveRequest(
                observation=observation, limits=limits,
                options=advisor_pb2.SuggestOptions(skip_follow_ups=True)), errand)
            if errand.left:  # a search cut short by the client leaving is not played
                raise Abandoned
            self._apply(table, seat, suggested.best_move, errand)

    def _view(self, name: str, table: Table, errand: Errand) -> dict[str, Any]:
        """What the viewing seat may see, the deal (its seed: the page's judgements use it,
        and it replays the deal), and, once the game is over, the record."""
        observed = self._call("Observe", advisor_pb2.ObserveRequest(
            state=table.state, seat=table.viewer), errand)
        game = table.record.new_game.game
        view: dict[str, Any] = {
            "table": name,
            "seat": table.viewer,
            "number": len(table.record.moves) + 1,
            "bots": {str(s): level for s, level in table.bots.items()},
            "iterations": table.iterations,
            "over": table.over,
            "newGame": _as_json(table.record.new_game),
            "observation": _as_json(observed.observation),
            "summaries": [_as_json(s) for s in observed.summaries],
            "moves": [m if m["seat"] == table.viewer or table.over or _public(game, m)
                      else {**m, "notation": m["notation"].split(":")[0], "description": ""}
                      for m in table.log],
        }
        if table.over:
            view["record"] = _as_json(table.record)
        return view
