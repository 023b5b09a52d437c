"""Command line: `python -m advisor serve [flags]` (also installed as `card-advisor`)."""

from __future__ import annotations

import argparse
import logging
import sys

from advisor.config import add_arguments, from_arguments


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    parser = argparse.ArgumentParser(prog="card-advisor", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the gRPC service until SIGTERM")
    add_arguments(serve)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    from advisor.server import AdvisorServer, PortUnavailable

    try:
        config = from_arguments(args)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        server = AdvisorServer(config)
    except (PortUnavailable, RuntimeError, OSError) as exc:  # a port, or the metrics extra
        print(f"card-advisor: {exc}", file=sys.stderr)
        return 1
    return server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
