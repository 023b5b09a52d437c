"""Exit 0 when the advisor on this machine answers SERVING to a gRPC health check, else 1.

The Dockerfile's HEALTHCHECK runs it (`python deploy/health_check.py --port 50051`); it needs
only grpcio and grpcio-health-checking, which the service installs.
"""

from __future__ import annotations

import argparse
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=50051)
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds")
    args = parser.parse_args(argv)
    with grpc.insecure_channel(f"{args.host}:{args.port}") as channel:
        try:
            answer = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(), timeout=args.timeout)
        except grpc.RpcError as error:
            print(f"unhealthy: {error.code().name}", file=sys.stderr)
            return 1
    serving = answer.status == health_pb2.HealthCheckResponse.SERVING
    if not serving:
        print(f"unhealthy: {health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status)}",
              file=sys.stderr)
    return 0 if serving else 1


if __name__ == "__main__":
    sys.exit(main())
