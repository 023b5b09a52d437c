"""Generates benchmarks/LEVELS.md: the strength ladder, each level against the one below.

Every adjacent pair of levels (1v2 .. 9v10) plays `--deals` deals, each from both seats, in both
games, with `ismcts:iters=N,strength=K` bots (iteration budgets: reproducible whatever the load).
Games are played deal by deal across all pairs, so a run stopped early still measures every pair
alike, and each finished game is appended to `--games` (JSON lines): running again with the same
settings plays only the games not yet there, and a larger `--deals` extends the run.

python -m benchmarks.strength.levels --deals 200                # the full ladder (400 games a pair)
python -m benchmarks.strength.levels --deals 200 --report-only  # rewrite LEVELS.md from the games
python -m benchmarks.strength.levels --deals 200 --only splendor_marvel  # one game's pairs first

Each game plays its own ladder (`search.levels.ladder_of`). Games are kept per game and pair with
a fingerprint of both levels' parameters and the code that applies them: re-tuning a level
discards only the games of its two pairs.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import itertools
import json
import shlex
import sys
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clients.arena.executors import Executor
from clients.arena.record import GameTask
from clients.arena.registry import load_game
from clients.arena.report import elo_with_interval, markdown_table
from clients.arena.schedule import match_tasks, pairing_name
from clients.arena.scoring import PairTally, game_score
from clients.arena.stats import Rating, elo_from_score, estimate, fit_ratings
from search import levels
from search.levels import FULL_STRENGTH, Ladder

HERE = Path(__file__).resolve().parents[1]  # benchmarks/: the reports and results/
LEVELS_MD = HERE / "LEVELS.md"
GAMES_FILE = HERE / "results" / "levels_games.jsonl"
GAMES = {"splendor_marvel": "Splendor: Marvel", "challengers": "Challengers!"}
PACE = {"splendor_marvel": 3, "challengers": 1}
"""Deals of Challengers! played per deal of Splendor: Marvel (whose games take about 3 times as
long at these budgets, Challengers! searching on its kernel) until either runs out."""
TARGET_GAP = {"splendor_marvel": (50, 100), "challengers": (100, 150)}
"""The Elo gap each level should have over the one below, by game (`TARGET_NOTE` says why)."""
TARGET_NOTE = {
    "splendor_marvel": "Not the 100–150 first asked for: from level 1 to 10 this ladder spans "
    "about 600 Elo at 400 iterations a move, as its search rates the moves it tries nearly "
    "alike (noise among them costs little) and gains about 45 Elo a doubling of the budget; "
    "a wider ladder would need weak levels that play moves the search barely tried.",
    "challengers": "Its own ladder (games/strength_levels.py says how it was tuned): levels 1-3 "
    "differ by the least visits (1, 2, 3 of 20 iterations), levels 4-9 keep it at 14-18% of "
    "their iterations and search about 1.4 times more than the level below; its third tuning.",
}


def bot(iterations: int, strength: int) -> str:
    """The arena spec of a level with a full-strength budget of `iterations`."""
    return f"ismcts:iters={iterations},strength={strength}"


def pair_bots(iterations: int, weaker: int) -> tuple[str, str]:
    """(stronger, weaker) specs of the pair `weaker` v `weaker + 1`."""
    return bot(iterations, weaker + 1), bot(iterations, weaker)


def schedule(budgets: dict[str, int], deals: int, seed: int) -> list[GameTask]:
    """Every game of the ladder, deal by deal (each deal: every pair, both seats), a game's
    deals spaced by its `PACE` so that a run stopped early has played more of the cheap one."""
    tasks = [
        task
        for game, iterations in budgets.items()
        for weaker in range(1, FULL_STRENGTH)
        for task in match_tasks(game, pair_bots(iterations, weaker), 2, deals, seed)
    ]
    return sorted(tasks, key=lambda t: t.deal * PACE[t.game])


def ladder(game: str) -> Ladder:
    """The levels `game` plays (its own, or `search.levels.LEVELS`)."""
    return levels.ladder_of(load_game(game).game)


def fingerprint(game: str, weaker: int) -> str:
    """A short hash of what decides how the pair `weaker` v `weaker + 1` of `game` plays: both
    levels' parameters and the code that applies them. A game played under another fingerprint
    (a level since re-tuned) does not count."""
    table = ladder(game)
    parts = [repr(table[weaker]), repr(table[weaker + 1]),
             repr(levels.PLAUSIBLE_VISIT_SHARE),
             *(inspect.getsource(f) for f in (levels.level_limits, levels.plausible,
                                              levels.choose))]  # fmt: skip
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=4).hexdigest()


def fingerprints(budgets: dict[str, int]) -> dict[tuple[str, str], str]:
    """Each game and pairing of the ladder with its pair's fingerprint."""
    return {
        (game, pairing_name(pair_bots(iterations, weaker))): fingerprint(game, weaker)
        for game, iterations in budgets.items()
        for weaker in range(1, FULL_STRENGTH)
    }


def _key(game: str, pairing: str, deal: int, rotation: int, seed: int) -> str:
    return f"{game}|{pairing}|{deal}|{rotation}|{seed}"


def read_games(path: Path, seed: int, budgets: dict[str, int]) -> dict[str, dict[str, Any]]:
    """The games already played by the ladder's pairs as they are now, with run seed `seed`,
    by game, pairing, deal and rotation."""
    if not path.exists():
        return {}
    current = fingerprints(budgets)
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {_key(r["game"], r["pairing"], r["deal"], r["rotation"], r["seed"]): r
            for r in rows
            if r["seed"] == seed
            and current.get((r["game"], r["pairing"])) == r["levels"]}  # fmt: skip


def on_file(path: Path) -> int:
    """How many games `path` holds, whatever their levels, seed or budget."""
    return sum(1 for line in path.read_text().splitlines() if line.strip()) if path.exists() else 0


def play(
    tasks: Sequence[GameTask], executor: Executor, path: Path, seed: int,
    current: dict[tuple[str, str], str],
) -> Iterator[dict[str, Any]]:
    """Play `tasks` (of run seed `seed`), appending each game's row to `path` as it finishes,
    marked with its pair's fingerprint in `current`."""
    indexed = [GameTask(**{**t.__dict__, "index": i}) for i, t in enumerate(tasks)]
    with path.open("a") as out:
        for record in executor.run(indexed):
            task = record.task
            stronger, weaker = task.pairing.split(" vs ")
            row = {"levels": current[task.game, task.pairing], "seed": seed, "game": task.game,
                   "pairing": task.pairing, "deal": task.deal, "rotation": task.rotation,
                   "status": record.status, "score": game_score(record, stronger, weaker),
                   "plies": len(record.moves), "seconds": round(record.seconds, 2)}  # fmt: skip
            out.write(json.dumps(row) + "\n")
            out.flush()
            yield row


def tally(
    rows: Sequence[dict[str, Any]], budgets: dict[str, int], deals: int
) -> dict[str, list[PairTally]]:
    """Each game's pairs, weakest first: the stronger level's results over the deals below
    `deals` (scored games of whole deals only)."""
    results: dict[str, list[PairTally]] = {}
    for game, iterations in budgets.items():
        for weaker in range(1, FULL_STRENGTH):
            stronger_bot, weaker_bot = pair_bots(iterations, weaker)
            pairing = pairing_name((stronger_bot, weaker_bot))
            by_deal: dict[int, list[float]] = {}
            for r in rows:
                if r["game"] == game and r["pairing"] == pairing and r["deal"] < deals:
                    by_deal.setdefault(r["deal"], []).append(r["score"])
            scores = [s for d in by_deal.values() if len(d) == 2 and None not in d for s in d]
            results.setdefault(game, []).append(PairTally(
                stronger_bot, weaker_bot, scores.count(1.0), scores.count(0.5), scores.count(0.0)
            ))  # fmt: skip
    return results


def ratings(results: Sequence[PairTally]) -> list[Rating]:
    """Each level's rating over level 1 (Bradley–Terry over the adjacent pairs; one virtual
    draw per pair keeps a clean sweep finite)."""
    names = [str(n) for n in range(1, FULL_STRENGTH + 1)]
    rows = [(k + 1, k, r.points, r.games) for k, r in enumerate(results) if r.games]
    if len(rows) < len(names) - 1:
        return []
    return fit_ratings(names, rows, anchor=0)


def verdict(pairs: Sequence[PairTally], target: tuple[int, int]) -> str:
    """How the pairs meet the target gap: steps above zero at 95%, steps whose estimate is
    within the gap, and steps whose 95% interval reaches it (consistent with it)."""
    gaps = [estimate(r.points, r.games) for r in pairs]
    above = sum(elo_from_score(e.low) > 0 for e in gaps)
    within = sum(target[0] <= e.elo <= target[1] for e in gaps)
    consistent = sum(elo_from_score(e.low) <= target[1] and elo_from_score(e.high) >= target[0]
                     for e in gaps)  # fmt: skip
    n = len(gaps)
    return (f"{above} of {n} steps above zero at 95% confidence; {within} of {n} within the "
            f"target {target[0]}–{target[1]} Elo, {consistent} of {n} consistent with it (95% "
            "interval).")


def game_section(game: str, iterations: int, results: Sequence[PairTally]) -> str:
    """One game's ladder: its levels, each pair, then the fitted ratings (level 1 = 0 Elo)."""
    low, high = TARGET_GAP[game]
    head = [f"## {GAMES[game]} (level 10 = {iterations} iterations a move)", "",
            f"Target: each level {low}–{high} Elo above the one below. {TARGET_NOTE[game]} "
            "Levels:", "",
            level_table(ladder(game)), ""]  # fmt: skip
    least = min(r.games for r in results)
    if not least:
        return "\n".join([*head, "Not measured with these levels yet: a pair has no games.", ""])
    pair_rows = []
    for weaker, r in enumerate(results, start=1):
        e = estimate(r.points, r.games)
        pair_rows.append((
            f"{weaker + 1} v {weaker}", str(r.games), f"{r.wins}-{r.draws}-{r.losses}",
            f"{100 * e.score:.1f}% ({100 * e.low:.1f}–{100 * e.high:.1f}%)",
            elo_with_interval(e),
        ))  # fmt: skip
    fitted = ratings(results)
    steps = [b.elo - a.elo for a, b in itertools.pairwise(fitted)]
    monotone = "monotone" if steps and min(steps) > 0 else "not monotone"
    ladder_rows = [(r.name, f"{round(r.elo):+d}", f"±{r.margin:.0f}",
                    "–" if i == 0 else f"{round(steps[i - 1]):+d}")
                   for i, r in enumerate(fitted)]  # fmt: skip
    return "\n".join([
        *head,
        f"{least} games or more per pair. {verdict(results, TARGET_GAP[game])}",
        "",
        markdown_table(("pair (stronger v weaker)", "games", "stronger W-D-L",
                        "stronger's score (95% CI)", "Elo gap [95% CI]"), pair_rows),
        "",
        f"The ladder ({monotone} in the point estimates): each level's Elo over level 1, a "
        "Bradley–Terry fit of the pairs above with one virtual draw per pair (which pulls "
        "clean sweeps toward even), ± 1.96 standard errors:",
        "",
        markdown_table(("level", "Elo over level 1", "95% ±", "step over the level below"),
                       ladder_rows),
        "",
    ])  # fmt: skip


def level_table(table: Ladder) -> str:
    """The levels' parameters."""
    header = ("level", *map(str, table))
    share = ("budget share", *(f"{100 * lv.share:g}%" for lv in table.values()))
    temperature = ("temperature", *(f"{lv.temperature:g}" for lv in table.values()))
    breadth = ("breadth", *(str(lv.breadth) for lv in table.values()))
    floor = ("least visits", *(str(lv.min_visits) for lv in table.values()))
    return markdown_table(header, [share, temperature, breadth, floor])


def report(command: str, budgets: dict[str, int], results: dict[str, list[PairTally]],
           deals: int, seed: int, stale: int) -> str:  # fmt: skip
    """LEVELS.md (`stale`: games on file played under other level parameters)."""
    sections = [game_section(g, n, results[g]) for g, n in budgets.items()]
    return "\n".join([
        "# Strength levels: the measured ladder",
        "",
        f"Generated by `{command}` — do not edit by hand. {datetime.now(UTC):%Y-%m-%d %H:%M} UTC.",
        "",
        f"Each adjacent pair of levels played whole deals (each deal from both seats) with run "
        f"seed {seed}, {2 * deals} games scheduled per pair; {stale} games on file do not count "
        "(played under earlier level parameters, or another seed or budget). Each game has its "
        "ladder (`search.levels.ladder_of`): a level searches its share of the budget, then "
        "draws among the plausible candidates (among the `breadth` best ranked, with at least "
        f"{levels.PLAUSIBLE_VISIT_SHARE:.0%} of the most visited one's visits and the least "
        "visits) ∝ exp(value / temperature), and plays the search's choice when no other is "
        "plausible.",
        "",
        *sections,
        "Score: win 1, draw ½, loss 0, from the stronger level's side; 95% CI: Wilson; Elo "
        "logistic. A pair's row replays with `python -m clients.arena match STRONGER WEAKER "
        f"--game GAME --players 2 --deals {deals} --seed {seed}`.",
        "",
    ])  # fmt: skip


def reproducible(words: Sequence[str]) -> list[str]:
    """The command line that plays the whole ladder: `words` without `--report-only` and
    `--only GAME`."""
    kept = [w for w in words if w != "--report-only"]
    return [w for i, w in enumerate(kept) if "--only" not in (w, kept[i - 1] if i else "")]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games not yet in the games file, then write LEVELS.md."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200,
                        help="deals per pair and game, 2 games each (%(default)s)")
    parser.add_argument("--splendor-iters", type=int, default=400,
                        help="level 10's iterations a move, Splendor: Marvel (%(default)s)")
    parser.add_argument("--challengers-iters", type=int, default=200,
                        help="level 10's iterations a move, Challengers! (%(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (%(default)s)")
    parser.add_argument("--processes", type=int, default=1, help="0 = one per core")
    parser.add_argument("--games", type=Path, default=GAMES_FILE,
                        help="JSON lines of the games played (read, then appended)")
    parser.add_argument("--out", type=Path, default=LEVELS_MD, help="Markdown file to write")
    parser.add_argument("--only", choices=GAMES, action="append",
                        help="play only this game's games (repeatable; the report covers both)")
    parser.add_argument("--report-only", action="store_true",
                        help="write the Markdown from the games file without playing")
    args = parser.parse_args(argv)  # fmt: skip

    budgets = {"splendor_marvel": args.splendor_iters, "challengers": args.challengers_iters}
    played = read_games(args.games, args.seed, budgets)
    rows = list(played.values())
    if not args.report_only:
        keys = {t: _key(t.game, t.pairing, t.deal, t.rotation, args.seed)
                for t in schedule(budgets, args.deals, args.seed)}  # fmt: skip
        todo = [t for t, key in keys.items()
                if key not in played and t.game in (args.only or GAMES)]  # fmt: skip
        print(f"{len(played)} games on file, {len(todo)} to play", file=sys.stderr)
        try:
            games = play(todo, Executor(processes=args.processes), args.games, args.seed,
                         fingerprints(budgets))
            for n, row in enumerate(games):
                rows.append(row)
                print(f"\r{n + 1}/{len(todo)}", end="", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            print("\nstopped: the games so far are kept", file=sys.stderr)
    words = ["python", "-m", "benchmarks.strength.levels",
             *(sys.argv[1:] if argv is None else argv)]
    command = " ".join(shlex.quote(w) for w in reproducible(words))
    results = tally(rows, budgets, args.deals)
    stale = on_file(args.games) - len(played)
    args.out.write_text(report(command, budgets, results, args.deals, args.seed, stale))
    print(f"\nwrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
