"""The bearer token: `authorization: Bearer <token>` on every call but health checks."""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Callable
from typing import Any

import grpc

from advisor.readiness import refusal

log = logging.getLogger("advisor.server")

HEALTH_PREFIX = "/grpc.health.v1.Health/"
REFLECTION_PREFIX = "/grpc.reflection."
REFUSAL = "a valid bearer token is required"


def token_matches(given: str, expected: str) -> bool:
    """Whether an `authorization` value is the expected one (in constant time)."""
    return hmac.compare_digest(given.encode(), expected.encode())


class BearerAuth(grpc.ServerInterceptor):
    """The gRPC port's check: every method but health checks (and, if asked, reflection) needs
    the token."""

    def __init__(self, token: str, open_reflection: bool = False):
        self._expected = f"Bearer {token}"
        self._open = (HEALTH_PREFIX, REFLECTION_PREFIX) if open_reflection else (HEALTH_PREFIX,)

    def intercept_service(
        self, continuation: Callable[[Any], Any], details: grpc.HandlerCallDetails
    ) -> Any:
        if details.method.startswith(self._open):
            return continuation(details)
        given = dict(details.invocation_metadata).get("authorization", "")
        if token_matches(str(given), self._expected):
            return continuation(details)
        log.info(json.dumps({"method": details.method, "status": "UNAUTHENTICATED"}))
        return refusal(continuation(details), grpc.StatusCode.UNAUTHENTICATED, lambda: REFUSAL)
