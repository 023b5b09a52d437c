"""Where a judged move's error comes from: the seeds' noise, or the budget's drift.

A judged move's loss at the default budget differs from its loss at ten times the budget
(benchmarks/coaching/calibration.py). Two causes call for different cures: noise (another seed,
another answer) falls with common random numbers or more seeds; drift (the value moves as the
search looks deeper, alike for every seed) falls only with a search that converges faster.

On the calibration's positions and judged moves (`calibration.positions`, `moves_by_prior`),
each judged move and the main search's choice get searches of their own (`advisor.judging`):

- with seeds `--seed` to `--seed + --seeds - 1`, at a default judgement's visits (the share
  `JUDGE_SHARE` of `--iterations`): the spread (standard deviation over the seeds) of an own
  value and of a loss, on the moves whose main search chose the same move with every seed;
- with seed `--seed`, at `VISIT_FACTORS` times those visits: the error of each own value
  against its value at `--factor` times them, the calibration's reference.

Each position is written as one JSON line to `--out` as soon as it is measured; `--report FILE`
prints the table of a file again.

    python -m benchmarks.coaching.calibration_drift --game splendor_marvel --positions 50
    python -m benchmarks.coaching.calibration_drift --report calibration_drift.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from advisor.adapters import GameAdapter
from advisor.judging import JUDGE_SHARE, own_search
from advisor.questions import Question
from benchmarks.coaching.calibration import budget, moves_by_prior, positions, searched_with
from clients.arena.registry import load_game
from clients.arena.specs import evaluator_ids
from games.registry import DEFAULT_GAME, SERVED
from search import Cancelled, ismcts

VISIT_FACTORS = (1, 2, 4)
"""Own searches of these multiples of a default judgement's visits are compared with the
reference (`--factor` times them)."""


def measure_position(adapter: GameAdapter, obs: Any, moves: Sequence[Any],
                     args: argparse.Namespace) -> dict[str, Any]:
    """One position: the main search's choice and own values by seed, and own values by
    visits at the first seed (moves and visits as strings, as JSON keeps them)."""
    visits = int(args.iterations * JUDGE_SHARE)
    by_seed = []
    chosen = None
    for seed in range(args.seed, args.seed + args.seeds):
        plan = budget(args.iterations, seed)
        main = ismcts(adapter.engine, adapter.evaluator, obs, plan.limits(Cancelled()),
                      plan.config(), seed=seed)
        chosen = main.action if chosen is None else chosen
        judged = dict.fromkeys([main.action, *moves])
        by_seed.append({"best": str(main.action),
                        "values": {str(m): _own(adapter, obs, m, visits, seed) for m in judged}})
    by_visits = {str(m): {str(k * visits): _own(adapter, obs, m, k * visits, args.seed)
                          for k in (*VISIT_FACTORS, args.factor)}
                 for m in dict.fromkeys([chosen, *moves])}
    return {"moves": [str(m) for m in moves], "seeds": by_seed, "visits": by_visits,
            "best": str(chosen), "reference": str(args.factor * visits)}


def _own(adapter: GameAdapter, obs: Any, move: Any, visits: int, seed: int) -> float | None:
    """The own value of `move` from a search of `visits` iterations (None: never allowed)."""
    plan = budget(visits, seed)
    judged = own_search(adapter, obs, move, plan, Cancelled(), Question.of(adapter, obs, plan),
                        share=1.0)
    return None if judged.own is None else judged.own.value


def _loss(values: dict[str, float | None], best: str, move: str) -> float | None:
    mine, top = values.get(move), values.get(best)
    return None if mine is None or top is None else max(0.0, top - mine)


def _rms(xs: Sequence[float]) -> float:
    return statistics.fmean(x * x for x in xs) ** 0.5 if xs else float("nan")


def summary(records: Sequence[dict[str, Any]]) -> str:
    """The tables of measured positions: the spread over seeds, and the error by visits."""
    value_spread, loss_spread = [], []
    for r in records:
        bests = {s["best"] for s in r["seeds"]}
        if len(bests) != 1:
            continue
        best = bests.pop()
        for move in r["moves"]:
            values = [s["values"].get(move) for s in r["seeds"]]
            losses = [_loss(s["values"], best, move) for s in r["seeds"]]
            if move == best or None in values or None in losses or len(values) < 2:
                continue
            value_spread.append(statistics.stdev(v for v in values if v is not None))
            loss_spread.append(statistics.stdev(x for x in losses if x is not None))
    seeds = len(records[0]["seeds"]) if records else 0
    lines = [f"{len(records)} positions. Spread over {seeds} seeds at a default judgement's "
             f"visits, on {len(loss_spread)} judged moves (not the choice) whose main search "
             f"chose the same move with every seed: own value {_rms(value_spread):.4f}, "
             f"loss {_rms(loss_spread):.4f} (root mean square of the standard deviations).",
             "", "| visits | against | own value error | loss error | moves |",
             "|---|---|---|---|---|"]
    budgets = sorted({int(v) for r in records for m in r["visits"].values() for v in m}
                     - {int(r["reference"]) for r in records})
    for visits in budgets:
        value_errors, loss_errors = [], []
        for r in records:
            at = {m: values.get(str(visits)) for m, values in r["visits"].items()}
            truth = {m: values.get(r["reference"]) for m, values in r["visits"].items()}
            for move in r["visits"]:
                if at[move] is not None and truth[move] is not None:
                    value_errors.append(at[move] - truth[move])
            for move in r["moves"]:
                small, large = _loss(at, r["best"], move), _loss(truth, r["best"], move)
                if move != r["best"] and small is not None and large is not None:
                    loss_errors.append(small - large)
        reference = records[0]["reference"]
        lines.append(f"| {visits} | {reference} | {_rms(value_errors):.4f} | "
                     f"{_rms(loss_errors):.4f} | {len(loss_errors)} |")
    lines += ["", "Errors are root mean squares; the loss is against the first seed's choice."]
    return "\n".join(lines)


def measure(args: argparse.Namespace) -> None:
    """Measure the positions, one JSON line each to `args.out`."""
    game = load_game(args.game).game
    evaluator = SERVED[args.game].evaluator("default")  # the judged moves: the default priors
    adapter = searched_with(args.game, args.value)
    with args.out.open("w") as out:
        for number, (label, _, state) in enumerate(
                positions(args.game, args.bot, args.positions, args.seed), start=1):
            obs = game.observe(state, game.current_player(state))
            moves = moves_by_prior(game, evaluator, obs, args.seed)
            out.write(json.dumps({"position": label,
                                  **measure_position(adapter, obs, moves, args)}) + "\n")
            out.flush()
            print(f"{number}/{args.positions} {label}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(SERVED))
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--iterations", type=int, default=1000, help="the default budget")
    parser.add_argument("--factor", type=int, default=10, help="the reference's multiple")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--bot", default="ismcts:iters=100", help="self-play bot spec")
    parser.add_argument("--value", default="default", choices=evaluator_ids(),
                        help="judge with this evaluator of the game (the arena's value=)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("calibration_drift.jsonl"))
    parser.add_argument("--report", type=Path, help="only print the tables of this file")
    args = parser.parse_args(argv)
    if args.report is None:
        measure(args)
    path = args.report or args.out
    print(summary([json.loads(line) for line in path.read_text().splitlines() if line.strip()]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
