"""The gRPC advisor service: contract codecs, validation, search workers and the server.

Public names: `AdvisorServer` (start and stop a server in-process) and `ServerConfig`. They are
loaded lazily so that `python -m contract.generate` runs before the generated code exists.
"""

from __future__ import annotations

from typing import Any

__all__ = ["AdvisorServer", "ServerConfig"]


def __getattr__(name: str) -> Any:
    if name == "AdvisorServer":
        from advisor.server import AdvisorServer

        return AdvisorServer
    if name == "ServerConfig":
        from advisor.config import ServerConfig

        return ServerConfig
    raise AttributeError(name)
