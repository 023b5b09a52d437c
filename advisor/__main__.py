"""Command line: `python -m advisor serve [flags]` runs the service; `python -m advisor warm`
compiles the search kernels into numba's cache and exits (also installed as `card-advisor`)."""

from __future__ import annotations

import argparse
import logging
import sys
import time

from advisor.config import add_arguments, from_arguments

REQUEST_LOGS = ("advisor.rpc", "advisor.http")
"""The loggers that write a JSON line per RPC or HTTP request (at INFO)."""


def say(line: str) -> None:
    """A line for the person at the terminal (stdout; the JSON event log goes to stderr)."""
    print(line, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    parser = argparse.ArgumentParser(prog="card-advisor", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the gRPC service until SIGTERM or Ctrl-C")
    add_arguments(serve)
    commands.add_parser(
        "warm", help="compile the search kernels into numba's cache (NUMBA_CACHE_DIR if set) "
                     "and exit, so the service's first start only loads them")
    args = parser.parse_args(argv)
    if args.command == "warm":
        try:
            return warm()
        except KeyboardInterrupt:
            print("stopped: the kernels compiled so far are cached", file=sys.stderr)
            return 130
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    try:
        config = from_arguments(args)
    except ValueError as exc:
        parser.error(str(exc))
    if config.log_format == "text":  # a line per request only when asked (--log-format json)
        for name in REQUEST_LOGS:
            logging.getLogger(name).setLevel(logging.WARNING)
    say(f"card-advisor: starting on {config.host}:{config.port} with {config.processes} "
        "search workers")
    from advisor.server import AdvisorServer, PortUnavailable

    try:
        server = AdvisorServer(config, say=say)
    except (PortUnavailable, RuntimeError, OSError) as exc:  # a port, or the metrics extra
        print(f"card-advisor: {exc}", file=sys.stderr)
        return 1
    return server.serve_forever()


def warm() -> int:
    """Compile (or load) every game's kernels in this process, a line per step; exit code 0."""
    from advisor.warmup import cache_location, cached, estimate_s, warm_kernels

    started = time.monotonic()
    if cached():
        say(f"the search kernels are already in numba's cache ({cache_location()}); checking")
    else:
        say(f"compiling the search kernels into {cache_location()} "
            f"(about {estimate_s(False)} s)...")
    warm_kernels(lambda step: say(f"  {step}"))
    say(f"done in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
