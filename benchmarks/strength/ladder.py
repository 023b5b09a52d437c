"""Generates benchmarks/RESULTS.md: arena ladders of the bots on each game (never edit by hand).

python -m benchmarks.strength.ladder --deals 20 --iters 100  # small run (about 10 minutes)
python -m benchmarks.strength.ladder --deals 500 --iters 800  # full size (1,000 games a pairing)
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from clients.arena import report
from clients.arena.executors import Executor
from clients.arena.runner import LadderResult, run_ladder
from clients.arena.stats import estimate
from games.registry import GAMES

RESULTS = Path(__file__).resolve().parents[1] / "RESULTS.md"  # benchmarks/RESULTS.md
ARENA = "python -m clients.arena"


def ladder_bots(iters: int) -> list[str]:
    """Random, greedy, PIMC and ISMCTS at equal budget, and ISMCTS at four times the budget."""
    return ["random", "greedy", f"pimc:iters={iters}", f"ismcts:iters={iters}",
            f"ismcts:iters={4 * iters}"]  # fmt: skip


def _cmd(*words: object) -> str:
    return " ".join(shlex.quote(str(w)) for w in words)


def match_command(game: str, players: int, a: str, b: str, deals: int, seed: int) -> str:
    """The `match` command that replays exactly this pairing's games (same derived seeds)."""
    return _cmd(*ARENA.split(), "match", a, b, "--game", game, "--players", players,
                "--deals", deals, "--seed", seed)  # fmt: skip


def section(
    title: str, game: str, players: int, bots: Sequence[str], deals: int, seed: int,
    result: LadderResult, seconds: float,
) -> str:  # fmt: skip
    """One ladder as Markdown: ratings, then each pairing with its exact command."""
    played = len(result.records)
    errors = sum(not r.scored for r in result.records)
    capped = sum(r.status == "capped" for r in result.records)
    ladder_cmd = _cmd(*ARENA.split(), "ladder", *bots, "--game", game, "--players", players,
                      "--deals", deals, "--seed", seed)  # fmt: skip
    rows = []
    for t in result.tallies:
        e = estimate(t.points, t.games)
        rows.append((
            f"{t.a} vs {t.b}", str(t.games), f"{t.wins}-{t.draws}-{t.losses}",
            f"{t.capped}/{t.errors}", f"{100 * e.score:.1f}%",
            f"{100 * e.low:.1f}–{100 * e.high:.1f}%",
            f"`{match_command(game, players, t.a, t.b, deals, seed)}`",
        ))  # fmt: skip
    pair_header = ("pairing (A vs B)", "games", "A W-D-L", "capped/errors", "A score",
                   "95% CI", "command")  # fmt: skip
    return "\n".join([
        f"## {title}",
        "",
        f"{played} games ({deals} deals × {played // (deals * len(result.tallies))} seatings per "
        f"pairing), {capped} capped, "
        f"{errors} errors, {seconds / 60:.1f} min wall time. Command:",
        "",
        f"    {ladder_cmd}",
        "",
        "Ratings (Bradley–Terry maximum likelihood, random = 0 Elo, 95% interval):",
        "",
        report.markdown_table(report.RATING_HEADER, report.rating_rows(result.ratings)),
        "",
        report.markdown_table(pair_header, rows),
        "",
    ])  # fmt: skip


TARGETS_NOTE = """\
## Full-size targets

The issue's targets (1,000 seat-rotated games each: ISMCTS against random, greedy and PIMC, and
4x against 1x budget) are measured by `python -m benchmarks.strength.targets` into
[TARGETS.md](TARGETS.md), each row with the exact command that replays its games.
"""


NOTES = """\
## How to read this

- A *deal* is one set-up seed; every deal is played once from each seat, so both bots see the
  same cards from both sides. Set-up, the referee's chance stream and each bot's stream are
  derived from the run seed (BLAKE2b), so the same command gives the same games on 1 process,
  many processes or Ray (when budgets count iterations, not time).
- Score: win 1, draw or shared win ½, loss 0, from A's side. *Capped* games (the engine's
  200-round cap or the referee's ply cap) count as draws and are listed; *error* games (a bot
  raised) are not scored and are listed.
- 95% CI: Wilson interval on the mean score (draws as ½, slightly conservative with draws).
- Ratings: Bradley–Terry MLE over all pairings with one virtual draw per pairing (keeps a
  clean sweep finite), anchored at random; ± is 1.96 standard errors.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladders and write the results file."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=20, help="deals per pairing (%(default)s)")
    parser.add_argument(
        "--iters",
        type=int,
        default=100,
        help="1x search budget in iterations per move (%(default)s)",
    )
    parser.add_argument("--seed", type=int, default=1, help="run seed (%(default)s)")
    parser.add_argument("--processes", type=int, default=0, help="0 = one per core")
    parser.add_argument(
        "--players", type=int, default=2, help="seats in every game's ladder (%(default)s)"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="Markdown file to write")
    args = parser.parse_args(argv)  # fmt: skip

    executor = Executor(processes=args.processes)
    bots = ladder_bots(args.iters)
    ladders = [(f"{game.title}, {args.players} players", name, args.players)
               for name, game in GAMES.items() if args.players in game.player_counts]
    sections = []
    for title, game, players in ladders:
        start = time.monotonic()
        result = run_ladder(game, bots, players, args.deals, args.seed, executor)
        seconds = time.monotonic() - start
        sections.append(section(title, game, players, bots, args.deals, args.seed, result, seconds))

    command = _cmd("python", "-m", "benchmarks.strength.ladder",
                   *(sys.argv[1:] if argv is None else argv))
    size = (f"**Size: small.** {args.deals} deals (each in every seating) per pairing, "
            f"{args.iters} iterations per move for the 1x searchers (PIMC: {args.iters} "
            "playouts over 16 worlds). The intervals are wide: the numbers are indicative, not "
            "a measurement of the targets.")  # fmt: skip
    header = [
        "# Arena results",
        "",
        f"Generated by `{command}` — do not edit by hand.",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.python_implementation()} "
        f"{platform.python_version()}, {executor.workers} worker processes on "
        f"{os.cpu_count()} cores (machine shared with other work).",
        "",
        size,
        "",
    ]  # fmt: skip
    text = "\n".join(header) + "\n" + "\n".join(sections) + "\n"
    if args.out == RESULTS:
        print(f"rewriting the committed {RESULTS} (pass --out FILE to write elsewhere)",
              file=sys.stderr)
    args.out.write_text(text + TARGETS_NOTE + "\n" + NOTES)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
