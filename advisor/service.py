"""The Advisor servicer: decode and validate, search in the pool (or referee in place), answer."""

from __future__ import annotations

import queue
import random
from collections.abc import Iterator
from importlib import metadata
from typing import Any

import grpc

from advisor import records, review, work
from advisor.adapters import ADAPTERS, GameAdapter, adapter_of
from advisor.budget import Budget, budget_of
from advisor.calls import Admission, CallRecord, streaming, unary
from advisor.config import ServerConfig
from advisor.errors import PreconditionError, RequestError
from advisor.metrics import Metrics
from advisor.pool import SearchPool
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from search import levels
from search.limits import now

DEFAULT_REPORT_MS = 200
MIN_REPORT_MS = 10


def service_version() -> str:
    """The installed package version."""
    try:
        return metadata.version("card-advisor")
    except metadata.PackageNotFoundError:
        return "0.0.0+unknown"


def _seat_to_decide(adapter: GameAdapter, view: Any) -> None:
    """A search needs a move to make, and one the observer can know (`_moves_known`)."""
    if adapter.is_over(view):
        raise PreconditionError("the game is over: there is no move to make")
    _moves_known(adapter, view)


def _why_illegal(adapter: GameAdapter, obs: Any, action: Any) -> str:
    """Why `action` is illegal for the seat to decide, in ApplyMove's words (judged on a world
    drawn from the observation: the reason rests only on what that seat sees)."""
    world = adapter.engine.sample(obs, random.Random(0))
    return adapter.why_illegal(world, action) or "not a legal move now"


def _moves_known(adapter: GameAdapter, view: Any) -> None:
    """Refuse an observation of another seat when the mover's legal moves depend on cards the
    observer cannot see; when every card they depend on is public, answer."""
    seat = adapter.to_move(view)
    if adapter.hides_moves(view):
        raise PreconditionError(
            f"this is seat {view.seat}'s observation, but seat {seat} is to move, and which "
            f"moves it has depends on cards seat {view.seat} cannot see: ask with seat {seat}'s "
            "observation, or with the full state"
        )


def _note_budget(record: CallRecord, budget: Budget) -> None:
    record.budget = {
        "iterations": budget.iterations,
        "time_ms": round(budget.time_s * 1000),
        "workers": budget.workers,
        "strength": budget.strength,
        "seed": budget.seed,
    }


class AdvisorService(advisor_pb2_grpc.AdvisorServicer):
    """Stateless handlers; the search runs in `pool`."""

    def __init__(self, config: ServerConfig, pool: SearchPool, metrics: Metrics | None = None):
        self.config = config
        self.pool = pool
        self.metrics = metrics or Metrics()
        self.admission = Admission(config.max_concurrent)

    # --- helpers

    def _observation(
        self, msg: common_pb2.Observation, path: str, record: CallRecord
    ) -> tuple[GameAdapter, Any]:
        adapter, inner = adapter_of(msg, path)
        record.game = adapter.name
        return adapter, adapter.observation(inner, f"{path}.{adapter.name}")

    def _state(
        self, msg: common_pb2.GameState, path: str, record: CallRecord
    ) -> tuple[GameAdapter, Any]:
        adapter, inner = adapter_of(msg, path)
        record.game = adapter.name
        return adapter, adapter.state(inner, f"{path}.{adapter.name}")

    def _budget(
        self, limits: common_pb2.Limits, context: grpc.ServicerContext, record: CallRecord,
        adapter: GameAdapter, arrival: float | None = None,
    ) -> Budget:
        """The call's budget; from `arrival` on, the time checking its position took counts
        against the wall-time budget (a Challengers! position is played out to be vetted)."""
        spent = 0.0 if arrival is None else now() - arrival
        budget = budget_of(limits, self.config, context.time_remaining(), "limits",
                           levels.ladder_of(adapter.engine), spent)
        _note_budget(record, budget)
        return budget

    def _run(self, context: grpc.ServicerContext, fn: Any, *args: Any) -> bytes:
        job, future = self.pool.submit(fn, *args)
        context.add_callback(job.cancel)
        return self.pool.result(future)

    # --- advisor RPCs

    @unary
    def GetInfo(
        self, request: advisor_pb2.GetInfoRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.GetInfoResponse:
        config = self.config
        return advisor_pb2.GetInfoResponse(
            service_version=service_version(),
            engine_version=f"ismcts/{service_version()}",
            games=[adapter.info() for adapter in ADAPTERS.values()],
            limits=advisor_pb2.ServerLimits(
                worker_processes=self.pool.processes,
                max_iterations=config.max_iterations,
                max_time_ms=config.max_time_ms,
                max_concurrent_rpcs=config.max_concurrent,
                max_message_bytes=config.max_message_bytes,
                default_iterations=config.default_iterations,
                max_tree_nodes=config.max_tree_nodes,
                max_review_moves=config.max_review_moves,
            ),
        )

    @unary
    def SuggestMove(
        self, request: advisor_pb2.SuggestMoveRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.SuggestMoveResponse:
        arrival = now()
        adapter, obs = self._observation(request.observation, "observation", record)
        _seat_to_decide(adapter, obs)
        budget = self._budget(request.limits, context, record, adapter, arrival)
        options = request.options
        data = self._run(
            context, work.suggest, adapter.name, obs, budget, options.skip_follow_ups,
            options.max_pv_length or work.answers.DEFAULT_PV_LENGTH, options.judge_candidates,
        )
        response = advisor_pb2.SuggestMoveResponse.FromString(data)
        record.iterations = response.stats.iterations
        return response

    @unary
    def Evaluate(
        self, request: advisor_pb2.EvaluateRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.EvaluateResponse:
        arrival = now()
        adapter, obs = self._observation(request.observation, "observation", record)
        _seat_to_decide(adapter, obs)
        action = None
        if request.HasField("move"):
            action = adapter.move(request.move, "move")
            if action not in adapter.legal_moves(obs):
                why = _why_illegal(adapter, obs, action)
                raise PreconditionError(f"{action} is illegal: {why}")
        budget = self._budget(request.limits, context, record, adapter, arrival)
        data = self._run(context, work.evaluate, adapter.name, obs, action, budget)
        response = advisor_pb2.EvaluateResponse.FromString(data)
        record.iterations = response.stats.iterations
        return response

    @streaming
    def Analyze(
        self, request: advisor_pb2.AnalyzeRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> Iterator[advisor_pb2.AnalyzeResponse]:
        arrival = now()
        adapter, obs = self._observation(request.observation, "observation", record)
        _seat_to_decide(adapter, obs)
        budget = self._budget(request.limits, context, record, adapter, arrival)
        report_ms = max(MIN_REPORT_MS, request.report_every_ms or DEFAULT_REPORT_MS)
        messages: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        job, future = self.pool.submit(
            work.analyze, adapter.name, obs, budget, report_ms, listener=messages.put
        )
        context.add_callback(job.cancel)
        future.add_done_callback(lambda _: messages.put(None))
        try:
            while (data := messages.get()) is not None:
                partial = advisor_pb2.AnalyzeResponse.FromString(data)
                record.iterations = partial.stats.iterations
                yield partial
            final = advisor_pb2.AnalyzeResponse.FromString(self.pool.result(future))
            record.iterations = final.stats.iterations
            yield final
        finally:
            job.cancel()

    @streaming
    def ReviewGame(
        self, request: advisor_pb2.ReviewGameRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> Iterator[advisor_pb2.ReviewGameResponse]:
        replayed = records.replay(request, self.config.max_review_moves)
        record.game = replayed.adapter.name
        budget = self._budget(request.limits, context, record, replayed.adapter)
        judging = review.Review(self.pool, replayed, budget)
        context.add_callback(judging.stop)
        moves = []
        try:
            for move in judging.messages():
                moves.append(move)
                record.iterations += move.stats.iterations
                yield advisor_pb2.ReviewGameResponse(move=move)
        finally:
            judging.stop()
        if context.is_active():
            yield advisor_pb2.ReviewGameResponse(
                summary=review.summary(replayed, moves, budget.seed))

    # --- referee RPCs

    @unary
    def NewGame(
        self, request: advisor_pb2.NewGameRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.NewGameResponse:
        adapter, state = records.new_game(request)
        record.game = adapter.name
        return advisor_pb2.NewGameResponse(state=adapter.state_message(state))

    @unary
    def LegalMoves(
        self, request: advisor_pb2.LegalMovesRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.LegalMovesResponse:
        position = request.WhichOneof("position")
        if position == "state":
            adapter, view = self._state(request.state, "state", record)
        elif position == "observation":
            adapter, view = self._observation(request.observation, "observation", record)
            _moves_known(adapter, view)
        else:
            raise RequestError([("position", "give a state or an observation")])
        seat = adapter.to_move(view)
        moves = [] if adapter.is_over(view) else adapter.legal_moves(view)
        return advisor_pb2.LegalMovesResponse(
            seat=seat, moves=[adapter.move_message(a, seat) for a in moves]
        )

    @unary
    def ApplyMove(
        self, request: advisor_pb2.ApplyMoveRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.ApplyMoveResponse:
        adapter, state = self._state(request.state, "state", record)
        if not request.HasField("move"):
            raise RequestError([("move", "give the move to apply")])
        action = adapter.move(request.move, "move")
        reason = adapter.why_illegal(state, action)
        if reason is not None:
            raise PreconditionError(f"{action} is illegal: {reason}")
        events = adapter.play(state, action)
        return advisor_pb2.ApplyMoveResponse(
            state=adapter.state_message(state),
            events=events,
            game_over=adapter.is_over(state),
            summaries=adapter.summaries(state),
        )

    @unary
    def Observe(
        self, request: advisor_pb2.ObserveRequest, context: grpc.ServicerContext,
        record: CallRecord,
    ) -> advisor_pb2.ObserveResponse:
        adapter, state = self._state(request.state, "state", record)
        players = adapter.engine.num_players(state)
        if request.seat >= players:
            raise RequestError([("seat", f"seat {request.seat} is out of range 0..{players - 1}")])
        observation = adapter.engine.observe(state, request.seat)
        return advisor_pb2.ObserveResponse(
            observation=adapter.observation_message(observation),
            summaries=adapter.summaries(state),
        )
