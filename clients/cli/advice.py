"""What a failed call means for the person at the terminal, and what to do about it."""

from __future__ import annotations

import grpc

from clients.client import AdvisorError

UNREACHABLE = ("Connection refused", "failed to connect to all addresses", "errors resolving",
               "DNS resolution failed", "No route to host", "Network is unreachable")
"""Transport failures of a server that is not there (checked after those of a TLS mismatch)."""
TLS_MISMATCH = ("Socket closed", "Connection reset", "WRONG_VERSION_NUMBER", "handshake")
"""What a plain-text call to a TLS server (or a TLS call to a plain one) fails with."""
STARTING = "the advisor is starting"
"""How a server still warming its workers answers (it says when to retry)."""


def advice(error: AdvisorError, server: str, tls: bool) -> str:
    """The error as the CLI prints it: what went wrong and what to try."""
    if error.code == grpc.StatusCode.UNAVAILABLE:
        if any(sign.lower() in error.message.lower() for sign in TLS_MISMATCH):
            if tls:
                return (f"the server at {server} closed the connection: it may not use TLS, "
                        "try without --tls")
            return f"the server at {server} closed the connection: it may require TLS, try --tls"
        if any(sign.lower() in error.message.lower() for sign in UNREACHABLE):
            return (f"cannot reach the advisor at {server}: is it running? start it with "
                    "`make run`, or pass --server HOST:PORT")
        if error.message.startswith(STARTING):
            return error.message
        return f"the advisor is unavailable: {error.message}"
    if error.code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return f"the server is busy, try again ({error.message})"
    if error.code == grpc.StatusCode.UNAUTHENTICATED:
        return f"{error.message}: pass the server's token with --token"
    return str(error)
