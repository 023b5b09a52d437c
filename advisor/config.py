"""Server settings: command-line flags, each with an environment variable and a default."""

from __future__ import annotations

import argparse
import os
import resource
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the search package loads numpy: `serve` prints its first line before that
    from search.config import Engine

ENV_PREFIX = "ADVISOR_"
ENGINES = ("compiled", "python")
LOG_FORMATS = ("text", "json")


def _help(text: str) -> dict[str, str]:
    """A setting's one-line help (shown by --help), as dataclass field metadata."""
    return {"help": text}


@dataclass(frozen=True)
class ServerConfig:
    """Everything `python -m advisor serve` can be told (flag `--max-concurrent`, environment
    variable `ADVISOR_MAX_CONCURRENT`, and so on)."""

    host: str = field(default="127.0.0.1", metadata=_help(
        "address to listen on (0.0.0.0: every interface)"))
    port: int = field(default=50051, metadata=_help(
        "port to listen on (0: any free port, logged at start)"))
    workers: int = field(default=0, metadata=_help("search worker processes (0: one per core)"))
    max_concurrent: int = field(default=16, metadata=_help(
        "Advisor calls in flight at once; more fail with RESOURCE_EXHAUSTED"))
    max_message_bytes: int = field(default=4 * 1024 * 1024, metadata=_help(
        "largest request or answer, in bytes"))
    default_iterations: int = field(default=1000, metadata=_help(
        "search budget of a request that gives neither iterations nor time"))
    max_iterations: int = field(default=2_000_000, metadata=_help(
        "most iterations a request may ask for"))
    max_time_ms: int = field(default=60_000, metadata=_help(
        "most search time a request may ask for, in ms"))
    max_tree_nodes: int = field(default=4_000_000, metadata=_help(
        "a search stops once its trees hold this many nodes (about 100 bytes each compiled, "
        "300 in Python): the memory one search may take"))
    max_review_moves: int = field(default=2000, metadata=_help(
        "most moves a ReviewGame record may hold (each judged move is one search)"))
    deadline_margin_ms: int = field(default=50, metadata=_help(
        "at least this much of a call's deadline (or a tenth, if more) is kept to answer"))
    grace_s: float = field(default=10.0, metadata=_help(
        "on SIGTERM, seconds in-flight calls get to finish"))
    tls_cert: Path | None = field(default=None, metadata=_help(
        "PEM certificate: serve TLS (with --tls-key)"))
    tls_key: Path | None = field(default=None, metadata=_help("PEM private key of --tls-cert"))
    auth_token: str | None = field(default=None, metadata=_help(
        "require 'authorization: Bearer <token>' on every call but health checks"))
    open_reflection: bool = field(default=False, metadata=_help(
        "with a token, let reflection through without it (grpcurl list/describe)"))
    metrics_port: int = field(default=0, metadata=_help(
        "serve Prometheus metrics at /metrics on this port (0: off; needs the metrics extra)"))
    http_port: int = field(default=0, metadata=_help(
        "also serve the RPCs over HTTP/1.1 (Connect JSON/binary and gRPC-Web, for browsers and "
        "curl) on this port (0: off; -1: any free port, logged at start)"))
    cors_origins: str | None = field(default=None, metadata=_help(
        "comma-separated origins whose pages may call the HTTP port (CORS; default: none)"))
    http_hosts: str | None = field(default=None, metadata=_help(
        "comma-separated host names the HTTP port answers to (the Host header; a DNS-rebinding "
        "page is refused); default: localhost, 127.0.0.1, ::1 and --host; '*': any"))
    trusted_proxies: str | None = field(default=None, metadata=_help(
        "comma-separated addresses of reverse proxies whose X-Forwarded-For names the client "
        "(default: none, the connection's address is the client)"))
    http_max_connections: int = field(default=0, metadata=_help(
        "open HTTP connections at most; one more closes the longest-waiting connection that has "
        "no request in progress, else is refused (0: half the process's descriptor limit, at "
        "most 1000)"))
    http_max_requests: int = field(default=256, metadata=_help(
        "HTTP requests in progress at once; more get 503 at once"))
    http_header_timeout_s: float = field(default=10.0, metadata=_help(
        "seconds a connection gets to send a request's headers, from its opening or its last "
        "answer (a slow or idle client is closed)"))
    http_body_timeout_s: float = field(default=30.0, metadata=_help(
        "seconds a request gets to send its body once its headers are in"))
    http_keep_alive_s: int = field(default=5, metadata=_help(
        "seconds an idle connection is kept after an answer"))
    play_workers: int = field(default=4, metadata=_help(
        "threads that play the page's games (/play), apart from the RPCs' threads; 4 times as "
        "many requests may wait, more get 429"))
    play_tables: int = field(default=1024, metadata=_help(
        "games the page's tables hold at once (more get 429; one client's extra game forgets "
        "that client's least recently played one)"))
    play_tables_per_client: int = field(default=16, metadata=_help(
        "games one client (address) may hold at once"))
    play_idle_hours: float = field(default=24.0, metadata=_help(
        "a game nobody has played for this long is forgotten"))
    play_store: str | None = field(default=None, metadata=_help(
        "SQLite file that keeps the page's games across restarts (':memory:': none kept; "
        "default: $XDG_DATA_HOME or ~/.local/share, then card-advisor/games.sqlite3)"))
    log_format: str = field(default="text", metadata=_help(
        "text: the readable lines and the JSON event log (start, ready, stop, warnings, "
        "errors); json: also a JSON line per RPC and HTTP request (for operators' log "
        "collectors)"))
    engine: Engine = field(default="compiled", metadata=_help(
        "search engine of requests that name none: compiled (numba kernels, for games that have "
        "one) or python"))

    def __post_init__(self) -> None:
        if (self.tls_cert is None) != (self.tls_key is None):
            raise ValueError("TLS needs both a certificate and a key")
        if self.max_concurrent < 1 or self.workers < 0:
            raise ValueError("max_concurrent must be >= 1 and workers >= 0")
        if self.http_port < -1:
            raise ValueError(f"http_port must be a port, 0 (off) or -1 (any), got {self.http_port}")
        if self.max_review_moves < 1:
            raise ValueError(f"max_review_moves must be >= 1, got {self.max_review_moves}")
        if self.max_tree_nodes < 1:
            raise ValueError(f"max_tree_nodes must be >= 1, got {self.max_tree_nodes}")
        positive = ("http_max_requests", "http_header_timeout_s", "http_body_timeout_s",
                    "http_keep_alive_s", "play_workers", "play_tables",
                    "play_tables_per_client", "play_idle_hours")
        for name in positive:
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be > 0, got {getattr(self, name)}")
        if self.http_max_connections < 0:
            raise ValueError(f"http_max_connections must be >= 0, got {self.http_max_connections}")
        if self.log_format not in LOG_FORMATS:
            raise ValueError(f"log_format must be one of {', '.join(LOG_FORMATS)}, "
                             f"got {self.log_format!r}")
        if self.engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {self.engine!r}")

    @property
    def connection_limit(self) -> int:
        """Open HTTP connections at most: as asked, else half the descriptor limit (the other
        half stays for the gRPC port, the workers' pipes and files), at most 1000."""
        if self.http_max_connections:
            return self.http_max_connections
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        return max(8, min(1000, soft // 2))

    def names_served(self) -> frozenset[str] | None:
        """The Host names the HTTP port answers to (lower case, no port); None: any."""
        given = [n.strip().lower() for n in (self.http_hosts or "").split(",") if n.strip()]
        if "*" in given:
            return None
        names = given or ["localhost", "127.0.0.1", "::1", self.host.lower()]
        return frozenset(n.strip("[]") for n in names)

    def proxies(self) -> frozenset[str]:
        """The addresses whose X-Forwarded-For is believed."""
        return frozenset(a.strip() for a in (self.trusted_proxies or "").split(",") if a.strip())

    def origins(self) -> list[str]:
        """The cross-site origins allowed to call the HTTP port (--cors-origins)."""
        return [o.strip() for o in (self.cors_origins or "").split(",") if o.strip()]

    @property
    def store_path(self) -> str:
        """The file the page's games are kept in (--play-store, else the user's data folder)."""
        if self.play_store:
            return self.play_store
        from advisor.play_store import default_path

        return str(default_path())

    @property
    def processes(self) -> int:
        """Worker processes in the search pool."""
        return self.workers or os.cpu_count() or 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One flag per setting; its default comes from the environment, else the dataclass."""
    for f in fields(ServerConfig):
        flag = "--" + f.name.replace("_", "-")
        env = ENV_PREFIX + f.name.upper()
        default = os.environ.get(env, f.default)
        if str(f.type) == "bool":
            parser.add_argument(flag, action=argparse.BooleanOptionalAction,
                                default=_flag_value(env, str(default)),
                                help=f"{f.metadata['help']} (env {env}=1; default "
                                     f"{'on' if f.default else 'off'})")
            continue
        kind = {"int": int, "float": float, "str": str}.get(str(f.type), str)
        if f.name in ("tls_cert", "tls_key"):
            kind = Path
        try:
            value = None if default is None else kind(default)
        except ValueError:
            parser.error(f"{env} must be {_KIND_WORDS[kind]}, got {default!r}")
        parser.add_argument(
            flag, type=kind, default=value,
            choices={"engine": ENGINES, "log_format": LOG_FORMATS}.get(f.name),
            help=f"{f.metadata['help']} (env {env}; default {f.default})",
        )


_KIND_WORDS = {int: "a whole number", float: "a number", str: "text", Path: "a file path"}


def _flag_value(name: str, text: str) -> bool:
    """An on/off environment value: 1/true/yes/on or 0/false/no/off (any case)."""
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise SystemExit(f"{name} must be 1 or 0 (true/false, yes/no, on/off), got {text!r}")


def from_arguments(args: argparse.Namespace) -> ServerConfig:
    """The settings parsed by a parser prepared with `add_arguments`."""
    return ServerConfig(**{f.name: getattr(args, f.name) for f in fields(ServerConfig)})
