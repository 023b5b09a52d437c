"""The search engine a request gets: the server's default, or the one it asks for."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest

from advisor import AdvisorServer
from contract.codecs import challengers as codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.challengers import GAME, new_game, observe

from .conftest import bad_fields, midgame, observation_of, start


def _suggest(stub: advisor_pb2_grpc.AdvisorStub, engine: int, **limits: int
             ) -> advisor_pb2.SuggestMoveResponse:
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation_of(midgame(seed=6)),
        limits=common_pb2.Limits(max_iterations=300, seed=5, engine=engine, **limits),
    )
    return stub.SuggestMove(request)


def test_splendor_searches_compiled_unless_a_request_asks_for_python(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    default = _suggest(stub, common_pb2.ENGINE_UNSPECIFIED)
    compiled = _suggest(stub, common_pb2.ENGINE_COMPILED)
    python = _suggest(stub, common_pb2.ENGINE_PYTHON)
    assert (default.stats.engine, compiled.stats.engine, python.stats.engine) == (
        "compiled", "compiled", "python")
    assert default.candidates == compiled.candidates  # same seed, same iterations, same engine
    assert compiled.stats.iterations == python.stats.iterations == 300


def test_challengers_searches_compiled_unless_a_request_asks_for_python(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    observed = observe(new_game(2, seed=5), 0)
    observation = common_pb2.Observation(challengers=codec.observation_to_proto(observed))

    def suggest(engine: int) -> advisor_pb2.SuggestMoveResponse:
        limits = common_pb2.Limits(max_iterations=200, seed=5, engine=engine)
        return stub.SuggestMove(advisor_pb2.SuggestMoveRequest(observation=observation,
                                                               limits=limits))

    default, python = suggest(common_pb2.ENGINE_UNSPECIFIED), suggest(common_pb2.ENGINE_PYTHON)
    assert (default.stats.engine, python.stats.engine) == ("compiled", "python")
    assert default.stats.iterations == python.stats.iterations == 200
    assert default.best_move.notation in {str(a) for a in GAME.legal_actions(new_game(2, 5))}


def test_an_unknown_engine_is_refused_by_name(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        _suggest(stub, 9)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == ["limits.engine"]


@pytest.fixture(scope="module")
def python_server() -> Iterator[AdvisorServer]:
    running = start(engine="python")
    yield running
    running.stop(grace=1.0)


def test_a_server_started_with_engine_python_searches_in_python(
    python_server: AdvisorServer,
) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{python_server.port}") as channel:
        stub = advisor_pb2_grpc.AdvisorStub(channel)
        assert _suggest(stub, common_pb2.ENGINE_UNSPECIFIED).stats.engine == "python"
        assert _suggest(stub, common_pb2.ENGINE_COMPILED).stats.engine == "compiled"
