"""`AdvisorError`: a failed call with its gRPC code, message and field violations."""

from __future__ import annotations

from dataclasses import dataclass

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status


@dataclass(frozen=True)
class FieldViolation:
    """One bad request field: its proto path (e.g. "move.notation") and why."""

    field: str
    description: str

    def __str__(self) -> str:
        return f"{self.field}: {self.description}"


class AdvisorError(Exception):
    """An RPC that failed: `code` (a `grpc.StatusCode`), `message` and, for INVALID_ARGUMENT,
    the `violations` of the google.rpc.BadRequest detail."""

    def __init__(
        self, code: grpc.StatusCode, message: str, violations: tuple[FieldViolation, ...] = ()
    ):
        self.code = code
        self.message = message
        self.violations = violations
        restated = "; ".join(str(v) for v in violations) == message
        if violations and restated:  # the message only lists the violations: show them once
            lines = [f"{code.name}:"] + [f"  {v}" for v in violations]
        else:
            lines = [f"{code.name}: {message}"] + [f"  {v}" for v in violations]
        super().__init__("\n".join(lines))

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> AdvisorError:
        """The error of a failed call (a `grpc.Call`), details decoded when present."""
        call: grpc.Call = error  # type: ignore[assignment]
        violations: list[FieldViolation] = []
        status = rpc_status.from_call(call)
        if status is not None:
            for detail in status.details:
                bad = error_details_pb2.BadRequest()
                if detail.Is(bad.DESCRIPTOR) and detail.Unpack(bad):
                    violations.extend(
                        FieldViolation(v.field, v.description) for v in bad.field_violations
                    )
        return cls(call.code(), call.details() or "", tuple(violations))
