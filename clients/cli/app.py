"""The entry point: parse the command line, run one subcommand, map errors to exit codes."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from clients.cli import commands, parser
from clients.cli.files import InputError
from clients.client import AdvisorClient, AdvisorError, RetryPolicy

Command = Callable[[AdvisorClient, argparse.Namespace], None]
COMMANDS: dict[str, Command] = {
    "info": commands.info,
    "suggest": commands.suggest,
    "evaluate": commands.evaluate,
    "analyze": commands.analyze,
    "new": commands.new,
    "moves": commands.moves,
    "apply": commands.apply,
    "play": commands.play,
    "review": commands.review,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Parse `argv`, run the subcommand; 0 on success, 1 on a server error, 2 on bad input."""
    args = parser.build().parse_args(argv)
    client = AdvisorClient(
        args.server, token=args.token, tls=args.tls, timeout=args.timeout,
        retry=RetryPolicy(attempts=3),
    )
    try:
        with client:
            COMMANDS[args.command](client, args)
            return 0
    except AdvisorError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left (`| head`): drop the rest quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0

