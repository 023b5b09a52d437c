"""Fit the learned card worth of Challengers!'s search from its own root visit counts.

Usage: python scripts/fit_challengers_worth.py --visits FILE.jsonl [FILE.jsonl ...]
    --write ID [--weights DIR] [--today] [--temperature T] [--l2 0.0001] [--steps 1500]

The data are `scripts/selfplay_challengers.py` records: each tournament's moves (replayed) and,
at each of the search's decisions, the root's visits over its candidates (a legal move the
search left unvisited has none). The model is the
priors' own form (`heuristics.priors`): a softmax of `heuristics._score` at a `Worth` table over
each decision's legal moves, at the table's temperature. It fits the table's per-card-type pick
worth and trim terms and the temperature by the cross-entropy of that softmax against the visit
distribution (every decision weighs the same), with an L2 pull (`--l2`) of the pick worth
towards today's (`heuristics.TODAY`) and of the trim terms towards 0, by Adam from today's
table (seeded by nothing: the fit is deterministic). A move's score is linear in the table
except a redraw's (its floor against the offer's best worth): that one is rescored at the
current table between rounds of the fit. Every fifth game (`game % 5 == 4`) is held out; the
report gives its cross-entropy for today's priors, today's worth at the fitted temperature and
the fitted table (and the visits' own entropy, the floor).

`--today` keeps today's worth and fits the temperature only; `--temperature T` fixes it. Prints
the report, and writes the table with it as network `--write ID` (`ID.json`) of the weights
folder `--weights` (the package's `games/challengers/knowledge/weights/`), a new `card-worth`
entry of its manifest with status `candidate` (`manifest.add_network`): never over an id or a
file.
An engine entry of the manifest then names it for its priors or its playouts.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from games.challengers import GAME
from games.challengers.actions import REDRAW
from games.challengers.catalogue import NUM_TYPES
from games.challengers.knowledge import manifest
from games.challengers.knowledge.heuristics import TODAY, Worth, _score
from games.challengers.state import State

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 4
"""Rounds of the fit: the redraws are rescored at the current table before each."""
LEARNING_RATE = 0.02


@dataclass
class Decisions:
    """Every candidate of every decision, its score as a linear form of the table.

    A candidate's score is `const + sum(coef * table[param])` over its `terms`; `table` is
    the pick worth then the trim terms (2 * NUM_TYPES entries). Redraws are held apart.
    """

    start: list[int]
    """Each decision's first candidate (decisions are contiguous)."""
    const: list[float]
    term_rows: list[int]
    term_params: list[int]
    term_coefs: list[float]
    target: list[float]
    """Each candidate's share of its decision's root visits."""
    redraws: list[tuple[int, State]]
    """A redraw candidate's index and its state (a clone)."""


def _table(worth: Worth) -> np.ndarray:
    return np.array([*worth.pick, *worth.trim])


def _worth(table: np.ndarray, temperature: float) -> Worth:
    return Worth(tuple(float(x) for x in table[:NUM_TYPES]),
                 tuple(float(x) for x in table[NUM_TYPES:]), temperature)


def _unit(index: int) -> Worth:
    """Today's table with 1 added at `index` (a pick worth, then the trim terms)."""
    table = _table(TODAY)
    table[index] += 1.0
    return _worth(table, TODAY.temperature)


def collect(records: list[dict[str, Any]], replay: Any) -> Decisions:
    """The decisions of `records` as linear forms: each move's coefficient on a card's pick
    worth or trim term is its score's change when that entry grows by 1 (exact: `_score` is
    linear in the table but for a redraw)."""
    data = Decisions([], [], [], [], [], [], [])
    units = {i: _unit(i) for i in range(2 * NUM_TYPES)}
    today = _table(TODAY)
    for record in records:
        searched = {entry["ply"]: entry["candidates"] for entry in record["visits"]}
        for ply, state in enumerate(replay(record)):
            if ply not in searched:
                continue
            visits = dict(searched[ply])
            total = sum(visits.values())
            data.start.append(len(data.const))
            for action in GAME.legal_actions(state):
                row = len(data.const)
                base = _score(state, action, TODAY)
                data.target.append(visits.get(str(action), 0) / total)
                if action.kind == REDRAW:
                    data.redraws.append((row, state.clone()))
                    data.const.append(base)
                    continue
                linear = base
                for card in set(action.cards()):
                    for index in (card, NUM_TYPES + card):
                        coef = _score(state, action, units[index]) - base
                        if coef:
                            data.term_rows.append(row)
                            data.term_params.append(index)
                            data.term_coefs.append(coef)
                            linear -= coef * today[index]
                data.const.append(linear)
    return data


class Model:
    """The cross-entropy of the priors' softmax against the visits, and its gradient."""

    def __init__(self, data: Decisions):
        self.data = data
        self.start = np.array(data.start)
        self.const = np.array(data.const)
        self.rows = np.array(data.term_rows, dtype=np.int64)
        self.params = np.array(data.term_params, dtype=np.int64)
        self.coefs = np.array(data.term_coefs)
        self.target = np.array(data.target)
        sizes = np.diff(np.append(self.start, len(self.const)))
        self.decision = np.repeat(np.arange(len(self.start)), sizes)

    def rescore_redraws(self, table: np.ndarray) -> None:
        """Each redraw's score at `table`."""
        worth = _worth(table, TODAY.temperature)
        for row, state in self.data.redraws:
            self.const[row] = _score(state, GAME.parse("redraw"), worth)

    def scores(self, table: np.ndarray) -> np.ndarray:
        """Each candidate's score at `table`."""
        return self.const + np.bincount(self.rows, weights=self.coefs * table[self.params],
                                        minlength=len(self.const))

    def loss(self, table: np.ndarray, temperature: float) -> tuple[float, np.ndarray, float]:
        """The mean cross-entropy per decision, its gradient by the table and by log(T)."""
        scores = self.scores(table)
        logits = scores / temperature
        top = np.maximum.reduceat(logits, self.start)
        exps = np.exp(logits - top[self.decision])
        sums = np.add.reduceat(exps, self.start)
        q = exps / sums[self.decision]
        logq = logits - top[self.decision] - np.log(sums[self.decision])
        n = len(self.start)
        loss = -float(np.sum(self.target * logq)) / n
        dlogit = (q - self.target) / n
        grad = np.bincount(self.params, weights=self.coefs * dlogit[self.rows] / temperature,
                           minlength=2 * NUM_TYPES)
        dlog_t = -float(np.sum(dlogit * logits))
        return loss, grad, dlog_t

    def entropy(self) -> float:
        """The visits' own entropy per decision: the floor of the cross-entropy."""
        p = self.target[self.target > 0]
        return -float(np.sum(p * np.log(p))) / len(self.start)


def fit(model: Model, l2: float, steps: int, fit_table: bool,
        temperature: float | None) -> tuple[np.ndarray, float]:
    """Adam from today's table: the table (if `fit_table`) and the temperature (unless
    given)."""
    today = _table(TODAY)
    x = np.append(today, math.log(temperature or TODAY.temperature))
    mask = np.append(np.full(2 * NUM_TYPES, fit_table), temperature is None).astype(float)
    m = np.zeros_like(x)
    v = np.zeros_like(x)
    t = 0
    for _ in range(ROUNDS):
        model.rescore_redraws(x[:-1])
        for _ in range(steps // ROUNDS):
            t += 1
            _, grad, dlog_t = model.loss(x[:-1], math.exp(x[-1]))
            grad = grad + l2 * (x[:-1] - today)
            g = np.append(grad, dlog_t) * mask
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            x -= LEARNING_RATE * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    model.rescore_redraws(x[:-1])
    return x[:-1], math.exp(x[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=Path, nargs="+", required=True)
    parser.add_argument("--write", metavar="ID", required=True,
                        help="the new network's id in the weights manifest")
    parser.add_argument("--weights", type=Path, default=manifest.SHIPPED,
                        help="the weights folder (default: the package's)")
    parser.add_argument("--today", action="store_true", help="keep today's worth")
    parser.add_argument("--temperature", type=float, help="fix the temperature")
    parser.add_argument("--l2", type=float, default=0.0001)
    parser.add_argument("--steps", type=int, default=1500)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "scripts"))
    from selfplay_challengers import replay

    records = [json.loads(line) for path in args.visits
               for line in path.read_text("utf-8").splitlines() if line.strip()]
    train = Model(collect([r for r in records if r["game"] % 5 != 4], replay))
    held = Model(collect([r for r in records if r["game"] % 5 == 4], replay))
    print(f"{len(train.start)} decisions to fit, {len(held.start)} held out", file=sys.stderr)
    table, temperature = fit(train, args.l2, args.steps, not args.today, args.temperature)
    _, today_t = fit(train, 0.0, 400, False, None)

    def held_out(table: np.ndarray, temperature: float) -> float:
        held.rescore_redraws(table)
        return round(held.loss(table, temperature)[0], 5)

    report = {
        "data": [str(p) for p in args.visits], "decisions": len(train.start),
        "held_out_decisions": len(held.start), "l2": args.l2, "steps": args.steps,
        "held_out_cross_entropy": {
            "today": held_out(_table(TODAY), TODAY.temperature),
            "today_worth_fitted_temperature": held_out(_table(TODAY), today_t),
            "fitted": held_out(table, temperature),
            "visits_entropy": round(held.entropy(), 5)},
        "today_worth_fitted_temperature": round(today_t, 4),
    }
    print(json.dumps(report, indent=1), file=sys.stderr)
    worth = _worth(table, temperature)
    out = {"pick": [round(x, 4) for x in worth.pick], "trim": [round(x, 4) for x in worth.trim],
           "temperature": round(temperature, 4), "fit": report}
    players = sorted({record["players"] for record in records})
    command = " ".join(["python scripts/fit_challengers_worth.py",
                        *(sys.argv[1:] if argv is None else argv)])
    about = {"tables": players, "data": ", ".join(str(p) for p in args.visits),
             "training": command, "held_out": report["held_out_cross_entropy"]}
    try:
        path = manifest.add_network(args.weights, args.write, json.dumps(out, indent=1) + "\n",
                                     about)
    except ValueError as error:
        parser.error(str(error))
    print(f"wrote network {args.write!r}: {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
