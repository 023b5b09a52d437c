"""The gRPC server: Advisor, health and reflection services, auth, TLS, graceful shutdown."""

from __future__ import annotations

import json
import logging
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from advisor.auth import BearerAuth
from advisor.config import ServerConfig
from advisor.decoding import DecodeGuard
from advisor.metrics import Metrics, PrometheusMetrics
from advisor.pool import SearchPool
from advisor.readiness import Readiness, StartingGate
from advisor.service import AdvisorService
from advisor.warmup import cached, estimate_s, kernel_games
from contract.v1 import advisor_pb2, advisor_pb2_grpc

log = logging.getLogger("advisor.server")

SERVICE_NAME = advisor_pb2.DESCRIPTOR.services_by_name["Advisor"].full_name
EXTRA_THREADS = 8
"""Threads beyond the admission limit: health checks, reflection and calls being shed."""
Say = Callable[[str], None]
"""Where the server tells a person what it is doing (a line at a time)."""


class PortUnavailable(OSError):
    """The server's address cannot be bound (another server holds the port)."""


class AdvisorServer:
    """One running server: `start()`, then `stop()` (or `serve_forever()` with signals)."""

    def __init__(self, config: ServerConfig, say: Say = lambda line: None):
        self.config = config
        self.say = say
        self.readiness = _readiness()
        self.failure: BaseException | None = None
        self._finished = threading.Event()
        """Set when serving ends: a signal, `stop()`, or a warm-up that failed."""
        self.metrics = (PrometheusMetrics(config.host, config.metrics_port)
                        if config.metrics_port else Metrics())
        self.pool = SearchPool(config.processes, config.max_concurrent + EXTRA_THREADS,
                               on_replace=self.metrics.worker_replaced)
        limit = config.max_message_bytes
        interceptors: list[grpc.ServerInterceptor] = [DecodeGuard()]
        if config.auth_token:
            interceptors.insert(0, BearerAuth(config.auth_token, config.open_reflection))
        interceptors.insert(0, StartingGate(self.readiness))
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
                               config, self.readiness)
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

    def start(self, wait: bool = True, hold: Callable[[], object] = lambda: None) -> int:
        """Serve at once, then warm the workers in the background: until they are warm, health
        says NOT_SERVING and Advisor calls get UNAVAILABLE saying so. With `wait`, return when
        they are warm (raising what stopped the warm-up, if anything). `hold()` runs before the
        warm-up (a test holds the server in its starting state with it). Returns the port."""
        self.server.start()
        if self.http is not None:
            self.http.start()
        for name in ("", SERVICE_NAME):
            self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        log.info(json.dumps({
            "event": "listening", "host": self.config.host, "port": self.port,
            "workers": self.pool.processes, "tls": self.config.tls_cert is not None,
            "auth": self.config.auth_token is not None,
            "http_port": self.http.port if self.http is not None else None,
        }))
        self.say(f"listening on {self.config.host}:{self.port}; not ready until the search "
                 f"workers are warm: {self.readiness.detail}...")
        if self.http is not None:
            self.say(f"the play page: {self.page_address()}")
        warming = threading.Thread(target=self._warm, args=(hold,), name="warm-up", daemon=True)
        warming.start()
        if wait:
            warming.join()
            if self.failure is not None:
                raise self.failure
        return self.port

    def page_address(self) -> str:
        """The play page's address on this machine (HTTP port on), with a hint of the token."""
        assert self.http is not None
        host = self.config.host
        host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        host = f"[{host}]" if ":" in host else host
        token = "#token=<your --auth-token>" if self.config.auth_token else ""
        return f"http://{host}:{self.http.port}/{token}"

    def _warm(self, hold: Callable[[], object]) -> None:
        """Warm every worker with a line per step, then turn SERVING."""
        started = time.monotonic()
        workers = self.pool.processes
        try:
            hold()
            self.pool.warm(lambda worker, step: self.say(f"  worker {worker}/{workers}: {step}"))
        except Exception as exc:  # a worker that cannot start: the server cannot serve
            if self._finished.is_set():  # stopped while warming: nothing went wrong
                return
            self.failure = exc
            log.error(json.dumps({"event": "warm-up failed", "error": str(exc)}))
            self._finished.set()
            return
        took = time.monotonic() - started
        page = f", the play page at {self.page_address()}" if self.http is not None else ""
        self.say(f"ready in {took:.1f} s: serving on {self.config.host}:{self.port}{page} "
                 "(Ctrl-C stops)")
        log.info(json.dumps({"event": "ready", "port": self.port, "warm_up_s": round(took, 1)}))
        self.readiness.ready.set()
        for name in ("", SERVICE_NAME):
            self.health.set(name, health_pb2.HealthCheckResponse.SERVING)

    def stop(self, grace: float | None = None) -> None:
        """NOT_SERVING, refuse new calls, let in-flight ones finish within `grace`, stop."""
        grace = self.config.grace_s if grace is None else grace
        self._finished.set()
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
        """Run until SIGTERM or SIGINT, then shut down gracefully; returns the exit code (1 if
        the workers could not be warmed)."""
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: self._finished.set())
        self.start(wait=False)
        self._finished.wait()
        if not self.readiness.ready.is_set() and self.failure is None:
            self.say("stopping: the workers first finish the kernel they are compiling")
        self.stop()
        return 0 if self.failure is None else 1


def _readiness() -> Readiness:
    """What warming the workers will do, and about how long it takes."""
    games = ", ".join(kernel_games())
    if cached():
        return Readiness("loading search kernels", estimate_s(True),
                         f"loading the search kernels for {games} from numba's cache")
    return Readiness("compiling search kernels", estimate_s(False),
                     f"compiling the search kernels for {games} "
                     f"(first start only, about {estimate_s(False)} s)")
