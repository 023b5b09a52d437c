"""Request errors and how they become gRPC statuses with rich details.

A handler raises `RequestError` (INVALID_ARGUMENT, one google.rpc.BadRequest field violation per
problem, each naming the proto field path) or `PreconditionError` (FAILED_PRECONDITION: the
request is well formed but the position forbids it, e.g. an illegal move).
"""

from __future__ import annotations

from typing import NoReturn

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

DOMAIN = "advisor.v1"
MAX_VIOLATIONS = 8
"""Violations sent in full; the rest are counted in one last entry, so an error's status
(message and details, in the trailing metadata) always stays under 8 KiB."""
MAX_FIELD_CHARS = 160
MAX_REASON_CHARS = 240
MAX_MESSAGE_CHARS = 1000


class RequestError(Exception):
    """A malformed or inconsistent request: `violations` are (field path, reason) pairs."""

    def __init__(self, violations: list[tuple[str, str]]):
        self.violations = violations
        super().__init__("; ".join(f"{path}: {reason}" for path, reason in violations))


class PreconditionError(Exception):
    """A valid request that the position forbids (an illegal move, a finished game)."""


class Violations:
    """Collects field violations while a request is checked; `raise_if_any` reports them all."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, path: str, reason: str) -> None:
        """Record that the field at `path` is wrong because of `reason`."""
        self.items.append((path, reason))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        """Raise RequestError when anything was recorded."""
        if self.items:
            raise RequestError(self.items)


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def capped(violations: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The first `MAX_VIOLATIONS` violations, clipped, and one entry counting the rest."""
    kept = [(_clip(path, MAX_FIELD_CHARS), _clip(reason, MAX_REASON_CHARS))
            for path, reason in violations[:MAX_VIOLATIONS]]
    rest = len(violations) - len(kept)
    if rest > 0:
        kept.append(("", f"and {rest} more violation{'s' if rest > 1 else ''} not listed"))
    return kept


def bad_request_status(error: RequestError) -> grpc.Status:
    """INVALID_ARGUMENT with a google.rpc.BadRequest detail listing the violations (`capped`)."""
    violations = capped(error.violations)
    detail = any_pb2.Any()
    detail.Pack(
        error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=path, description=reason)
                for path, reason in violations
            ]
        )
    )
    message = "; ".join(f"{path}: {reason}" if path else reason for path, reason in violations)
    status = status_pb2.Status(
        code=code_pb2.INVALID_ARGUMENT, message=_clip(message, MAX_MESSAGE_CHARS),
        details=[detail],
    )
    return rpc_status.to_status(status)


def precondition_status(error: PreconditionError) -> grpc.Status:
    """FAILED_PRECONDITION with the reason and a google.rpc.ErrorInfo detail."""
    detail = any_pb2.Any()
    detail.Pack(error_details_pb2.ErrorInfo(reason="FAILED_PRECONDITION", domain=DOMAIN))
    status = status_pb2.Status(
        code=code_pb2.FAILED_PRECONDITION, message=_clip(str(error), MAX_MESSAGE_CHARS),
        details=[detail],
    )
    return rpc_status.to_status(status)


def abort(context: grpc.ServicerContext, status: grpc.Status) -> NoReturn:
    """End the call with `status` (its details travel in the trailing metadata)."""
    context.abort_with_status(status)
    raise AssertionError("abort_with_status returned")  # pragma: no cover
