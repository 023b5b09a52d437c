"""Server settings: command-line flags, each with an environment variable and a default."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, fields
from pathlib import Path

from search.config import Engine

ENV_PREFIX = "ADVISOR_"
ENGINES = ("compiled", "python")


@dataclass(frozen=True)
class ServerConfig:
    """Everything `python -m advisor serve` can be told (flag `--max-concurrent`, environment
    variable `ADVISOR_MAX_CONCURRENT`, and so on)."""

    host: str = "127.0.0.1"
    port: int = 50051
    workers: int = 0
    """Search worker processes; 0 means one per core."""
    max_concurrent: int = 16
    """Advisor RPCs in flight at once; more fail with RESOURCE_EXHAUSTED."""
    max_message_bytes: int = 4 * 1024 * 1024
    default_iterations: int = 1000
    """Budget of a request that gives neither iterations nor time."""
    max_iterations: int = 2_000_000
    max_time_ms: int = 60_000
    deadline_margin_ms: int = 50
    """Kept free before the call's deadline to encode and send the answer."""
    grace_s: float = 10.0
    """On SIGTERM, how long in-flight RPCs may take to finish."""
    tls_cert: Path | None = None
    tls_key: Path | None = None
    auth_token: str | None = None
    """When set, every RPC but health checks needs `authorization: Bearer <token>`."""
    open_reflection: bool = False
    """With a token: let reflection through without it, so grpcurl can list and describe."""
    engine: Engine = "compiled"
    """Search engine when a request leaves it unspecified: `compiled` (numba, for games with a
    kernel) or `python`."""

    def __post_init__(self) -> None:
        if (self.tls_cert is None) != (self.tls_key is None):
            raise ValueError("TLS needs both a certificate and a key")
        if self.max_concurrent < 1 or self.workers < 0:
            raise ValueError("max_concurrent must be >= 1 and workers >= 0")
        if self.engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {self.engine!r}")

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
                                help=f"(env {env}=1, default {'on' if f.default else 'off'})")
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
            choices=ENGINES if f.name == "engine" else None,
            help=f"(env {env}, default {f.default})",
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
