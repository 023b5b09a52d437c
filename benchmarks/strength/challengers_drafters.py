"""The ISMCTS drafter against the greedy bot and the highest-power drafter (issues 5 and 14).

python -m benchmarks.strength.challengers_drafters               # full size: 1,000 tournaments
python -m benchmarks.strength.challengers_drafters --tournaments 100 --iters 100 --json out.json

Each opponent plays N seeded 2-player Challengers! tournaments against the ISMCTS bot through
the arena's runner (`clients.arena.runner.run_match`): N/2 deals, each played in both seatings,
so results are seat-rotated and reproducible from `--seed` (the same command gives the same
games). Prints the ISMCTS win rate with a 95% Wilson interval per opponent and whether it meets
the opponent's goal (issue 14: at least 65% against `greedy`, 80% against `power`); `--json`
writes the table and settings. The search's defaults (PUCT at c = 0.3) are the settings tuned
for Challengers! (benchmarks/TUNING.md, "Challengers! drafter"); `--options sel=uct` measures
the former UCT drafter.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from clients.arena.executors import Executor
from clients.arena.runner import run_match
from clients.arena.specs import parse_spec
from clients.arena.stats import wilson

GAME = "challengers"
GOALS = {"greedy": 0.65, "power": 0.80}
"""Issue 14's win-rate goal of the ISMCTS drafter against each opponent (2 players)."""


def ismcts_spec(iters: int, depth: int | None, extra: str) -> str:
    """The ISMCTS bot spec measured (canonical label)."""
    text = f"ismcts:iters={iters}"
    if depth is not None:
        text += f",depth={depth}"
    if extra:
        text += f",{extra}"
    return parse_spec(text).label


def measure(bot: str, opponent: str, tournaments: int, seed: int, processes: int,
            progress: bool) -> dict[str, Any]:
    """One opponent: the tally of `bot` against it and the 95% interval of its score."""
    deals = max(1, (tournaments + 1) // 2)
    start = time.perf_counter()
    result = run_match(GAME, [bot, opponent], 2, deals, seed, Executor(processes=processes),
                       show_progress=progress)
    seconds = time.perf_counter() - start
    t = result.tallies[0]
    score = t.points / t.games if t.games else 0.0
    low, high = wilson(score, t.games)
    row: dict[str, Any] = {
        "opponent": opponent, "games": t.games, "wins": t.wins, "draws": t.draws,
        "losses": t.losses, "errors": t.errors, "capped": t.capped, "score": round(score, 4),
        "ci95": [round(low, 4), round(high, 4)], "seconds": round(seconds, 1),
        "command": " ".join(shlex.quote(w) for w in [
            "python", "-m", "clients.arena", "match", bot, opponent, "--game", GAME,
            "--players", "2", "--deals", str(deals), "--seed", str(seed)]),
    }
    goal = GOALS.get(opponent)
    if goal is not None:
        row["goal"] = goal
        row["goal_met"] = low >= goal
        row["goal_point_estimate_met"] = score >= goal
    return row


def table(bot: str, rows: list[dict[str, Any]]) -> str:
    """The results as a plain-text table."""
    head = f"{'ISMCTS bot':<24} {'opponent':<10} {'games':>6} {'W-D-L':>12} {'win rate':>9}  "
    head += f"{'95% CI':<13} {'goal':<10} {'s':>6}"
    lines = [head, "-" * len(head)]
    for r in rows:
        low, high = r["ci95"]
        wdl = f"{r['wins']}-{r['draws']}-{r['losses']}"
        goal = ""
        if "goal" in r:
            goal = "met" if r["goal_met"] else "not met"
            if not r["goal_met"] and r["goal_point_estimate_met"]:
                goal = "estimate"
        lines.append(
            f"{bot:<24} {r['opponent']!s:<10} {r['games']!s:>6} {wdl:>12} "
            f"{100 * float(r['score']):>8.1f}%  {100 * low:4.1f}–{100 * high:4.1f}%  "
            f"{goal:<10} {r['seconds']!s:>6}"
        )
    goals = ", ".join(f"{goal:.0%} against {name}" for name, goal in GOALS.items())
    lines.append(f"goals: win rate >= {goals} ('met': the whole 95% interval is above it; "
                 "'estimate': only the point estimate)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=1000,
                        help="tournaments per opponent (played as N/2 deals x 2 seatings)")
    parser.add_argument("--iters", type=int, default=200, help="ISMCTS iterations per move")
    parser.add_argument("--depth", type=int, default=None, help="playout plies (bot default)")
    parser.add_argument("--options", default="", help="more ISMCTS options, e.g. c=0.5")
    parser.add_argument("--opponents", default="greedy,power",
                        help="comma-separated arena bot specs")
    parser.add_argument("--seed", type=int, default=1, help="run seed (deals and bot seeds)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (0 = all)")
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.tournaments < 1:
        parser.error("--tournaments must be >= 1")
    bot = ismcts_spec(args.iters, args.depth, args.options)
    opponents = [parse_spec(o).label for o in args.opponents.split(",") if o.strip()]
    rows = [measure(bot, o, args.tournaments, args.seed, args.processes, not args.quiet)
            for o in opponents]
    print(table(bot, rows))
    if args.json is not None:
        payload = {
            "benchmark": "benchmarks/strength/challengers_drafters.py", "game": GAME, "players": 2,
            "bot": bot, "tournaments": args.tournaments, "seed": args.seed,
            "command": " ".join(shlex.quote(a) for a in ["python", "-m",
                                                          "benchmarks.strength.challengers_drafters",
                                                          *(argv if argv is not None
                                                            else sys.argv[1:])]),
            "results": rows,
        }
        args.json.write_text(json.dumps(payload, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
