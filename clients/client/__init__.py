"""A typed Python client of the advisor service.

Public names: `AdvisorClient`, `Limits`, `Analysis`, `AdvisorError`, `FieldViolation`,
`RetryPolicy`.
"""

from clients.client.analysis import Analysis
from clients.client.client import DEFAULT_TARGET, AdvisorClient
from clients.client.errors import AdvisorError, FieldViolation
from clients.client.limits import Limits
from clients.client.retry import RetryPolicy

__all__ = [
    "DEFAULT_TARGET",
    "AdvisorClient",
    "AdvisorError",
    "Analysis",
    "FieldViolation",
    "Limits",
    "RetryPolicy",
]
