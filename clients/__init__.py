"""Clients of the advisor service.

Public names (loaded lazily, so `clients.arena` does not pull in gRPC): `AdvisorClient`,
`Limits`, `Analysis`, `AdvisorError`, `FieldViolation`, `RetryPolicy`, `Failover`, and the
typed answers and their enums (`Suggestion`, `Evaluation`, `Grade`, ...) from `clients.client`.
The command line is `python -m clients.cli`.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("_"):
        raise AttributeError(name)
    client = importlib.import_module("clients.client")
    if name in client.__all__:
        return getattr(client, name)
    raise AttributeError(name)
