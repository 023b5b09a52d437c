"""The command line: subcommands, their options and the options every one shares."""

from __future__ import annotations

import argparse

from clients.client import DEFAULT_TARGET
from games.registry import DEFAULT_GAME, SERVED

PLAYERS_HELP = ", ".join(game.players_help() for game in SERVED.values())
"""Each game's table sizes, e.g. "Splendor: Marvel 2..4, Challengers! 1..8"."""
DESCRIPTION = "Ask an advisor server for moves, referee games, or play against the bot."


def _connection(parser: argparse.ArgumentParser, defaults: bool) -> None:
    """The connection options; a subcommand's (`defaults` False) override those given before
    the subcommand, which hold the defaults."""
    group = parser.add_argument_group("connection (before or after the command)")

    def default(value: object) -> object:
        return value if defaults else argparse.SUPPRESS

    group.add_argument("--server", default=default(DEFAULT_TARGET), help=(
        "host:port; replicas as host:port,host:port or one DNS name of many "
        f"(default {DEFAULT_TARGET})"))
    group.add_argument("--token", default=default(None),
                       help="bearer token, when the server needs one")
    group.add_argument("--tls", metavar="ROOT_CERT", default=default(None),
                       help="use TLS, trusting this PEM root")
    group.add_argument("--timeout", type=float, default=default(60.0),
                       help="deadline of each call in seconds (default 60)")


def _search(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("search budget (server defaults when unset)")
    group.add_argument("--iterations", type=int, help="search iterations")
    group.add_argument("--time-ms", type=int, help="search time in milliseconds")
    group.add_argument("--seed", type=int, help="seed: the same seed and iterations, same answer")
    group.add_argument("--workers", type=int, help="worker processes for this search")
    group.add_argument("--candidates", type=int, help="ranked candidates to show")
    group.add_argument("--strength", type=int, help="1 (weakest) .. 10 (full strength)")
    group.add_argument("--engine", choices=("compiled", "python"),
                       help="search engine: compiled (numba) or python (default: the server's)")
    group.add_argument("--model-opponents", action="store_true", default=None,
                       help="draw hidden cards by an opponent model playing by the priors "
                            "(Splendor: Marvel: needs the observation's history)")


def _game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", choices=sorted(SERVED), default=DEFAULT_GAME,
        help="the game (default %(default)s)",
    )


def _command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, text: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser(name, help=text, description=text)
    _connection(parser, defaults=False)
    return parser


def build() -> argparse.ArgumentParser:
    """The parser of `card-advisor-cli` (`python -m clients.cli`)."""
    parser = argparse.ArgumentParser(prog="card-advisor-cli", description=DESCRIPTION)
    _connection(parser, defaults=True)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    observation_help = "observation JSON file (protobuf JSON of advisor.v1.Observation), - = stdin"

    info = _command(commands, "info", "Versions, games and limits of the server.")
    info.add_argument("--json", action="store_true", help="print the answer as JSON")

    for name, text in (
        ("suggest", "The best move for the seat to decide, with ranked candidates."),
        ("evaluate", "Win chances and expected points per seat; with --move, judge that move."),
        ("analyze", "A live search with a progress bar on stderr; the final answer at the end."),
    ):
        sub = _command(commands, name, text)
        sub.add_argument("observation", help=observation_help)
        sub.add_argument("--json", action="store_true", help="print JSON instead of a table")
        _search(sub)
        if name == "suggest":
            sub.add_argument(
                "--judge", action="store_true",
                help="judge each shown candidate by a search of its own (a coaching hint)",
            )
        if name == "evaluate":
            sub.add_argument(
                "--move", help="the move to judge, in notation (e.g. take:YPB, pick:cow)"
            )
        if name == "analyze":
            sub.add_argument(
                "--report-ms", type=int, default=0, help="period of live reports (default 200)"
            )
            sub.add_argument(
                "--progress", action=argparse.BooleanOptionalAction,
                help="progress bar on stderr (default: when stderr is a terminal)",
            )

    new = _command(commands, "new", "A fresh shuffled game: its full state as JSON.")
    _game(new)
    new.add_argument(
        "--players", type=int, default=2, help=f"{PLAYERS_HELP} (default 2)"
    )
    new.add_argument("--seed", type=int, help="shuffle seed (default: random)")
    new.add_argument("--start-seat", type=int, default=0, help="the seat that begins")
    new.add_argument("--turn-cap", type=int, default=0, help="rounds before a draw (0: default)")
    new.add_argument("--observe", type=int, metavar="SEAT", help="print SEAT's observation")

    moves = _command(commands, "moves", "The legal moves of a state or an observation.")
    moves.add_argument("position", help="state or observation JSON file, - = stdin")
    moves.add_argument("--json", action="store_true", help="print the answer as JSON")

    apply = _command(
        commands, "apply", "Play one move on a state: the new state as JSON, events on stderr."
    )
    apply.add_argument("state", help="state JSON file (from `new` or `apply`), - = stdin")
    apply.add_argument(
        "--move", required=True, help="the move in notation (e.g. take:YPB, opt:2A)"
    )
    apply.add_argument("--observe", type=int, metavar="SEAT", help="print SEAT's observation")

    review = _command(commands, "review",
                      "Judge a recorded game move by move: grades, losses, accuracy per seat.")
    review.add_argument("record", help="game record JSON: saved by `play`, or the arena's --json "
                                       "results, - = stdin")
    review.add_argument("--index", type=int, help="which game of an arena results file")
    review.add_argument("--seats", help="the seats to review, e.g. 0 or 0,2 (default: all)")
    review.add_argument("--chart", metavar="PNG",
                        help="draw each seat's win probability over the game (needs matplotlib)")
    review.add_argument("--json", action="store_true", help="print each message as a JSON line")
    _search(review)

    play = _command(commands, "play", "Play in the terminal against the bot (or watch bots).")
    _game(play)
    play.add_argument(
        "--seats", default="human,bot",
        help=f"human/bot in seat order, {PLAYERS_HELP} (default %(default)s)",
    )
    play.add_argument("--turn-cap", type=int, default=0, help="rounds before a draw (0: default)")
    play.add_argument("--hints", type=int, default=3, help="moves shown by `hint` (default 3)")
    play.add_argument("--record", metavar="FILE",
                      help="save the game record here (default: a new file under "
                           "~/.local/share/card-advisor/games, or $CARD_ADVISOR_GAMES)")
    _search(play)
    return parser
