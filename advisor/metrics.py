"""Prometheus metrics of the service, served on `--metrics-port` (optional).

`Metrics` counts nothing; `PrometheusMetrics` (needs the `metrics` extra: prometheus_client)
serves `/metrics` with calls by method and status code, latency histograms, iterations per
answer, calls in flight, calls refused at the door, and replaced worker processes.
"""

from __future__ import annotations

from typing import Any

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
ITERATION_BUCKETS = (1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000)


class Metrics:
    """The hooks the service calls; this base records nothing (metrics off)."""

    def call_started(self, method: str) -> None:
        """A call was admitted."""

    def call_finished(self, method: str, status: str, seconds: float, iterations: int) -> None:
        """An admitted call ended with `status` (a gRPC code name)."""

    def call_refused(self, method: str) -> None:
        """A call was shed at the door (RESOURCE_EXHAUSTED before any work)."""

    def worker_replaced(self) -> None:
        """The search pool replaced its worker processes after one died."""


class PrometheusMetrics(Metrics):
    """Metrics in a registry of their own, served over HTTP on `host:port`."""

    def __init__(self, host: str, port: int):
        try:
            import prometheus_client as prom
        except ImportError as exc:
            raise RuntimeError(
                "--metrics-port needs prometheus_client: pip install 'card-advisor[metrics]'"
            ) from exc
        self.registry = prom.CollectorRegistry()
        labels = ["method"]
        self._calls = prom.Counter("advisor_calls", "Finished calls by method and gRPC status",
                                   [*labels, "code"], registry=self.registry)
        self._latency = prom.Histogram("advisor_call_seconds", "Call latency", labels,
                                       buckets=LATENCY_BUCKETS, registry=self.registry)
        self._iterations = prom.Histogram("advisor_search_iterations",
                                          "Search iterations behind an answer", labels,
                                          buckets=ITERATION_BUCKETS, registry=self.registry)
        self._in_flight = prom.Gauge("advisor_calls_in_flight", "Admitted calls not yet finished",
                                    registry=self.registry)
        self._refused = prom.Counter("advisor_calls_refused",
                                     "Calls shed at the door (over --max-concurrent)", labels,
                                     registry=self.registry)
        self._replaced = prom.Counter("advisor_worker_pool_replacements",
                                      "Times a dead worker process made the pool start afresh",
                                      registry=self.registry)
        self.server: Any
        self.server, self.thread = prom.start_http_server(port, addr=host, registry=self.registry)
        self.port = self.server.server_port

    def call_started(self, method: str) -> None:
        self._in_flight.inc()

    def call_finished(self, method: str, status: str, seconds: float, iterations: int) -> None:
        self._in_flight.dec()
        self._calls.labels(method, status).inc()
        self._latency.labels(method).observe(seconds)
        if iterations:
            self._iterations.labels(method).observe(iterations)

    def call_refused(self, method: str) -> None:
        self._refused.labels(method).inc()
        self._calls.labels(method, "RESOURCE_EXHAUSTED").inc()

    def worker_replaced(self) -> None:
        self._replaced.inc()

    def close(self) -> None:
        """Stop serving `/metrics`."""
        self.server.shutdown()
        self.server.server_close()
