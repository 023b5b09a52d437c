"""The HTTP port (Connect JSON/binary, gRPC-Web) answers as the gRPC port does, errors included."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from connectrpc.compat import google_protobuf_binary_codec, google_protobuf_json_codec
from connectrpc.errors import ConnectError
from connectrpc.protocol import ProtocolType
from google.protobuf import json_format
from grpc_status import rpc_status

from advisor import AdvisorServer, ServerConfig
from advisor.http import HttpGateway
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1.advisor_connect import AdvisorClient
from tests.advisor.conftest import midgame, observation_of, start, state_of, stopped_call

TOKEN = "s3cret"
AUTH = {"authorization": f"Bearer {TOKEN}"}
ORIGIN = "https://table.example"
SERVICE = advisor_pb2.DESCRIPTOR.services_by_name["Advisor"]
TRANSPORTS = {
    "connect-json": (ProtocolType.CONNECT, google_protobuf_json_codec()),
    "connect-binary": (ProtocolType.CONNECT, google_protobuf_binary_codec()),
    "grpc-web": (ProtocolType.GRPC_WEB, google_protobuf_binary_codec()),
}


@pytest.fixture(scope="module")
def served() -> Iterator[AdvisorServer]:
    """One server with both ports, a token and one allowed origin."""
    running = start(max_concurrent=4, http_port=-1, auth_token=TOKEN, cors_origins=ORIGIN)
    yield running
    running.stop(grace=1.0)


@pytest.fixture(scope="module")
def grpc_stub(served: AdvisorServer) -> Iterator[advisor_pb2_grpc.AdvisorStub]:
    with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
        yield advisor_pb2_grpc.AdvisorStub(channel)


def http_call(served: AdvisorServer, transport: str, rpc: str, request: Any,
              headers: dict[str, str] | None = None) -> list[Any]:
    """Every answer of one call over the HTTP port (one for a unary RPC)."""
    protocol, codec = TRANSPORTS[transport]

    async def run() -> list[Any]:
        client = AdvisorClient(f"http://127.0.0.1:{served.http.port}", protocol=protocol,
                               codec=codec, send_compression=None)
        method = getattr(client, _snake(rpc))
        sent = AUTH if headers is None else headers
        if SERVICE.methods_by_name[rpc].server_streaming:
            return [answer async for answer in method(request, headers=sent)]
        return [await method(request, headers=sent)]

    return asyncio.run(run())


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def grpc_failure(stub: advisor_pb2_grpc.AdvisorStub, rpc: str, request: Any,
                 metadata: tuple[tuple[str, str], ...] = tuple(AUTH.items())
                 ) -> tuple[str, str, list[tuple[str, bytes]]]:
    """(code, message, details) of a call over gRPC that must fail."""
    try:
        answer = getattr(stub, rpc)(request, metadata=metadata, timeout=60)
        if SERVICE.methods_by_name[rpc].server_streaming:
            list(answer)
    except grpc.RpcError as error:
        status = rpc_status.from_call(error)  # type: ignore[arg-type]
        details = [] if status is None else [(d.type_url.split("/")[-1], d.value)
                                              for d in status.details]
        return error.code().name, error.details(), details  # type: ignore[attr-defined]
    raise AssertionError(f"{rpc} succeeded over gRPC")


def http_failure(served: AdvisorServer, transport: str, rpc: str, request: Any,
                 headers: dict[str, str] | None = None) -> tuple[str, str, list[tuple[str, bytes]]]:
    """(code in gRPC's spelling, message, details) of a call over HTTP that must fail."""
    try:
        http_call(served, transport, rpc, request, headers)
    except ConnectError as error:
        code = "CANCELLED" if error.code.name == "CANCELED" else error.code.name
        return code, error.message, [(d.type_name, d.message_bytes) for d in error.details]
    raise AssertionError(f"{rpc} succeeded over {transport}")


BAD_REQUESTS = {
    "no game": ("NewGame", advisor_pb2.NewGameRequest(game=99, players=2)),
    "too many players": ("NewGame", advisor_pb2.NewGameRequest(
        game=common_pb2.GAME_SPLENDOR_MARVEL, players=9)),
    "no observation": ("SuggestMove", advisor_pb2.SuggestMoveRequest()),
    "strength out of range": ("Evaluate", advisor_pb2.EvaluateRequest(
        observation=observation_of(midgame()), limits=common_pb2.Limits(strength=99))),
    "stream without observation": ("Analyze", advisor_pb2.AnalyzeRequest()),
    "illegal move": ("ApplyMove", advisor_pb2.ApplyMoveRequest(
        state=state_of(midgame()), move=common_pb2.Move(notation="take:YYYYYY"))),
    "no move": ("ApplyMove", advisor_pb2.ApplyMoveRequest(state=state_of(midgame()))),
    "seat out of range": ("Observe", advisor_pb2.ObserveRequest(
        state=state_of(midgame()), seat=7)),
    "no position": ("LegalMoves", advisor_pb2.LegalMovesRequest()),
}


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("case", BAD_REQUESTS)
def test_a_bad_request_fails_alike_over_grpc_and_http(
    served: AdvisorServer, grpc_stub: advisor_pb2_grpc.AdvisorStub, case: str, transport: str
) -> None:
    rpc, request = BAD_REQUESTS[case]
    over_grpc = grpc_failure(grpc_stub, rpc, request)
    assert over_grpc[0] in ("INVALID_ARGUMENT", "FAILED_PRECONDITION") and over_grpc[2]
    assert http_failure(served, transport, rpc, request) == over_grpc


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_token_is_required_over_http_as_over_grpc(
    served: AdvisorServer, grpc_stub: advisor_pb2_grpc.AdvisorStub, transport: str
) -> None:
    request = advisor_pb2.GetInfoRequest()
    refused = http_failure(served, transport, "GetInfo", request, headers={})
    assert refused == grpc_failure(grpc_stub, "GetInfo", request, metadata=())
    assert refused[0] == "UNAUTHENTICATED"
    wrong = http_failure(served, transport, "GetInfo", request, {"authorization": "Bearer x"})
    assert wrong == refused
    [info] = http_call(served, transport, "GetInfo", request)
    assert info == grpc_stub.GetInfo(request, metadata=tuple(AUTH.items()))


@pytest.mark.parametrize("transport", ["connect-json", "grpc-web"])
def test_analyze_streams_over_http_and_ends_as_over_grpc(
    served: AdvisorServer, grpc_stub: advisor_pb2_grpc.AdvisorStub, transport: str
) -> None:
    request = advisor_pb2.AnalyzeRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_iterations=600, seed=5),
        report_every_ms=20,
    )
    messages = http_call(served, transport, "Analyze", request)
    assert [m.is_final for m in messages].count(True) == 1 and messages[-1].is_final
    assert all(m.candidates and m.best_move.notation for m in messages)
    over_grpc = list(grpc_stub.Analyze(request, metadata=tuple(AUTH.items())))[-1]
    assert messages[-1].stats.iterations == over_grpc.stats.iterations == 600
    assert messages[-1].best_move == over_grpc.best_move  # same seed and budget, same answer
    assert [c.move for c in messages[-1].candidates] == [c.move for c in over_grpc.candidates]


def test_the_same_seed_suggests_the_same_move_over_both_ports(
    served: AdvisorServer, grpc_stub: advisor_pb2_grpc.AdvisorStub
) -> None:
    request = advisor_pb2.SuggestMoveRequest(
        observation=observation_of(midgame(seed=8)),
        limits=common_pb2.Limits(max_iterations=300, seed=12),
    )
    [over_http] = http_call(served, "connect-json", "SuggestMove", request)
    over_grpc = grpc_stub.SuggestMove(request, metadata=tuple(AUTH.items()))
    assert over_http.best_move == over_grpc.best_move
    assert over_http.stats.iterations == over_grpc.stats.iterations == 300


def test_leaving_an_analyze_stream_stops_its_search(
    served: AdvisorServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="advisor.rpc")
    request = advisor_pb2.AnalyzeRequest(
        observation=observation_of(midgame()),
        limits=common_pb2.Limits(max_iterations=2_000_000),
        report_every_ms=30,
    )
    protocol, codec = TRANSPORTS["connect-json"]

    async def two_reports() -> list[Any]:
        client = AdvisorClient(f"http://127.0.0.1:{served.http.port}", protocol=protocol,
                               codec=codec, send_compression=None)
        received = []
        stream = client.analyze(request, headers=AUTH)
        async for answer in stream:
            received.append(answer)
            if len(received) == 2:
                break
        await stream.aclose()  # type: ignore[attr-defined]
        await client.close()
        return received

    received = asyncio.run(two_reports())
    assert not received[-1].is_final and received[-1].stats.iterations > 0
    logged = stopped_call(served, caplog, "Analyze")
    assert logged["status"] == "CANCELLED"
    assert received[-1].stats.iterations <= logged["iterations"] < 2_000_000


def preflight(port: int, origin: str) -> dict[str, str]:
    """The headers answering a browser's CORS preflight of a Connect call."""
    asked = urllib.request.Request(
        f"http://127.0.0.1:{port}/advisor.v1.Advisor/GetInfo", method="OPTIONS",
        headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type,authorization"},
    )
    try:
        with urllib.request.urlopen(asked, timeout=30) as answer:
            return {k.lower(): v for k, v in answer.headers.items()}
    except urllib.error.HTTPError as refused:
        return {k.lower(): v for k, v in refused.headers.items()}


def test_cors_lets_only_the_listed_origins_in(served: AdvisorServer) -> None:
    allowed = preflight(served.http.port, ORIGIN)
    assert allowed.get("access-control-allow-origin") == ORIGIN
    assert "authorization" in allowed.get("access-control-allow-headers", "").lower()
    assert "access-control-allow-origin" not in preflight(served.http.port, "https://else.where")


def test_cors_is_off_by_default(served: AdvisorServer) -> None:
    assert ServerConfig().cors_origins is None and ServerConfig().http_port == 0
    plain = HttpGateway(served.servicer, SERVICE, ServerConfig(http_port=-1, workers=1),
                        served.readiness)
    plain.start()
    try:
        assert "access-control-allow-origin" not in preflight(plain.port, ORIGIN)
    finally:
        plain.stop(grace=1.0)


def post(port: int, rpc: str, body: bytes, kind: str) -> tuple[int, dict[str, Any]]:
    """(HTTP status, Connect error body) of a raw unary Connect call."""
    asked = urllib.request.Request(f"http://127.0.0.1:{port}/advisor.v1.Advisor/{rpc}",
                                   data=body, headers={"content-type": kind, **AUTH})
    try:
        with urllib.request.urlopen(asked, timeout=60) as answer:
            return answer.status, {}
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"{}")


@pytest.mark.parametrize(("body", "kind"), [
    (b"\xff\xff\xff", "application/proto"),
    (b'{"game": ', "application/json"),
    (b'{"players": "many"}', "application/json"),
])
def test_a_body_that_does_not_parse_is_an_invalid_argument(
    served: AdvisorServer, body: bytes, kind: str
) -> None:
    status, error = post(served.http.port, "NewGame", body, kind)
    assert (status, error["code"]) == (400, "invalid_argument")


def test_a_body_over_the_message_limit_is_refused(served: AdvisorServer) -> None:
    too_big = served.config.max_message_bytes + 1
    status, error = post(served.http.port, "NewGame", b"\x00" * too_big, "application/proto")
    assert status == 413 and error["code"] == "resource_exhausted"


@pytest.mark.parametrize("transport", ["connect-json", "grpc-web"])
def test_review_game_streams_over_http_as_over_grpc(
    served: AdvisorServer, grpc_stub: advisor_pb2_grpc.AdvisorStub, transport: str
) -> None:
    request = advisor_pb2.ReviewGameRequest()
    json_format.Parse(json.dumps({
        "record": {"new_game": {"game": "GAME_SPLENDOR_MARVEL", "players": 2, "seed": "7"},
                   "moves": [{"notation": "take:YPB"}, {"notation": "take:BRO"}]},
        "limits": {"max_iterations": 100, "seed": "1"},
    }), request)
    over_http = http_call(served, transport, "ReviewGame", request)
    over_grpc = list(grpc_stub.ReviewGame(request, metadata=tuple(AUTH.items())))
    assert len(over_http) == len(over_grpc) >= 3  # two judged moves, then the summaries
    assert over_grpc[-1].WhichOneof("item") == "summary"
    for answer in (*over_http, *over_grpc):
        if answer.WhichOneof("item") == "move":
            answer.move.stats.ClearField("elapsed_ms")  # the one field a clock sets
    assert over_http == over_grpc  # same seed and budget: the same review


def test_json_answers_asked_again_are_remembered_and_stay_exact() -> None:
    from advisor.http import CompactJson

    codec = CompactJson(remembered=2)
    info = advisor_pb2.GetInfoResponse(service_version="1.0", engine_version="ismcts/1.0")
    first = codec.encode(info)
    assert json.loads(first) == json_format.MessageToDict(info)
    assert codec.encode(advisor_pb2.GetInfoResponse.FromString(info.SerializeToString())) is first
    changed = advisor_pb2.GetInfoResponse(service_version="1.1", engine_version="ismcts/1.0")
    assert json.loads(codec.encode(changed))["serviceVersion"] == "1.1"
    codec.encode(advisor_pb2.GetInfoResponse(service_version="2"))  # the first is forgotten
    again = codec.encode(info)
    assert again == first and again is not first


def test_connections_to_the_http_port_send_without_waiting_for_acknowledgements() -> None:
    """TCP_NODELAY on accepted connections (asyncio sets it only on sockets made as TCP): with
    Nagle's algorithm on, an answer written in two parts waited ~40 ms for a delayed ACK."""
    from advisor.http import _bind

    listening = _bind("127.0.0.1", 0)

    async def accepted_nodelay() -> int:
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        async def handle(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            seen.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(handle, sock=listening)
        _, writer = await asyncio.open_connection("127.0.0.1", listening.getsockname()[1])
        try:
            return await seen
        finally:
            writer.close()
            server.close()

    assert asyncio.run(accepted_nodelay()) == 1
