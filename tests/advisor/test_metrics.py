"""Prometheus metrics, scraped from a real server."""

from __future__ import annotations

import builtins
import socket
import urllib.request

import grpc
import pytest

from advisor.metrics import PrometheusMetrics
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

from .conftest import midgame, observation_of, start

pytest.importorskip("prometheus_client")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_metrics_count_calls_by_method_and_code_with_latency_and_iterations() -> None:
    port = free_port()
    running = start(metrics_port=port)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = advisor_pb2_grpc.AdvisorStub(channel)
            stub.GetInfo(advisor_pb2.GetInfoRequest())
            stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
                observation=observation_of(midgame()),
                limits=common_pb2.Limits(max_iterations=40, seed=1)))
            with pytest.raises(grpc.RpcError):
                stub.SuggestMove(advisor_pb2.SuggestMoveRequest())
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read()
        lines = text.decode().splitlines()
    finally:
        running.stop(grace=0.5)
    assert 'advisor_calls_total{code="OK",method="GetInfo"} 1.0' in lines
    assert 'advisor_calls_total{code="OK",method="SuggestMove"} 1.0' in lines
    assert 'advisor_calls_total{code="INVALID_ARGUMENT",method="SuggestMove"} 1.0' in lines
    assert 'advisor_search_iterations_sum{method="SuggestMove"} 40.0' in lines
    assert 'advisor_call_seconds_count{method="SuggestMove"} 2.0' in lines
    assert "advisor_calls_in_flight 0.0" in lines
    assert "advisor_worker_pool_replacements_total 0.0" in lines


def test_metrics_without_prometheus_client_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_import = builtins.__import__

    def no_prometheus(name: str, *args: object, **kwargs: object) -> object:
        if name == "prometheus_client":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_prometheus)
    with pytest.raises(RuntimeError, match=r"card-advisor\[metrics\]"):
        PrometheusMetrics("127.0.0.1", free_port())
