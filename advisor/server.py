"""The gRPC server: Advisor, health and reflection services, auth, TLS, graceful shutdown."""

from __future__ import annotations

import hmac
import json
import logging
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from advisor.config import ServerConfig
from advisor.decoding import DecodeGuard
from advisor.metrics import Metrics, PrometheusMetrics
from advisor.pool import SearchPool
from advisor.service import AdvisorService
from contract.v1 import advisor_pb2, advisor_pb2_grpc

log = logging.getLogger("advisor.server")

SERVICE_NAME = advisor_pb2.DESCRIPTOR.services_by_name["Advisor"].full_name
EXTRA_THREADS = 8
"""Threads beyond the admission limit: health checks, reflection and calls being shed."""
HEALTH_PREFIX = "/grpc.health.v1.Health/"
REFLECTION_PREFIX = "/grpc.reflection."


class BearerAuth(grpc.ServerInterceptor):
    """Every method but health checks (and, if asked, reflection) needs `authorization: Bearer
    <token>`."""

    REFUSAL = "a valid bearer token is required"

    def __init__(self, token: str, open_reflection: bool = False):
        self._expected = f"Bearer {token}"
        self._open = (HEALTH_PREFIX, REFLECTION_PREFIX) if open_reflection else (HEALTH_PREFIX,)

    def intercept_service(
        self, continuation: Callable[[Any], Any], details: grpc.HandlerCallDetails
    ) -> Any:
        if details.method.startswith(self._open):
            return continuation(details)
        given = dict(details.invocation_metadata).get("authorization", "")
        if self.matches(str(given), self._expected):
            return continuation(details)
        log.info(json.dumps({"method": details.method, "status": "UNAUTHENTICATED"}))
        handler = continuation(details)
        return _refusal(handler)

    @staticmethod
    def matches(given: str, expected: str) -> bool:
        """Whether an `authorization` value is the expected one (in constant time)."""
        return hmac.compare_digest(given.encode(), expected.encode())


def _refusal(handler: Any) -> Any:
    """A handler of the same shape that answers UNAUTHENTICATED."""

    def deny(request: Any, context: grpc.ServicerContext) -> Any:
        context.abort(grpc.StatusCode.UNAUTHENTICATED, BearerAuth.REFUSAL)

    if handler is None:
        return None
    if handler.response_streaming:
        return grpc.unary_stream_rpc_method_handler(
            deny, handler.request_deserializer, handler.response_serializer
        )
    return grpc.unary_unary_rpc_method_handler(
        deny, handler.request_deserializer, handler.response_serializer
    )


class PortUnavailable(OSError):
    """The server's address cannot be bound (another server holds the port)."""


class AdvisorServer:
    """One running server: `start()`, then `stop()` (or `serve_forever()` with signals)."""

    def __init__(self, config: ServerConfig):
        self.config = config
        self.metrics = (PrometheusMetrics(config.host, config.metrics_port)
                        if config.metrics_port else Metrics())
        self.pool = SearchPool(config.processes, config.max_concurrent + EXTRA_THREADS,
                               on_replace=self.metrics.worker_replaced)
        limit = config.max_message_bytes
        interceptors: list[grpc.ServerInterceptor] = [DecodeGuard()]
        if config.auth_token:
            interceptors.insert(0, BearerAuth(config.auth_token, config.open_reflection))
        self.server = grpc.server(
            ThreadPoolExecutor(config.max_concurrent + EXTRA_THREADS, "rpc"),
            interceptors=interceptors,
            options=[
                ("grpc.max_receive_message_length", limit),
                ("grpc.max_send_message_length", limit),
                ("grpc.so_reuseport", 0),  # a second server on a busy port must fail
            ],
            # No gRPC-wide limit: it would shed health checks and reflection with the rest.
            # Advisor calls are shed by `Admission` (advisor.calls); the threads beyond its
            # limit keep serving health, reflection and the quick refusals.
            maximum_concurrent_rpcs=None,
        )
        self.servicer = AdvisorService(config, self.pool, self.metrics)
        advisor_pb2_grpc.add_AdvisorServicer_to_server(self.servicer, self.server)
        self.health = health.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.server)
        reflection.enable_server_reflection(
            (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), self.server
        )
        try:
            self.port = self._listen(config)
            self.http = self._http(config)
        except PortUnavailable:
            self.pool.shutdown()
            raise

    def _http(self, config: ServerConfig) -> Any:
        """The HTTP port's gateway (advisor/http.py) to the same servicer, if one is asked for."""
        if not config.http_port:
            return None
        from advisor.http import HttpGateway, HttpUnavailable

        try:
            return HttpGateway(self.servicer, advisor_pb2.DESCRIPTOR.services_by_name["Advisor"],
                               config)
        except HttpUnavailable as exc:
            raise PortUnavailable(str(exc)) from None

    def _listen(self, config: ServerConfig) -> int:
        """Bind the address (alone: no port sharing); PortUnavailable when it cannot."""
        address = f"{config.host}:{config.port}"
        try:
            if config.tls_cert is not None and config.tls_key is not None:
                credentials = grpc.ssl_server_credentials(
                    [(config.tls_key.read_bytes(), config.tls_cert.read_bytes())]
                )
                port = self.server.add_secure_port(address, credentials)
            else:
                port = self.server.add_insecure_port(address)
        except RuntimeError:
            port = 0
        if not port:
            raise PortUnavailable(
                f"cannot listen on {address}: the port is in use (or not ours to take); "
                "choose another with --port or ADVISOR_PORT"
            )
        return port

    def start(self) -> int:
        """Start the workers, then serve; returns the bound port."""
        self.pool.warm()
        self.server.start()
        if self.http is not None:
            self.http.start()
        for name in ("", SERVICE_NAME):
            self.health.set(name, health_pb2.HealthCheckResponse.SERVING)
        log.info(json.dumps({
            "event": "listening", "host": self.config.host, "port": self.port,
            "workers": self.pool.processes, "tls": self.config.tls_cert is not None,
            "auth": self.config.auth_token is not None,
            "http_port": self.http.port if self.http is not None else None,
        }))
        return self.port

    def stop(self, grace: float | None = None) -> None:
        """NOT_SERVING, refuse new calls, let in-flight ones finish within `grace`, stop."""
        grace = self.config.grace_s if grace is None else grace
        self.health.enter_graceful_shutdown()
        log.info(json.dumps({"event": "draining", "grace_s": grace}))
        stopped = self.server.stop(grace)
        if self.http is not None:
            self.http.stop(grace)
        stopped.wait()
        self.pool.shutdown()
        if isinstance(self.metrics, PrometheusMetrics):
            self.metrics.close()
        log.info(json.dumps({"event": "stopped"}))

    def serve_forever(self) -> int:
        """Run until SIGTERM or SIGINT, then shut down gracefully; returns the exit code 0."""
        stopping = threading.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: stopping.set())
        self.start()
        stopping.wait()
        self.stop()
        return 0
