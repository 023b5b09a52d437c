"""A real server on an ephemeral localhost port, and helpers to build and mutate requests."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from advisor import AdvisorServer, ServerConfig
from contract.codecs import splendor_marvel as codec
from contract.v1 import advisor_pb2_grpc, common_pb2
from games.splendor_marvel import GAME, SplendorState, new_game, observe
from games.splendor_marvel.evaluators import EVALUATOR


def start(**settings: object) -> AdvisorServer:
    """A started in-process server (port 0: the OS picks one); its games kept in memory
    unless `play_store` names a file."""
    config = ServerConfig(port=0, workers=2, grace_s=2.0, **{"play_store": ":memory:",
                                                              **settings})
    server = AdvisorServer(config)
    server.start()
    return server


@pytest.fixture(scope="session")
def server() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=8)
    yield running
    running.stop(grace=1.0)


@pytest.fixture(scope="session")
def channel(server: AdvisorServer) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as ch:
        yield ch


@pytest.fixture(scope="session")
def stub(channel: grpc.Channel) -> advisor_pb2_grpc.AdvisorStub:
    return advisor_pb2_grpc.AdvisorStub(channel)


def midgame(seed: int = 3, plies: int = 20, players: int = 2) -> SplendorState:
    """A position reached by the heuristic policy from a seeded deal."""
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    return state


def observation_of(state: SplendorState, seat: int | None = None) -> common_pb2.Observation:
    seat = state.current if seat is None else seat
    return common_pb2.Observation(splendor_marvel=codec.observation_to_proto(observe(state, seat)))


def state_of(state: SplendorState) -> common_pb2.GameState:
    return common_pb2.GameState(splendor_marvel=codec.state_to_proto(state))


def stopped_call(server: AdvisorServer, caplog: pytest.LogCaptureFixture,
                 method: str) -> dict[str, Any]:
    """Once every search slot is free again (a cancelled job gives its slot back when its
    search stops) and `method`'s call is logged: that log line (waits 30 s at most)."""
    free = server.pool._free
    deadline = time.monotonic() + 30
    while len(free) < len(server.pool.flags) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(free) == len(server.pool.flags), "a search kept its slot"

    def logged() -> list[dict[str, Any]]:
        return [json.loads(r.getMessage()) for r in caplog.records if method in r.getMessage()]

    while not logged() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert logged(), f"no {method} call was logged"
    return logged()[-1]


def bad_fields(error: grpc.RpcError) -> list[str]:
    """The field paths of the google.rpc.BadRequest detail of an INVALID_ARGUMENT error."""
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None
    fields: list[str] = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Unpack(bad):
            fields.extend(v.field for v in bad.field_violations)
    return fields
