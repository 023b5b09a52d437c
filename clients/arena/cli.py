"""`python -m clients.arena match|ladder|replay ...`: the arena's command line."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from clients.arena import report, specs
from clients.arena.executors import Executor
from clients.arena.record import GameRecord, read_json, write_csv, write_json
from clients.arena.registry import game_names, load_game
from clients.arena.replay import replay
from clients.arena.runner import run_ladder, run_match
from clients.arena.schedule import DEFAULT_MAX_PLIES
from clients.arena.stats import SPRT
from games.registry import DEFAULT_GAME

INTERRUPTED = 130
"""The exit status after Ctrl-C or SIGTERM (the shell's for SIGINT), results saved or not."""
BOTS_HELP = "bot specs, e.g. random, greedy, pimc:iters=800, ismcts:time=0.1,c=0.7,depth=8"


def _sprt(text: str) -> SPRT:
    parts = [float(x) for x in text.split(",")]
    if len(parts) not in (2, 4):
        raise argparse.ArgumentTypeError("expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA")
    try:
        return SPRT(*parts)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from err


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bots", nargs="+", metavar="BOT", help=BOTS_HELP)
    parser.add_argument(
        "--game", default=DEFAULT_GAME, choices=game_names(), help="game (%(default)s)"
    )
    parser.add_argument("--players", type=int, default=2, help="seats per game (%(default)s)")
    parser.add_argument(
        "--deals",
        type=int,
        default=50,
        help="set-up seeds per pairing; each is played in every seat rotation, so a pairing "
        "plays DEALS x rotations games (2 per deal heads-up) (%(default)s)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="run seed: set-up, chance and bot seeds are all derived from it (%(default)s)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="local worker processes; 0 = one per core, 1 = play in this process (%(default)s)",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="run the games on Ray instead: a local Ray by default, or join the cluster at "
        "ADDRESS (auto, ray://host:10001); same seeds give the same games",
    )
    parser.add_argument(
        "--max-plies",
        type=int,
        default=DEFAULT_MAX_PLIES,
        help="referee's cap on moves per game; a capped game is scored as a draw and reported "
        "(%(default)s)",
    )
    parser.add_argument("--json", type=Path, help="write every game (seeds, seats, moves, result)")
    parser.add_argument("--csv", type=Path, help="write every game as one CSV row")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of all three commands."""
    parser = argparse.ArgumentParser(
        prog="python -m clients.arena",
        description="Play bots against each other, rate them, replay recorded games.",
        epilog=specs.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    match = commands.add_parser(
        "match",
        help="play a match between bots",
        description="Play a match. Two bots in an n-player game play the lineups A+(n-1)xB and\n"
        "B+(n-1)xA; n bots fill the n seats. Every deal is played in every seat rotation.",
        epilog=specs.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(match)
    match.add_argument(
        "--sprt",
        type=_sprt,
        metavar="ELO0,ELO1[,ALPHA,BETA]",
        help="stop early once a GSPRT of logistic Elo ELO0 against ELO1 (alpha, beta default "
        "0.05) decides; its outcomes are per-deal mean scores (the pentanomial of game pairs "
        "heads-up), evaluated in deal order so the stop is reproducible",
    )
    ladder = commands.add_parser(
        "ladder",
        help="all-play-all between bots, with ratings",
        description="Every pair of bots plays a match; ratings by Bradley-Terry maximum\n"
        "likelihood anchored at one bot, with 95% intervals.",
        epilog=specs.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(ladder)
    ladder.add_argument(
        "--anchor", help="bot rated 0 Elo (default: random if it plays, else the first bot)"
    )
    ladder.add_argument("--chart", type=Path, help="write a PNG chart of the ratings (matplotlib)")
    again = commands.add_parser(
        "replay",
        help="re-apply recorded games and check their results",
        description="Re-deal each recorded game from its set-up seed, re-apply its moves with\n"
        "its chance seed, and check it ends with the recorded result. Exit status 1 on any\n"
        "mismatch.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    again.add_argument("file", type=Path, help="a --json file written by match or ladder")
    again.add_argument(
        "--index", type=int, action="append", help="replay only this game index (repeatable)"
    )
    return parser


def _executor(args: argparse.Namespace) -> Executor:
    if args.ray is None:
        return Executor(processes=args.processes)
    return Executor(ray=True, ray_address=None if args.ray == "local" else args.ray)


def _check_bots(args: argparse.Namespace) -> list[str]:
    """Canonical labels of the bots; raises ValueError before any game."""
    entry = load_game(args.game)
    parsed = [specs.parse_spec(text) for text in args.bots]
    for spec in parsed:
        specs.build_bot(spec, entry.game)
    return [spec.label for spec in parsed]


def _save(args: argparse.Namespace, records: list[GameRecord], meta: dict[str, Any]) -> None:
    if args.json:
        write_json(args.json, records, meta)
        print(f"games written to {args.json}")
    if args.csv:
        write_csv(args.csv, records)
        print(f"games written to {args.csv}")


def _meta(args: argparse.Namespace, bots: list[str], argv: Sequence[str]) -> dict[str, Any]:
    return {
        "command": "python -m clients.arena " + " ".join(argv),
        "game": args.game,
        "players": args.players,
        "deals": args.deals,
        "seed": args.seed,
        "bots": bots,
        "max_plies": args.max_plies,
    }


def _match(args: argparse.Namespace, argv: Sequence[str]) -> int:
    bots = _check_bots(args)
    result = run_match(
        args.game, bots, args.players, args.deals, args.seed, _executor(args),
        sprt=args.sprt, max_plies=args.max_plies, show_progress=not args.quiet,
    )  # fmt: skip
    print(report.text_table(report.PAIR_HEADER, [report.pair_row(t) for t in result.tallies]))
    if result.sprt is not None:
        print(report.sprt_line(result.sprt))
    _save(args, result.records, _meta(args, bots, argv))
    return _interrupted(result.records) if result.interrupted else 0


def _ladder(args: argparse.Namespace, argv: Sequence[str]) -> int:
    bots = _check_bots(args)
    result = run_ladder(
        args.game, bots, args.players, args.deals, args.seed, _executor(args),
        anchor=args.anchor, max_plies=args.max_plies, show_progress=not args.quiet,
    )  # fmt: skip
    print(report.text_table(report.RATING_HEADER, report.rating_rows(result.ratings)))
    print()
    print(report.text_table(report.PAIR_HEADER, [report.pair_row(t) for t in result.tallies]))
    _save(args, result.records, _meta(args, bots, argv))
    if args.chart:
        from clients.arena.chart import ladder_chart

        ladder_chart(result.ratings, args.chart, f"{args.game}, {args.players} players")
        print(f"chart written to {args.chart}")
    return _interrupted(result.records) if result.interrupted else 0


def _interrupted(kept: Sequence[GameRecord]) -> int:
    """Say that the results above are partial; the exit status of an interrupted run."""
    print(f"interrupted: the results count the {len(kept)} games of the deals that finished",
          file=sys.stderr)
    return INTERRUPTED


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While inside, `kill` (SIGTERM) stops a run as Ctrl-C does, keeping what finished (only
    the main thread can take signals; elsewhere SIGTERM keeps its handler)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _replay(args: argparse.Namespace) -> int:
    _, records = read_json(args.file)
    if args.index:
        wanted = set(args.index)
        records = [r for r in records if r.task.index in wanted]
    checks = [replay(r) for r in records]
    bad = [c for c in checks if not c.ok]
    for check in bad:
        print(f"game {check.index}: {check.problem}")
    print(f"{len(checks) - len(bad)}/{len(checks)} games replayed to their recorded result")
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in `argv` (default: the process arguments); returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    try:
        with _terminate_as_interrupt():
            if args.command == "match":
                return _match(args, argv)
            if args.command == "ladder":
                return _ladder(args, argv)
            return _replay(args)
    except (ValueError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
