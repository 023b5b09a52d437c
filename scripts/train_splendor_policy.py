"""Train the Splendor: Marvel policy (the search's learned priors) on self-play root visits.

Usage: python scripts/train_splendor_policy.py --data /work/selfplay/gen1.jsonl [--data ...]
       [--seed 1] [--epochs 30] [--players 4] [--race] [--write ID]

Reads `scripts/selfplay_splendor.py`'s records (those with `legal` and `prior`), split by game
as the value trainer splits them (`train_splendor_network.part_of`). The model is
`games/splendor_marvel/knowledge/network_policy.py`'s: today's heuristic log-prior per legal
move, scaled per kind of move, plus a bias per action code and a linear score of the public
inputs per kind; a softmax over the legal moves. `--players` keeps the games of one table
size; `--race` appends
the race inputs (`network_features.race_features`, derived from the records as the value
trainer derives them: `train_splendor_network.with_race`) after the public ones. Its weights
start at zero (today's priors) and move by Adam (minibatches of 256, L2 decay) toward the
search's root visit shares; the epoch with the lowest validation loss is kept. Prints a table
per epoch and, on the held-out games, the cross-entropy against the visit shares (overall and
per player count) and how often the likeliest move is the most visited one, for today's
priors, shipped policies (`--baseline`, repeatable, the default engine's unless said; each
reads as many of the inputs as it has weights for) and the policy; `--epochs 0` only reports
those; `--write ID` adds the weights to the weights folder (`--weights`, the package's unless
said) as a new network `ID` of the manifest, status `candidate` (`manifest.add_network`: never
over a network there).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_splendor_network import part_of, start_seat, trainer_options, with_race, write_network

from games.splendor_marvel.kernel.actions import MAX_LEGAL, NUM_ACTION_CODES
from games.splendor_marvel.knowledge import manifest, network_policy
from games.splendor_marvel.knowledge.network_policy import (
    CODE_KIND,
    LOG_FLOOR,
    NUM_KINDS,
    PolicyWeights,
    read_policy,
    zero_policy,
)

BATCH = 256
DIGITS = 6


@dataclass
class Decisions:
    """One row per decision, its legal moves padded to `MAX_LEGAL` (`mask` marks the real ones)."""

    x: np.ndarray
    codes: np.ndarray
    log_prior: np.ndarray
    mask: np.ndarray
    target: np.ndarray
    players: np.ndarray

    def rows(self, which: np.ndarray) -> Decisions:
        """The decisions at indices `which`."""
        return Decisions(self.x[which], self.codes[which], self.log_prior[which],
                         self.mask[which], self.target[which], self.players[which])


def _decision(position: dict[str, list[float]], players: int, x: list[float],
              ) -> tuple[np.ndarray, ...]:
    legal = [int(c) for c in position["legal"]]
    codes = np.zeros(MAX_LEGAL, dtype=np.int64)
    log_prior = np.zeros(MAX_LEGAL)
    mask = np.zeros(MAX_LEGAL)
    target = np.zeros(MAX_LEGAL)
    codes[:len(legal)] = legal
    log_prior[:len(legal)] = np.maximum(position["prior"], LOG_FLOOR)
    mask[:len(legal)] = 1.0
    total = sum(position["visits"])
    for code, visits in zip(position["codes"], position["visits"], strict=True):
        target[legal.index(int(code))] = visits / total
    return np.array(x), codes, log_prior, mask, target, np.array(players)


def load(paths: list[Path], players: int | None = None, race: bool = False,
         ) -> dict[str, Decisions]:
    """The decisions of every record (of `players`-seat games only, if given), split into
    `train`, `validate` and `test` by game; `race` appends the race inputs to each."""
    rows: dict[str, list[tuple[np.ndarray, ...]]] = {"train": [], "validate": [], "test": []}
    for path in paths:
        for line in path.read_text("utf-8").splitlines():
            game = json.loads(line)
            n = game["players"]
            if players is not None and n != players:
                continue
            part = part_of(game["game"])
            start = start_seat(game)
            rows[part].extend(
                _decision(p, n, with_race(p["x"], n, (p["seat"] - start) % n) if race else p["x"])
                for p in game["positions"] if "legal" in p)
    return {part: Decisions(*(np.array(column) for column in zip(*found, strict=True)))
            for part, found in rows.items() if found}


def probabilities(w: PolicyWeights, data: Decisions) -> np.ndarray:
    """The policy's priors of every decision's legal moves (0 on padding), from as many of the
    inputs as it reads (the race inputs come last)."""
    kinds = CODE_KIND[data.codes]
    scores = data.x[:, :w.weight.shape[1]] @ w.weight.T
    logits = ((1.0 + w.scale[kinds]) * data.log_prior + w.bias[data.codes]
              + np.take_along_axis(scores, kinds, axis=1))
    logits = np.where(data.mask > 0, logits, -np.inf)
    weights = np.exp(logits - logits.max(axis=1, keepdims=True))
    p: np.ndarray = weights / weights.sum(axis=1, keepdims=True)
    return p


def cross_entropy(p: np.ndarray, data: Decisions) -> float:
    """Mean cross-entropy of priors `p` against the root visit shares."""
    return float(-(data.target * np.log(np.clip(p, 1e-12, 1.0))).sum(axis=1).mean())


def agreement(p: np.ndarray, data: Decisions) -> float:
    """How often the likeliest move is the most visited one."""
    return float((p.argmax(axis=1) == data.target.argmax(axis=1)).mean())


def _gradients(w: PolicyWeights, data: Decisions) -> PolicyWeights:
    kinds = CODE_KIND[data.codes]
    d = (probabilities(w, data) - data.target) * data.mask / len(data.x)
    scale = np.zeros(NUM_KINDS)
    np.add.at(scale, kinds, d * data.log_prior)
    bias = np.zeros(NUM_ACTION_CODES)
    np.add.at(bias, data.codes, d)
    per_kind = np.zeros((len(data.x), NUM_KINDS))
    np.add.at(per_kind, (np.arange(len(data.x))[:, None], kinds), d)
    return PolicyWeights(scale, bias, per_kind.T @ data.x)


def train(data: dict[str, Decisions], epochs: int, seed: int, rate: float, decay: float,
          ) -> tuple[PolicyWeights, list[tuple[int, float, float]]]:
    """Adam from zero weights; the weights of the best validation epoch, and the log (epoch,
    train loss, validation loss; epoch 0 is today's priors)."""
    rng = np.random.default_rng(seed)
    w = [a.copy() for a in zero_policy(data["train"].x.shape[1])]
    m = [np.zeros_like(a) for a in w]
    v = [np.zeros_like(a) for a in w]
    train_set, validate = data["train"], data["validate"]

    def losses() -> tuple[float, float]:
        weights = PolicyWeights(*w)
        return (cross_entropy(probabilities(weights, train_set), train_set),
                cross_entropy(probabilities(weights, validate), validate))

    log = [(0, *losses())]
    print(f"epoch   0  train {log[0][1]:.4f}  validate {log[0][2]:.4f}  (today's priors)",
          file=sys.stderr, flush=True)
    best = [a.copy() for a in w]
    step = 0
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(train_set.x))
        for start in range(0, len(order), BATCH):
            grads = _gradients(PolicyWeights(*w), train_set.rows(order[start:start + BATCH]))
            step += 1
            for i, g in enumerate(grads):
                g = g + decay * w[i]
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                w[i] -= rate * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
        log.append((epoch, *losses()))
        print(f"epoch {epoch:3d}  train {log[-1][1]:.4f}  validate {log[-1][2]:.4f}",
              file=sys.stderr, flush=True)
        if log[-1][2] <= min(row[2] for row in log):
            best = [a.copy() for a in w]
    return PolicyWeights(*(np.round(a, DIGITS) for a in best)), log


def report(w: PolicyWeights | None, test: Decisions, baselines: tuple[Path, ...] = (),
           ) -> dict[str, dict[str, float]]:
    """Cross-entropy (overall and per player count) and agreement with the most visited move
    on `test`: today's priors, shipped policies (`baselines`, as `shipped <file stem>`) and the
    policy (unless None)."""
    found = {}
    policies = [("today", zero_policy())]
    policies += [(f"shipped {baseline.stem}", read_policy(baseline.read_text("utf-8")))
                 for baseline in baselines]
    policies += [("policy", w)] if w is not None else []
    for name, weights in policies:
        p = probabilities(weights, test)
        found[name] = {"cross_entropy": round(cross_entropy(p, test), 4),
                       "agreement": round(agreement(p, test), 4)}
        for n in (2, 3, 4):
            rows = np.flatnonzero(test.players == n)
            if len(rows):
                found[name][f"cross_entropy_{n}p"] = round(
                    cross_entropy(p[rows], test.rows(rows)), 4)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    trainer_options(parser, 30, 1e-3, "L2 decay of every weight", "policy")
    parser.add_argument("--rate", type=float, default=3e-3)
    args = parser.parse_args(argv)
    baselines = tuple(args.baseline or manifest.network_files(network_policy.ARCHITECTURE))
    data = load(args.data, args.players, args.race)
    sizes = {part: len(d.x) for part, d in data.items()}
    print(f"decisions: {sizes}", file=sys.stderr)
    if args.epochs == 0:
        print(json.dumps({"decisions": sizes, "held_out": report(None, data["test"], baselines)},
                         indent=1))
        return 0
    w, log = train(data, args.epochs, args.seed, args.rate, args.decay)
    summary = {
        "source": "scripts/train_splendor_policy.py",
        "data": [str(p) for p in args.data],
        "baseline": [str(p) for p in baselines],
        "seed": args.seed,
        "rate": args.rate,
        "decay": args.decay,
        "players": args.players,
        "race": args.race,
        "decisions": sizes,
        "best_epoch": min(log, key=lambda row: row[2])[0],
        "held_out": report(w, data["test"], baselines),
    }
    print(json.dumps(summary, indent=1))
    if args.write:
        policy = {**summary, "inputs": int(w.weight.shape[1]), "scale": w.scale.tolist(),
                  "bias": w.bias.tolist(), "weight": w.weight.tolist()}
        write_network(args, network_policy.ARCHITECTURE, policy, summary["held_out"]["policy"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
