"""Do the search's win chances mean what they say? A reliability table over self-play.

Seeded self-play of `--game` at each of `--players`: the search in every seat (`--iterations`
a decision, the advisor's default budget by default; `--value` names another evaluator, as the
arena's `value=`), each deciding from its own observation. The first `--explore` decisions
with a choice are drawn in proportion to the root's visits, so the games differ; later the
most visited move is played. At every decision with a choice the deciding seat's win chance
(the root's value for it: the `win_probability` Evaluate reports) is recorded with its stage
(the share of the game's plies played), and at the end each seat's result (its share of the
win). Game i of a seat count is seeded by `search.logit.game_seed(seed + players, i)`.

The table bins the win chances by tenths: in each, the mean chance said and the mean result
met. The expected calibration error (ECE) is the bins' gaps weighted by their decisions; its
95% interval resamples whole games (a game's decisions share its result). Printed by seat
count and by stage (the game's first, middle and last third).

One JSON line per game goes to `--out` as soon as it ends, so a stopped run still reports
(`--report FILE` prints the tables again; `--resume` skips the games a file holds).

    python -m benchmarks.coaching.reliability --game challengers --players 2,3,4 --games 200
    python -m benchmarks.coaching.reliability --report reliability.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

from clients.arena.specs import evaluator_ids
from games.registry import GAMES, entry
from search import Limits, SearchConfig, ismcts
from search.logit import game_seed

BINS = 10
BOOTSTRAP_DRAWS = 1000
STAGES = ("first third", "middle third", "last third")
Decision = tuple[float, float, int]
"""(win chance said, stage, seat) of one recorded decision."""


def play_game(game_name: str, players: int, seed: int, iterations: int, explore: int,
              value: str) -> dict[str, Any]:
    """One self-play game as a JSON-ready record: its decisions and each seat's result."""
    found = entry(game_name)
    loaded, evaluator = found.load(), found.evaluator(value)
    game = loaded.game
    rng = random.Random(seed)
    chance = random.Random(rng.getrandbits(62))
    state = loaded.new_game(players, seed)
    said: list[tuple[float, int, int]] = []
    ply = choices = 0
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        seat = game.current_player(state)
        action: Hashable = actions[0]
        if len(actions) > 1:
            result = ismcts(game, evaluator, game.observe(state, seat),
                            Limits(iterations=iterations), SearchConfig(),
                            seed=rng.getrandbits(62))
            said.append((round(result.root_values[seat], 6), ply, seat))
            if choices < explore:
                action = rng.choices([c.action for c in result.candidates],
                                     weights=[c.visits for c in result.candidates])[0]
            else:
                action = result.action
            choices += 1
        game.apply(state, action, chance)
        ply += 1
    return {"game": game_name, "players": players, "seed": seed, "iterations": iterations,
            "value": value, "plies": ply, "result": list(game.returns(state)),
            "decisions": [[chance_said, round(at / ply, 4), seat]
                          for chance_said, at, seat in said]}


def decisions(record: dict[str, Any]) -> list[tuple[float, float, float]]:
    """(win chance said, result met, stage) of each decision of a game record."""
    return [(said, record["result"][seat], stage) for said, stage, seat in record["decisions"]]


def table(records: Sequence[dict[str, Any]]) -> tuple[list[str], float]:
    """The reliability table's rows (markdown) of `records`' decisions, and their ECE."""
    points = [d for r in records for d in decisions(r)]
    rows = []
    for b in range(BINS):
        inside = [(said, met) for said, met, _ in points if min(int(said * BINS), BINS - 1) == b]
        if inside:
            said = statistics.fmean(s for s, _ in inside)
            met = statistics.fmean(m for _, m in inside)
            rows.append(f"| {b / BINS:.1f}-{(b + 1) / BINS:.1f} | {len(inside)} | {said:.3f} | "
                        f"{met:.3f} | {met - said:+.3f} |")
    return rows, ece(points)


def ece(points: Sequence[tuple[float, float, float]]) -> float:
    """The expected calibration error of (said, met, stage) points: the bins' gaps between the
    mean chance said and the mean result met, weighted by their points."""
    sums: dict[int, list[float]] = {}
    for said, met, _ in points:
        cell = sums.setdefault(min(int(said * BINS), BINS - 1), [0.0, 0.0, 0.0])
        cell[0] += said
        cell[1] += met
        cell[2] += 1
    total = sum(c[2] for c in sums.values())
    return sum(abs(c[0] - c[1]) for c in sums.values()) / total if total else 0.0


def ece_interval(records: Sequence[dict[str, Any]],
                 keep: Callable[[float], bool] = lambda _stage: True) -> tuple[float, float]:
    """A 95% interval on the ECE of the decisions whose stage `keep` accepts, resampling whole
    games."""
    games = [[d for d in decisions(r) if keep(d[2])] for r in records]
    rng = random.Random(0)
    draws = sorted(ece([d for _ in games for d in rng.choice(games)])
                   for _ in range(BOOTSTRAP_DRAWS))
    return draws[int(0.025 * BOOTSTRAP_DRAWS)], draws[int(0.975 * BOOTSTRAP_DRAWS) - 1]


def _in_stage(index: int) -> Callable[[float], bool]:
    return lambda stage: min(int(stage * len(STAGES)), len(STAGES) - 1) == index


def report(path: Path) -> str:
    """The tables of a file of game records."""
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not records:
        return f"{path}: no game recorded"
    first = records[0]
    lines = [f"{path}: {len(records)} games of {first['game']}, {first['iterations']} "
             f"iterations a decision, value {first['value']}"]
    for players in sorted({r["players"] for r in records}):
        these = [r for r in records if r["players"] == players]
        rows, error = table(these)
        low, high = ece_interval(these)
        count = sum(len(r["decisions"]) for r in these)
        lines += ["", f"{players} players: {len(these)} games, {count} decisions, ECE "
                  f"{error:.3f} ({low:.3f}-{high:.3f})", "",
                  "| win chance said | decisions | mean said | mean met | met - said |",
                  "|---|---|---|---|---|", *rows, "", "| stage | decisions | ECE |",
                  "|---|---|---|"]
        for index, name in enumerate(STAGES):
            keep = _in_stage(index)
            points = [d for r in these for d in decisions(r) if keep(d[2])]
            low, high = ece_interval(these, keep)
            lines.append(f"| {name} | {len(points)} | {ece(points):.3f} ({low:.3f}-{high:.3f}) |")
    return "\n".join(lines)


def measure(args: argparse.Namespace) -> None:
    """Play the games and append one JSON line per game to `args.out`."""
    done: set[tuple[int, int]] = set()
    if args.resume and args.out.exists():
        done = {(r["players"], r["seed"]) for r in map(json.loads, args.out.read_text()
                                                        .splitlines()) if r}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with args.out.open("a", encoding="utf-8") as out:
        for players in args.players:
            for index in range(args.games):
                seed = game_seed(args.seed + players, index)
                if (players, seed) in done:
                    continue
                record = play_game(args.game, players, seed, args.iterations, args.explore,
                                   args.value)
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
                out.flush()
                print(f"{players} players, game {index + 1}/{args.games}: "
                      f"{len(record['decisions'])} decisions, result {record['result']} "
                      f"({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="challengers", choices=list(GAMES))
    parser.add_argument("--players", type=lambda text: [int(n) for n in text.split(",")],
                        default=[2], help="seat counts, comma-separated (default 2)")
    parser.add_argument("--games", type=int, default=200, help="games per seat count")
    parser.add_argument("--iterations", type=int, default=1000,
                        help="a decision's budget (the advisor's default, 1,000)")
    parser.add_argument("--explore", type=int, default=6,
                        help="decisions drawn by the root's visits at a game's start")
    parser.add_argument("--value", default="default", choices=evaluator_ids())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("reliability.jsonl"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--report", type=Path, help="only print the tables of this file")
    args = parser.parse_args(argv)
    if args.report is None:
        measure(args)
    print(report(args.report or args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
