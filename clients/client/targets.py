"""Where a client connects: one server, several replicas, or a DNS name of many.

The service keeps no state between calls, so every replica answers every call alike. A client
spreads its calls over the replicas with gRPC's `round_robin` policy, and gRPC retries a call
that failed with UNAVAILABLE (a replica stopped or restarting) on another replica, per the
retry policy of the channel's service config.

Targets (`channel_target`):
    host:port                 one server; a DNS name that resolves to several addresses (a
                              Kubernetes headless Service) is balanced over all of them, and
                              re-resolved when a connection fails
    dns:///name:port          the same, in gRPC's own spelling
    host:port,host:port,...   several replicas, resolved once when the channel opens
"""

from __future__ import annotations

import ipaddress
import json
import socket
from dataclasses import dataclass

SERVICE = "advisor.v1.Advisor"
RETRIED = ("UNAVAILABLE",)
BUSY = "RESOURCE_EXHAUSTED"
MAX_ATTEMPTS = 5
"""gRPC's ceiling on a retry policy's attempts."""


@dataclass(frozen=True)
class Failover:
    """gRPC's own retries, inside one call: up to `attempts` tries (at most 5; 1: none), each
    on the next replica."""

    attempts: int = MAX_ATTEMPTS
    initial_backoff_s: float = 0.05
    max_backoff_s: float = 1.0
    multiplier: float = 2.0
    busy: bool = False
    """Also retry RESOURCE_EXHAUSTED (a replica at its limit of calls), after a backoff. Off
    by default: a tournament's timing should not include waits for a free place."""

    def service_config(self) -> str:
        """The channel's service config (JSON): round_robin, and this retry policy for every
        Advisor method."""
        config: dict[str, object] = {"loadBalancingConfig": [{"round_robin": {}}]}
        if self.attempts > 1:
            codes = [*RETRIED, BUSY] if self.busy else list(RETRIED)
            config["methodConfig"] = [{
                "name": [{"service": SERVICE}],
                "retryPolicy": {
                    "maxAttempts": min(self.attempts, MAX_ATTEMPTS),
                    "initialBackoff": f"{self.initial_backoff_s}s",
                    "maxBackoff": f"{self.max_backoff_s}s",
                    "backoffMultiplier": self.multiplier,
                    "retryableStatusCodes": codes,
                },
            }]
        return json.dumps(config)


def split_targets(target: str) -> list[str]:
    """The `host:port` parts of a comma-separated target (ValueError when one has no port)."""
    parts = [part.strip() for part in target.split(",") if part.strip()]
    if not parts:
        raise ValueError("give a server as host:port (several: host:port,host:port)")
    for part in parts:
        host, sep, port = part.rpartition(":")
        if not sep or not host or not port.isdigit():
            raise ValueError(f"{part!r} is not host:port")
    return parts


def _addresses(part: str) -> list[str]:
    """The IP addresses of one `host:port`, each written as `ip:port` ([ip]:port for IPv6)."""
    host, _, port = part.rpartition(":")
    host = host.strip("[]")
    try:
        ips = [str(ipaddress.ip_address(host))]
    except ValueError:
        found = socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM)
        ips = list(dict.fromkeys(str(info[4][0]) for info in found))
    return [f"[{ip}]:{port}" if ":" in ip else f"{ip}:{port}" for ip in ips]


def channel_target(target: str) -> str:
    """The gRPC target of `target` (see the module docstring): one name as it is, several
    replicas as an `ipv4:`/`ipv6:` list of their addresses."""
    if "," not in target:
        return target
    addresses = [a for part in split_targets(target) for a in _addresses(part)]
    v6 = [a for a in addresses if a.startswith("[")]
    if v6 and len(v6) < len(addresses):
        raise ValueError(f"{target!r} mixes IPv4 and IPv6 replicas: use one family")
    return ("ipv6:" if v6 else "ipv4:") + ",".join(addresses)
