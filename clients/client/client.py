"""`AdvisorClient`: a typed, synchronous client for every Advisor RPC."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import grpc

from clients.client.analysis import Analysis
from clients.client.answers import (
    Applied,
    Evaluation,
    Game,
    LegalMoves,
    Move,
    Observed,
    ServerInfo,
    Suggestion,
)
from clients.client.errors import AdvisorError
from clients.client.limits import Limits
from clients.client.retry import RetryPolicy
from clients.client.review import GameReview
from clients.client.targets import Failover, channel_target
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

DEFAULT_TARGET = "127.0.0.1:50051"
DEFAULT_TIMEOUT_S = 60.0
MAX_RECONNECT_BACKOFF_MS = 2000

T = TypeVar("T")
MoveLike = str | Move | common_pb2.Move
"""A move in notation ("take:YPB"), as an answer gave it, or as a proto message."""


def _move(move: MoveLike) -> common_pb2.Move:
    if isinstance(move, str):
        return common_pb2.Move(notation=move)
    return common_pb2.Move(notation=move.notation) if isinstance(move, Move) else move


def _channel(target: str, tls: bool | str | Path | None, failover: Failover) -> grpc.Channel:
    address = channel_target(target)
    options = [
        ("grpc.service_config", failover.service_config()),
        ("grpc.enable_retries", 1),
        # A replica back from a restart gets calls within seconds (gRPC's default waits up
        # to 120 s between attempts to reconnect).
        ("grpc.max_reconnect_backoff_ms", MAX_RECONNECT_BACKOFF_MS),
    ]
    if tls is None or tls is False:
        return grpc.insecure_channel(address, options=options)
    roots = None if tls is True else Path(tls).read_bytes()
    credentials = grpc.ssl_channel_credentials(root_certificates=roots)
    return grpc.secure_channel(address, credentials, options=options)


class AdvisorClient:
    """A connection to an advisor server, or to several replicas of it.

    `target` is `host:port`, several replicas as `host:port,host:port`, or a DNS name of many
    (`clients.client.targets`): calls are spread round-robin, and one that fails with
    UNAVAILABLE is retried by gRPC on another replica (`failover`, which can also retry
    RESOURCE_EXHAUSTED after a backoff). `tls`: None for plain text, True for TLS with the
    system roots, or the path of a root certificate (PEM). `token` is sent as
    `authorization: Bearer <token>`. `timeout` is the default deadline of each call in seconds
    (every method takes its own `timeout` too). UNAVAILABLE failures that gRPC's own retries
    did not mend (every replica down) are retried according to `retry`; every other failure
    raises `AdvisorError` at once. Answers are typed values (`clients.client.answers`);
    positions stay proto messages, to be passed back as they came.

    >>> with AdvisorClient("127.0.0.1:50051") as client:  # doctest: +SKIP
    ...     state = client.new_game(2, seed=1)
    ...     observation = client.observe(state, 0).observation
    ...     client.suggest_move(observation, Limits(iterations=200)).best_move.notation
    'take:YPB'
    """

    def __init__(
        self,
        target: str = DEFAULT_TARGET,
        *,
        token: str | None = None,
        tls: bool | str | Path | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_S,
        retry: RetryPolicy | None = None,
        failover: Failover | None = None,
    ):
        self.target = target
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self._metadata = (("authorization", f"Bearer {token}"),) if token else ()
        self._channel = _channel(target, tls, failover or Failover())
        self._stub = advisor_pb2_grpc.AdvisorStub(self._channel)

    def __repr__(self) -> str:
        return f"AdvisorClient({self.target!r})"

    def __enter__(self) -> AdvisorClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the channel (calls in flight are cancelled)."""
        self._channel.close()

    def _unary(self, method: Callable[..., T], request: Any, timeout: float | None) -> T:
        def attempt() -> T:
            return method(
                request,
                timeout=self.timeout if timeout is None else timeout,
                metadata=self._metadata,
            )

        try:
            return self.retry.call(attempt)
        except grpc.RpcError as error:
            raise AdvisorError.from_rpc_error(error) from None

    # --- advisor

    def get_info(self, *, timeout: float | None = None) -> ServerInfo:
        """Versions, games, player counts, server limits and each game's catalogue."""
        return ServerInfo.of(self._unary(self._stub.GetInfo, advisor_pb2.GetInfoRequest(), timeout))

    def suggest_move(
        self,
        observation: common_pb2.Observation,
        limits: Limits | None = None,
        *,
        skip_follow_ups: bool = False,
        max_pv_length: int = 0,
        judge_candidates: bool = False,
        timeout: float | None = None,
    ) -> Suggestion:
        """The best move for the seat to decide, ranked candidates and the turn's follow-ups;
        with `judge_candidates`, each shown candidate judged as `evaluate` judges a move
        (`Suggestion.judged`)."""
        request = advisor_pb2.SuggestMoveRequest(
            observation=observation,
            limits=(limits or Limits()).to_proto(),
            options=advisor_pb2.SuggestOptions(
                skip_follow_ups=skip_follow_ups, max_pv_length=max_pv_length,
                judge_candidates=judge_candidates,
            ),
        )
        return Suggestion.of(self._unary(self._stub.SuggestMove, request, timeout))

    def evaluate(
        self,
        observation: common_pb2.Observation,
        move: MoveLike | None = None,
        limits: Limits | None = None,
        *,
        timeout: float | None = None,
    ) -> Evaluation:
        """Win probabilities and expected points per seat; with `move`, its assessment."""
        request = advisor_pb2.EvaluateRequest(
            observation=observation, limits=(limits or Limits()).to_proto()
        )
        if move is not None:
            request.move.CopyFrom(_move(move))
        return Evaluation.of(self._unary(self._stub.Evaluate, request, timeout))

    def analyze(
        self,
        observation: common_pb2.Observation,
        limits: Limits | None = None,
        *,
        report_every_ms: int = 0,
        timeout: float | None = None,
    ) -> Analysis:
        """A live search: iterate the result for partial answers, then the final one."""
        request = advisor_pb2.AnalyzeRequest(
            observation=observation,
            limits=(limits or Limits()).to_proto(),
            report_every_ms=report_every_ms,
        )

        def start() -> Any:
            return self._stub.Analyze(
                request,
                timeout=self.timeout if timeout is None else timeout,
                metadata=self._metadata,
            )

        return Analysis(start, self.retry.call)

    def review_game(
        self,
        record: advisor_pb2.GameRecord,
        seats: Sequence[int] = (),
        limits: Limits | None = None,
        *,
        timeout: float | None = None,
    ) -> GameReview:
        """A whole game judged move by move (`seats`: the seats to review, empty: all; `limits`:
        the budget of each move): iterate for the moves, then read `summary`."""
        request = advisor_pb2.ReviewGameRequest(
            record=record, seats=seats, limits=(limits or Limits()).to_proto()
        )

        def start() -> Any:
            return self._stub.ReviewGame(
                request,
                timeout=self.timeout if timeout is None else timeout,
                metadata=self._metadata,
            )

        return GameReview(start, self.retry.call)

    # --- referee

    def new_game(
        self,
        players: int,
        *,
        seed: int | None = None,
        start_seat: int = 0,
        turn_cap: int = 0,
        game: Game | str | None = None,
        timeout: float | None = None,
    ) -> common_pb2.GameState:
        """A fresh shuffled game (`turn_cap` 0: the game's default number of rounds); `game`
        is a `Game` or its name ("challengers"), None the service's default game."""
        request = advisor_pb2.NewGameRequest(
            game=None if game is None else Game(game).to_proto(), players=players, seed=seed,
            start_seat=start_seat, turn_cap=turn_cap,
        )
        return self._unary(self._stub.NewGame, request, timeout).state

    def legal_moves(
        self,
        position: common_pb2.GameState | common_pb2.Observation,
        *,
        timeout: float | None = None,
    ) -> LegalMoves:
        """The seat to decide and its legal moves, from a full state or an observation."""
        if isinstance(position, common_pb2.GameState):
            request = advisor_pb2.LegalMovesRequest(state=position)
        else:
            request = advisor_pb2.LegalMovesRequest(observation=position)
        return LegalMoves.of(self._unary(self._stub.LegalMoves, request, timeout))

    def apply_move(
        self, state: common_pb2.GameState, move: MoveLike, *, timeout: float | None = None
    ) -> Applied:
        """The state after `move`, its events and whether the game is over; an illegal move
        raises `AdvisorError` with FAILED_PRECONDITION and the reason."""
        request = advisor_pb2.ApplyMoveRequest(state=state, move=_move(move))
        return Applied.of(self._unary(self._stub.ApplyMove, request, timeout))

    def observe(
        self, state: common_pb2.GameState, seat: int, *, timeout: float | None = None
    ) -> Observed:
        """What `seat` may know of `state`, and every seat's public standing."""
        request = advisor_pb2.ObserveRequest(state=state, seat=seat)
        return Observed.of(self._unary(self._stub.Observe, request, timeout))
