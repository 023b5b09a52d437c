"""Train the Splendor: Marvel value network on self-play records, in plain numpy.

Usage: python scripts/train_splendor_network.py --data .selfplay/gen0.jsonl [--data ...]
       [--seed 1] [--epochs 30] [--hidden 64 32] [--players 4] [--race] [--write ID]

Reads `scripts/selfplay_splendor.py`'s records. Every fifth game (by index) is held out; of the
rest, every tenth game validates, and the epoch with the lowest validation loss is kept. The
network corrects the logits of today's logistic evaluation (recorded with each position). The
target of a position is the game's final result per seat (shares of the win), in turn order
from the seat to move; the loss is the cross-entropy of the softmax over the seats in the game
(Adam, minibatches of 256, decoupled weight decay); `--search-weight` blends the search's root
value into the target (the result alone is a noisy target for one position), `--augment`
relabels the colours at random. Prints a table per epoch and, on the held-out games, the
network's log-loss and winner accuracy (overall and per player count) beside a shipped network's
(`--baseline`, repeatable, the default engine's values unless said), today's logistic
evaluation and the search's own root value, also by stage (round, the leader's points, end
triggered); `--epochs 0` only reports those. `--write ID` adds the weights to the weights
folder (`--weights`, the package's unless said) as a new network `ID` of the manifest, status
`candidate` (`manifest.add_network`: never over a network there). `--players` keeps the games
of one table size (a network per table size); `--race` appends the race inputs
(`network_features.race_features`: who leads, who can still move before the round ends) after
the public ones.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from games.splendor_marvel.catalogue import GAUNTLET_POINTS
from games.splendor_marvel.kernel.layout import MAX_PLAYERS
from games.splendor_marvel.knowledge import manifest, network
from games.splendor_marvel.knowledge.dense import forward, read_weights
from games.splendor_marvel.knowledge.network_features import (
    NUM_INPUTS,
    POINTS_AT,
    RACE_FEATURES,
    SEAT_FEATURES,
    race_features_kernel,
)

HELD_OUT_EVERY = 5
VALIDATE_EVERY = 10
BATCH = 256
DIGITS = 6


@dataclass
class Positions:
    """Inputs, targets, seat masks and the two reference evaluations, one row per position."""

    x: np.ndarray
    target: np.ndarray
    mask: np.ndarray
    logistic: np.ndarray
    search: np.ndarray
    players: np.ndarray

    @property
    def offset(self) -> np.ndarray:
        """The logistic evaluation's log-probabilities (the logits the network corrects)."""
        return np.log(np.clip(self.logistic, 1e-6, 1.0))


def part_of(game: int) -> str:
    """Which part game index `game` belongs to: `test` (held out), `validate` or `train`."""
    return ("test" if game % HELD_OUT_EVERY == 0
            else "validate" if game % VALIDATE_EVERY == 1 else "train")


def _turn_order(values: list[float], seat: int, n: int) -> list[float]:
    return [values[(seat + r) % n] for r in range(n)] + [0.0] * (MAX_PLAYERS - n)


def start_seat(game: dict[str, Any]) -> int:
    """The start seat `scripts/selfplay_splendor.py` drew for a record (its seed's first draw)."""
    return random.Random(game["seed"]).randrange(game["players"])


def with_race(x: list[float], n: int, turn: int) -> list[float]:
    """Inputs `x` followed by their race inputs (`network_features.race_features`)."""
    race = np.empty(RACE_FEATURES)
    race_features_kernel(np.array(x), n, turn, race)
    return [*x, *race.tolist()]


def load(paths: list[Path], players: int | None = None, race: bool = False,
         ) -> dict[str, Positions]:
    """The positions of every record (of `players`-seat games only, if given), split into
    `train`, `validate` and `test` by game; `race` appends the race inputs to each."""
    rows: dict[str, list[tuple[list[float], ...]]] = {"train": [], "validate": [], "test": []}
    for path in paths:
        for line in path.read_text("utf-8").splitlines():
            game = json.loads(line)
            n, result = game["players"], game["result"]
            if players is not None and n != players:
                continue
            part = part_of(game["game"])
            start = start_seat(game)
            for p in game["positions"]:
                seat = p["seat"]
                x = with_race(p["x"], n, (seat - start) % n) if race else p["x"]
                rows[part].append((
                    x, _turn_order(result, seat, n), [1.0] * n + [0.0] * (MAX_PLAYERS - n),
                    _turn_order(p["logit"], seat, n), _turn_order(p["q"], seat, n), [n],
                ))
    return {part: Positions(*(np.array(column) for column in zip(*found, strict=True)))
            for part, found in rows.items() if found}


def probabilities(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax over the seats present."""
    logits = np.where(mask > 0, logits, -np.inf)
    logits = logits - logits.max(axis=1, keepdims=True)
    weights = np.exp(logits)
    return weights / weights.sum(axis=1, keepdims=True)


def log_loss(p: np.ndarray, data: Positions) -> float:
    """Mean cross-entropy of predicted win chances `p` against the final results."""
    return float(-(data.target * np.log(np.clip(p, 1e-9, 1.0))).sum(axis=1).mean())


def accuracy(p: np.ndarray, data: Positions) -> float:
    """Share of positions (with one winner) whose likeliest seat won."""
    sole = data.target.max(axis=1) == 1.0
    picked = np.where(data.mask > 0, p, -1.0).argmax(axis=1)
    return float((picked[sole] == data.target[sole].argmax(axis=1)).mean())


def _initial(sizes: list[int], rng: np.random.Generator) -> list[np.ndarray]:
    """He-initialised hidden layers and a last layer of zeros (so training starts from the
    logistic evaluation exactly)."""
    weights = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        weights.append(rng.normal(0.0, np.sqrt(2.0 / fan_in), (fan_out, fan_in)))
        weights.append(np.zeros(fan_out))
    weights[-2][:] = 0.0
    return weights


def predict(w: list[np.ndarray] | tuple[np.ndarray, ...], data: Positions) -> np.ndarray:
    """The network's win chances: its correction added to the logistic evaluation's logits
    (from as many of the inputs as it reads: the race inputs come last)."""
    return probabilities(forward(data.x[:, :w[0].shape[1]], tuple(w)) + data.offset, data.mask)


def _gradients(w: list[np.ndarray], x: np.ndarray, offset: np.ndarray, target: np.ndarray,
               mask: np.ndarray) -> list[np.ndarray]:
    z1 = x @ w[0].T + w[1]
    h1 = np.maximum(z1, 0.0)
    z2 = h1 @ w[2].T + w[3]
    h2 = np.maximum(z2, 0.0)
    p = probabilities(h2 @ w[4].T + w[5] + offset, mask)
    d3 = (p - target) * mask / len(x)
    d2 = (d3 @ w[4]) * (z2 > 0)
    d1 = (d2 @ w[2]) * (z1 > 0)
    return [d1.T @ x, d1.sum(0), d2.T @ h1, d2.sum(0), d3.T @ h2, d3.sum(0)]


COLOUR_GROUPS = [*(block * SEAT_FEATURES + first for block in range(MAX_PLAYERS)
                   for first in (1, 8)), MAX_PLAYERS * SEAT_FEATURES + 8]
"""Where a run of the five stone colours starts in the inputs (tokens and bonuses per seat, the
supply): the cards are spread evenly over the colours, so a consistent relabelling of colours
is a near symmetry that `--augment` trains on."""


def colour_relabelling(rng: np.random.Generator, width: int = NUM_INPUTS) -> np.ndarray:
    """A column order of `width` inputs that relabels the five colours by one random
    permutation (the race inputs, after the public ones, have no colour)."""
    order = np.arange(width)
    permutation = rng.permutation(5)
    for first in COLOUR_GROUPS:
        order[first:first + 5] = first + permutation
    return order


@dataclass(frozen=True)
class Settings:
    """How to train (the command line's options)."""

    hidden: list[int]
    epochs: int
    seed: int
    rate: float
    decay: float
    search_weight: float
    augment: bool


def train(data: dict[str, Positions], settings: Settings,
          ) -> tuple[list[np.ndarray], list[tuple[int, float, float]]]:
    """Adam on the training positions; the weights of the best validation epoch, and the log
    (epoch, train loss, validation loss)."""
    rng = np.random.default_rng(settings.seed)
    train_set, validate = data["train"], data["validate"]
    width = train_set.x.shape[1]
    w = _initial([width, *settings.hidden, MAX_PLAYERS], rng)
    rate, decay, weight = settings.rate, settings.decay, settings.search_weight
    m = [np.zeros_like(a) for a in w]
    v = [np.zeros_like(a) for a in w]
    step = 0
    best, best_loss, log = [a.copy() for a in w], np.inf, []
    goal = (1 - weight) * train_set.target + weight * train_set.search
    offset = train_set.offset
    for epoch in range(1, settings.epochs + 1):
        order = rng.permutation(len(train_set.x))
        for start in range(0, len(order), BATCH):
            batch = order[start:start + BATCH]
            x = train_set.x[batch]
            if settings.augment:
                x = x[:, colour_relabelling(rng, width)]
            grads = _gradients(w, x, offset[batch], goal[batch], train_set.mask[batch])
            step += 1
            for i, g in enumerate(grads):
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                w[i] -= rate * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
                if i % 2 == 0:
                    w[i] -= rate * decay * w[i]
        losses = [log_loss(predict(w, d), d) for d in (train_set, validate)]
        log.append((epoch, losses[0], losses[1]))
        print(f"epoch {epoch:3d}  train {losses[0]:.4f}  validate {losses[1]:.4f}",
              file=sys.stderr, flush=True)
        if losses[1] < best_loss:
            best, best_loss = [a.copy() for a in w], losses[1]
    return [np.round(a, DIGITS) for a in best], log


def report(w: list[np.ndarray] | None, test: Positions, baselines: tuple[Path, ...] = (),
           ) -> dict[str, dict[str, float]]:
    """Log-loss and accuracy on `test` of the network (unless None), shipped ones (`baselines`,
    as `shipped <file stem>`; ValueError for one that reads inputs `test` lacks), the logistic
    evaluation and the search."""
    found = {}
    evaluations = [("network", predict(w, test))] if w is not None else []
    for baseline in baselines:
        shipped = read_weights(baseline.read_text("utf-8"))
        if shipped[0].shape[1] > test.x.shape[1]:
            raise ValueError(f"{baseline.name} reads {shipped[0].shape[1]} inputs, the data "
                             f"has {test.x.shape[1]}: add --race")
        evaluations.append((f"shipped {baseline.stem}", predict(shipped, test)))
    evaluations += [("logistic", test.logistic), ("search_root", test.search)]
    parts = stages(test)
    for name, p in evaluations:
        found[name] = {"log_loss": round(log_loss(p, test), 4),
                       "accuracy": round(accuracy(p, test), 4)}
        for label, rows in parts.items():
            if rows.any():
                part = Positions(*(a[rows] for a in (test.x, test.target, test.mask,
                                                     test.logistic, test.search, test.players)))
                found[name][f"log_loss_{label}"] = round(log_loss(p[rows], part), 4)
    return found


ROUND_AT = MAX_PLAYERS * SEAT_FEATURES + 6
TRIGGERED_AT = MAX_PLAYERS * SEAT_FEATURES + 7


def stages(test: Positions) -> dict[str, np.ndarray]:
    """Row masks of `test` by player count, and (where the values part most from the search)
    by round, by the leader's points and once the end is triggered, all read from the inputs."""
    found = {f"{n}p": test.players[:, 0] == n for n in (2, 3, 4)}
    rounds = np.rint(test.x[:, ROUND_AT] * 30)
    points = test.x[:, [r * SEAT_FEATURES + POINTS_AT for r in range(MAX_PLAYERS)]]
    leader = (points * GAUNTLET_POINTS).max(axis=1)
    for low, high in ((0, 5), (6, 10), (11, 15), (16, 20), (21, 99)):
        found[f"round_{low}_{high}"] = (rounds >= low) & (rounds <= high)
    for low, high in ((0, 5), (6, 10), (11, 15), (16, 99)):
        found[f"leader_{low}_{high}"] = (leader >= low) & (leader <= high)
    found["end_triggered"] = test.x[:, TRIGGERED_AT] > 0
    return found


def trainer_options(parser: argparse.ArgumentParser, epochs: int, decay: float,
                    decay_help: str, what: str) -> None:
    """The options both trainers (value and policy) read: the data, seed, epochs and decay,
    where a new network is written, the baselines reported beside it (`what` names them),
    and the table size and inputs."""
    parser.add_argument("--data", type=Path, action="append", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--decay", type=float, default=decay, help=decay_help)
    parser.add_argument("--write", metavar="ID",
                        help="add the weights to --weights as a new network ID (never over one)")
    parser.add_argument("--weights", type=Path, default=manifest.SHIPPED,
                        help="the weights folder --write adds to (%(default)s)")
    parser.add_argument("--baseline", type=Path, action="append",
                        help=f"a shipped {what} reported beside it (repeatable; the default "
                             "engine's unless given)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4),
                        help="train and report on games of this many players only")
    parser.add_argument("--race", action="store_true",
                        help="append the race inputs (network_features.race_features)")


def write_network(args: argparse.Namespace, architecture: str, weights: dict[str, Any],
                  held_out: dict[str, Any]) -> None:
    """Add `weights` (with the run's summary in them) to `args.weights` as network
    `args.write`, its manifest entry naming the tables, data, command and held-out figures."""
    about = {"tables": [args.players] if args.players else [2, 3, 4],
             "data": [str(p) for p in args.data], "training": " ".join(sys.argv),
             "held_out": held_out}
    manifest.add_network(args.weights, args.write, architecture,
                          json.dumps(weights, separators=(",", ":")) + "\n", about)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    trainer_options(parser, 30, 1e-4, "decoupled weight decay (AdamW) of the weight matrices",
                    "network")
    parser.add_argument("--hidden", type=int, nargs=2, default=[64, 32])
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--search-weight", type=float, default=0.0,
                        help="train toward this blend of the search's root value and the result")
    parser.add_argument("--augment", action="store_true",
                        help="relabel the colours of each minibatch at random")
    args = parser.parse_args(argv)
    data = load(args.data, args.players, args.race)
    baselines = tuple(args.baseline or [
        path for path in manifest.network_files(network.ARCHITECTURE)
        if read_weights(path.read_text("utf-8"))[0].shape[1] <= data["test"].x.shape[1]])
    sizes = {part: len(d.x) for part, d in data.items()}
    print(f"positions: {sizes}", file=sys.stderr)
    if args.epochs == 0:
        print(json.dumps({"positions": sizes, "held_out": report(None, data["test"], baselines)},
                         indent=1))
        return 0
    settings = Settings(args.hidden, args.epochs, args.seed, args.rate, args.decay,
                        args.search_weight, args.augment)
    w, log = train(data, settings)
    quality = report(w, data["test"], baselines)
    summary = {
        "source": "scripts/train_splendor_network.py",
        "data": [str(p) for p in args.data],
        "baseline": [str(p) for p in baselines],
        "seed": args.seed,
        "hidden": args.hidden,
        "search_weight": args.search_weight,
        "augment": args.augment,
        "players": args.players,
        "race": args.race,
        "positions": sizes,
        "best_epoch": min(log, key=lambda row: row[2])[0],
        "held_out": quality,
    }
    print(json.dumps(summary, indent=1))
    if args.write:
        weights = {
            **summary,
            "inputs": int(w[0].shape[1]),
            "layers": [{"weight": w[i].tolist(), "bias": w[i + 1].tolist()}
                       for i in range(0, len(w), 2)],
        }
        write_network(args, network.ARCHITECTURE, weights, quality["network"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
