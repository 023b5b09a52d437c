"""Measure the strength targets and regenerate benchmarks/TARGETS.md (never edit it by hand).

python -m benchmarks.strength.targets                     # every target: 500 deals (1,000 games)
python -m benchmarks.strength.targets --only greedy pimc  # some targets; the others keep their rows
python -m benchmarks.strength.targets --render            # only rewrite the Markdown from the data
python -m benchmarks.strength.targets --only challengers-python --deals 500 --processes 1

Each target is a seat-rotated match, of Splendor: Marvel unless it says Challengers!. Heads-up,
A's score counts a win 1 and a draw ½. At a larger table the target seats A against n-1 copies
of B (that lineup alone, in every rotation) and A's score is its share of the wins (a fair share
is 1/n). Budgets counted in iterations make every game reproducible to the move; the timed
targets compare strength per millisecond (their games depend on the machine's speed). Results
accumulate in benchmarks/results/targets.json (one entry per target, replaced when re-measured);
TARGETS.md is rendered from it, with the exact command of every row. A target with an SPRT stops
as soon as its test decides (at most --deals deals); its verdict is then the test's.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clients.arena.executors import Executor
from clients.arena.progress import Progress
from clients.arena.report import sprt_line
from clients.arena.runner import SequentialStop, SPRTOutcome, play_tasks, run_match
from clients.arena.schedule import match_tasks
from clients.arena.scoring import PairTally, share_tally
from clients.arena.specs import build_bot, parse_spec
from clients.arena.stats import SPRT, elo_from_score, estimate
from games.registry import GAMES

HERE = Path(__file__).resolve().parents[1]  # benchmarks/: the reports and results/
DATA = HERE / "results" / "targets.json"
REPORT = HERE / "TARGETS.md"


@dataclass(frozen=True)
class Target:
    """A match of bot A against bot B and the score A must reach (or, for an `even` target,
    the score its interval must contain: two bots that should be equally strong)."""

    name: str
    goal: float
    a: str
    b: str
    what: str
    even: bool = False
    players: int = 2
    game: str = "splendor_marvel"
    sprt: bool = False
    """Stop once a GSPRT of the goal (H0) against a margin more (H1) decides: SPRT_MARGIN Elo
    heads-up, SHARE_MARGIN of the share of the wins at a larger table."""


SPRT_MARGIN = 75.0
"""Elo between a heads-up SPRT target's H0 (its goal) and H1."""
SHARE_MARGIN = 0.05
"""Share of the wins between the H0 (its goal) and H1 of an SPRT target at a larger table."""


def targets(iters: int, ms: int) -> list[Target]:
    """The issues' targets with a 1x budget of `iters` iterations or `ms` milliseconds a move.

    Bots search on the compiled engine unless their spec says `engine=python`.
    """
    one, four = f"ismcts:iters={iters}", f"ismcts:iters={4 * iters}"
    timed = f"time={ms / 1000:g}"
    python_one = f"ismcts:engine=python,iters={iters}"
    return [
        Target("random", 0.98, one, "random", "ISMCTS against uniform random play"),
        Target("greedy", 0.70, one, "greedy", "ISMCTS against the greedy heuristic"),
        Target("pimc", 0.60, one, f"pimc:iters={iters}", "ISMCTS against PIMC, equal playouts"),
        Target("4x", 0.62, four, one, "ISMCTS at 4x the budget against 1x"),
        Target("pimc-time", 0.70, f"ismcts:{timed}", f"pimc:{timed}",
               f"ISMCTS against PIMC, {ms} ms a move each"),
        Target("greedy-time", 0.97, f"ismcts:{timed}", "greedy",
               f"ISMCTS at {ms} ms a move against the greedy heuristic"),
        Target("pimc-time-4p", 0.40, f"ismcts:{timed}", f"pimc:{timed}",
               f"ISMCTS against 3 PIMC seats, 4 players, {ms} ms a move each", players=4),
        Target("python-time", 0.80, f"ismcts:{timed}", f"ismcts:engine=python,{timed}",
               f"compiled ISMCTS against Python ISMCTS, {ms} ms a move each"),
        Target("python-iters", 0.50, one, python_one,
               "compiled ISMCTS against Python ISMCTS, equal iterations", even=True),
        *challengers_targets(ms),
        *learned_targets(ms),
    ]


def learned_targets(ms: int) -> list[Target]:
    """Issue 29's targets: the search with the learned value and priors (`value=learned`, the
    default engine of the weights manifest) against the logistic evaluation and priors before
    it (`value=logistic`)."""
    timed = f"time={ms / 1000:g}"
    learned = f"ismcts:{timed},value=learned"
    logistic = f"ismcts:{timed},value=logistic"
    return [
        Target("learned-time", 0.64, learned, logistic,
               f"learned ISMCTS against the logistic ISMCTS, {ms} ms a move each", sprt=True),
        Target("learned-pimc-time", 0.88, learned, f"pimc:{timed},value=logistic",
               f"learned ISMCTS against the logistic PIMC, {ms} ms a move each", sprt=True),
        Target("learned-10x-time", 0.50, f"ismcts:time={10 * ms / 1000:g},value=learned",
               learned, f"learned ISMCTS at {10 * ms} ms a move against itself at {ms} ms",
               sprt=True),
        Target("learned-time-4p", 0.35, learned, logistic,
               f"learned ISMCTS against 3 logistic ISMCTS, 4 players, {ms} ms a move each",
               players=4),
    ]


def challengers_targets(ms: int) -> list[Target]:
    """Issue 28's targets: Challengers! ISMCTS on its compiled kernel at `ms` a decision."""
    timed = f"ismcts:time={ms / 1000:g}"
    four = f"ismcts:time={4 * ms / 1000:g}"
    written = f"{timed},value=logistic"
    return [
        Target("challengers-python", 0.62, written,
               f"ismcts:engine=python,time={ms / 1000:g},value=logistic",
               f"Challengers!: compiled ISMCTS against Python ISMCTS, {ms} ms a decision each, "
               "both with the hand-written card worth (the kernel's speed at equal knowledge)",
               game="challengers", sprt=True),
        Target("challengers-python-learned", 0.62, timed,
               f"ismcts:engine=python,time={ms / 1000:g}",
               f"Challengers!: compiled ISMCTS against Python ISMCTS, {ms} ms a decision each, "
               "both the default (the learned card worth)",
               game="challengers", sprt=True),
        Target("challengers-greedy", 0.80, timed, "greedy",
               f"Challengers!: compiled ISMCTS at {ms} ms a decision against greedy",
               game="challengers", sprt=True),
        Target("challengers-power", 0.90, timed, "power",
               f"Challengers!: compiled ISMCTS at {ms} ms a decision against the power drafter",
               game="challengers", sprt=True),
        Target("challengers-4x", 0.50, four, timed,
               f"Challengers!: compiled ISMCTS at {4 * ms} ms against {ms} ms a decision",
               game="challengers", sprt=True),
    ]


def decision_ms(spec: str, game_name: str = "splendor_marvel", positions: int = 40) -> float:
    """Median milliseconds a bot takes per decision over positions of one seeded game."""
    game = GAMES[game_name].load().game
    evaluator = GAMES[game_name].evaluator("default")
    bot, limits = build_bot(parse_spec(spec), game)
    rng = random.Random(0)
    state = game.new_game(2, seed=0)
    times: list[float] = []
    while not game.is_terminal(state) and len(times) < positions:
        observation = game.observe(state, game.current_player(state))
        start = time.perf_counter()
        bot.choose(observation, limits, len(times))
        times.append(1000 * (time.perf_counter() - start))
        game.apply(state, evaluator.rollout_action(state, rng), rng)
    return statistics.median(times)


def sprt_of(target: Target) -> SPRT | None:
    """The target's sequential test: its goal (H0) against SPRT_MARGIN Elo more (H1) heads-up;
    at a larger table its goal share against SHARE_MARGIN more, as the Elo of those scores (the
    GSPRT reads only the scores they map back to)."""
    if not target.sprt:
        return None
    if target.players > 2:
        return SPRT(elo_from_score(target.goal), elo_from_score(target.goal + SHARE_MARGIN))
    elo0 = round(elo_from_score(target.goal))
    return SPRT(elo0, elo0 + SPRT_MARGIN)


def heads_up(target: Target, deals: int, seed: int, executor: Executor
             ) -> tuple[PairTally, SPRTOutcome | None]:
    """A's tally against B over `deals` deals, each played from both seats, and the SPRT's
    outcome if the target has one (Ctrl-C records nothing: a target is measured in full or not
    at all)."""
    result = run_match(target.game, [target.a, target.b], 2, deals, seed, executor,
                       sprt=sprt_of(target))
    if result.interrupted:
        raise KeyboardInterrupt
    (tally,) = result.tallies
    return tally, result.sprt


def one_against_many(target: Target, deals: int, seed: int, executor: Executor
                     ) -> tuple[PairTally, SPRTOutcome | None]:
    """A's wins at a table of A and n-1 copies of B, in every rotation of that lineup (a win
    shared after the tie-breaks counts ½, as a draw does heads-up), and the SPRT's outcome if
    the target has one: evaluated deal by deal in deal order on A's share, as `run_match` does
    heads-up (Ctrl-C records nothing)."""
    lineups = match_tasks(target.game, [target.a, target.b], target.players, deals, seed)
    tasks = [task for task in lineups if task.bots.count(target.a) == 1]
    tasks = [replace(task, index=i) for i, task in enumerate(tasks)]
    test = sprt_of(target)
    stop = (None if test is None else
            SequentialStop(test, (target.a, target.b), deals, len(tasks) // deals, share_tally))
    records = play_tasks(tasks, executor, Progress(len(tasks), target.name), stop)
    if stop is not None:
        records = [r for r in records if r.task.deal < stop.deals]
    return share_tally(records, target.a, target.b), None if stop is None else stop.outcome()


def measure(target: Target, deals: int, seed: int, processes: int) -> dict[str, Any]:
    """Play the match and summarise it."""
    start = time.monotonic()
    play = heads_up if target.players == 2 else one_against_many
    tally, sprt = play(target, deals, seed, Executor(processes=processes))
    seconds = time.monotonic() - start
    e = estimate(tally.points, tally.games)
    replay = (
        ["clients.arena", "match", target.a, target.b, "--players", "2"]
        if target.players == 2
        else ["benchmarks.strength.targets", "--only", target.name]
    )
    if target.game != "splendor_marvel" and target.players == 2:
        replay += ["--game", target.game]
    if sprt is not None and target.players == 2:
        replay += ["--sprt", f"{sprt.test.elo0:g},{sprt.test.elo1:g}"]
    command = shlex.join(["python", "-m", *replay, "--deals", str(deals), "--seed", str(seed)])
    return {
        "name": target.name,
        "what": target.what,
        "goal": target.goal,
        "even": target.even,
        "players": target.players,
        "a": target.a,
        "b": target.b,
        "games": tally.games,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "capped": tally.capped,
        "errors": tally.errors,
        "score": e.score,
        "low": e.low,
        "high": e.high,
        "elo": [e.elo_low, e.elo, e.elo_high],
        "ms_per_move": {bot: decision_ms(bot, target.game) for bot in (target.a, target.b)},
        "sprt": None if sprt is None else {
            "line": sprt_line(sprt, share=target.players > 2), "decision": sprt.decision},
        "minutes": seconds / 60,
        "command": command,
        "measured": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
    }


def verdict(row: dict[str, Any]) -> str:
    """Met when the whole interval is above the goal, missed when it is all below; an `even`
    target is met when its interval contains the goal. A decided SPRT says met (H1) or missed
    (H0)."""
    decision = (row.get("sprt") or {}).get("decision")
    if decision is not None:
        return "met" if decision == "H1" else "missed"
    if row.get("even"):
        return "met" if row["low"] <= row["goal"] <= row["high"] else "missed"
    if row["low"] >= row["goal"]:
        return "met"
    if row["high"] < row["goal"]:
        return "missed"
    return "not yet decided"


def render(rows: Sequence[dict[str, Any]]) -> str:
    """TARGETS.md from the measured rows."""
    lines = [
        "# Strength targets",
        "",
        "Generated by `python -m benchmarks.strength.targets` from "
        "`benchmarks/results/targets.json` —",
        "do not edit by hand. Splendor: Marvel unless the target says Challengers!, 2 players",
        "unless it says more; every deal is played from every seat. Heads-up the score counts a",
        "win 1, a draw ½; at a larger table it is A's share of the wins against n-1 copies of B.",
        "The interval is Wilson's at 95%. A target with an SPRT stopped when its test decided,",
        "and its verdict is the test's (H1: above the goal).",
        "",
        "| target | A vs B | games | A W-D-L | A score | 95% CI | Elo (95% CI) | goal | verdict |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        low, elo, high = r["elo"]
        # Elo reads a heads-up score; a share of the wins at a larger table has none
        rating = f"{elo:+.0f} ({low:+.0f}, {high:+.0f})" if r.get("players", 2) == 2 else "—"
        lines.append(
            f"| {r['what']} | `{r['a']}` vs `{r['b']}` | {r['games']} | "
            f"{r['wins']}-{r['draws']}-{r['losses']} | {100 * r['score']:.1f}% | "
            f"{100 * r['low']:.1f}–{100 * r['high']:.1f}% | {rating} | "
            f"{'≈' if r.get('even') else '≥'} {100 * r['goal']:.0f}% | {verdict(r)} |"
        )
    lines += ["", "Commands (each replays its games exactly), time per decision, date:", ""]
    for r in rows:
        timing = ", ".join(f"`{bot}` {ms:.1f} ms" for bot, ms in r["ms_per_move"].items())
        sprt = f"; {r['sprt']['line']}" if r.get("sprt") else ""
        lines.append(
            f"- {r['what']}: `{r['command']}` — {_minutes(r)}; median time per "
            f"decision: {timing}; {r['capped']} capped, {r['errors']} errors{sprt}; "
            f"{r['measured']}."
        )
    return "\n".join(lines) + "\n"


def _minutes(row: dict[str, Any]) -> str:
    """How long the row's games took ("not recorded" for a row merged from earlier runs)."""
    return "not recorded" if row["minutes"] is None else f"{row['minutes']:.0f} min"


def _load() -> dict[str, Any]:
    return dict(json.loads(DATA.read_text())) if DATA.exists() else {}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iters", type=int, default=100, help="1x budget per move (%(default)s)")
    parser.add_argument("--ms", type=int, default=50,
                        help="time per move of the timed targets (%(default)s)")
    parser.add_argument("--deals", type=int, default=500, help="deals per target (%(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (%(default)s)")
    parser.add_argument("--processes", type=int, default=0, help="0 = one per core")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help=", ".join(t.name for t in targets(100, 50)))
    parser.add_argument("--render", action="store_true", help="only rewrite TARGETS.md")
    args = parser.parse_args(argv)

    print(f"this run rewrites the committed {DATA} and {REPORT} (the "
          "targets it does not measure keep their rows)", file=sys.stderr)
    if not args.render:
        every = targets(args.iters, args.ms)
        chosen = [t for t in every if args.only is None or t.name in args.only]
        if not chosen:
            parser.error(f"--only names none of {[t.name for t in every]}")
        for target in chosen:
            print(f"measuring {target.what}: {target.a} vs {target.b}", file=sys.stderr)
            row = measure(target, args.deals, args.seed, args.processes)
            stored = _load()  # re-read: another run may have stored a target meanwhile
            stored[target.name] = row
            DATA.write_text(json.dumps(stored, indent=1) + "\n")
    stored = _load()
    order = [t.name for t in targets(args.iters, args.ms)]
    rows = [stored[name] for name in order if name in stored]
    REPORT.write_text(render(rows))
    print(f"wrote {REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
