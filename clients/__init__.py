"""Clients of the advisor service.

Public names (loaded lazily, so `clients.arena` does not pull in gRPC): `AdvisorClient`,
`Limits`, `Analysis`, `AdvisorError`, `FieldViolation`, `RetryPolicy` from `clients.client`.
The command line is `python -m clients.cli`.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "AdvisorClient",
    "AdvisorError",
    "Analysis",
    "FieldViolation",
    "Limits",
    "RetryPolicy",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from clients import client

        return getattr(client, name)
    raise AttributeError(name)
