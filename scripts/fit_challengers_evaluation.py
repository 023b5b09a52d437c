"""Fit the Challengers! static evaluation from seeded self-play.

Usage: python scripts/fit_challengers_evaluation.py [--games 6000] [--seed 1] [--explore 0.5]
    [--players 2,2,3,4] [--selfplay FILE.jsonl]

Plays tournaments between noisy heuristic players (the default evaluator's rollout policy,
with some uniformly random moves so that odd decks and thin decks occur too), records every
seat's features (`games/challengers/knowledge/features.py`) at each decision with the
tournament's result, and fits a conditional logit (seat s wins with probability proportional
to exp(w · features)) by Newton's method, once over all player counts ("weights") and once
per player count ("by_players"; the evaluation uses the weights of its player count: solo
and 2-player games use "2", 5+ players use "4"). Player counts cycle 2, 2, 3, 4
(`--players`). Writes `games/challengers/knowledge/evaluation.json` with the weights and how
well they predict held-out games (every fifth game).

With `--explore RATE`, each tournament opens with a stretch (a uniform number of decisions, up
to `EXPLORE_SPAN` per seat) where each seat moves uniformly at random with probability RATE, so
that decks unlike the heuristic's (kept Newcomers, untrimmed starters, thin decks) occur often;
only the positions after that stretch are recorded, whose future every seat plays by the
rollout policy, as the search's playouts do before the evaluation is asked.

With `--selfplay FILE`, the positions are not played here but read from the compiled search's
own self-play (`scripts/selfplay_challengers.py`): its games, seed and player counts replace
`--games`, `--seed` and `--players`, and every fifth game is held out as above. Only the
weights of the file's player counts (`by_players`) are replaced, each naming its source; the
pooled weights and the other player counts' stay as `evaluation.json` has them. When the file's
games are the search against a bot (`selfplay_challengers.py --opponent`), the fit adds one
column, 1 for the search's seat: the search's edge over the bot goes to that column rather than
to whatever features tell the two drafters apart (without it, a fit on games against greedy
credited the starters greedy trims and the search keeps, and played 39.5% against greedy where
today's evaluation plays 78.5%: games/challengers/NOTES.md); the column's weight is reported
(`search_seat_weight`) and not shipped, and the held-out figures are those of the shipped weights.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

from games.challengers import GAME, new_game
from games.challengers.evaluators import EVALUATOR
from games.challengers.knowledge.features import FEATURES, features
from search.logit import Rows, Samples, SelfPlay, accuracy, collect, fit, fit_report, log_loss

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "games" / "challengers" / "knowledge" / "evaluation.json"
RANDOM_MOVE_RATE = 0.1
PLAYER_COUNTS = (2, 2, 3, 4)
EXPLORE_SPAN = 30
"""`--explore`: the exploring stretch lasts up to this many decisions per seat."""


def play(num_players: int, seed: int, explore: float = 0.0) -> tuple[Rows, tuple[float, ...]]:
    """One self-play tournament: at each decision (after the exploring stretch, if `explore`),
    every seat's features; and the result."""
    rng = random.Random(seed)
    state = new_game(num_players, seed)
    rivals = list(range(num_players))
    rows = []
    stretch = rng.randrange(EXPLORE_SPAN * num_players) if explore else 0
    decisions = 0
    while state.result is None:
        exploring = decisions < stretch
        if not exploring:
            rows.append([features(state, p) for p in rivals])
        decisions += 1
        actions = GAME.legal_actions(state)
        if rng.random() < (explore if exploring else RANDOM_MOVE_RATE):
            action = actions[rng.randrange(len(actions))]
        else:
            action = EVALUATOR.rollout_action(state, rng)
        GAME.apply(state, action, rng)
    return rows, state.result


def recorded(path: Path) -> tuple[SelfPlay, tuple[int, ...], int, int, str | None]:
    """The self-play games of `path` (`scripts/selfplay_challengers.py`'s lines) as a
    `SelfPlay` looked up by game seed, with their player counts in game order, count, seed and
    opponent (None for self-play; else each row carries the search's seat column last)."""
    records = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    if [r["game"] for r in records] != list(range(len(records))):
        raise ValueError(f"{path}: games must be numbered 0, 1, 2, ... in order")
    if len({r["base_seed"] for r in records}) > 1:
        raise ValueError(f"{path}: games of more than one --seed")
    opponents = {r.get("opponent") for r in records}
    if len(opponents) > 1:
        raise ValueError(f"{path}: games against more than one opponent")
    games = {r["seed"]: (with_search_seat(r), tuple(r["result"])) for r in records}

    def play(num_players: int, seed: int) -> tuple[Rows, tuple[float, ...]]:
        return games[seed]

    counts = tuple(r["players"] for r in records)
    return play, counts, len(records), records[0]["base_seed"], opponents.pop()


def with_search_seat(record: dict[str, Any]) -> Rows:
    """`record`'s rows, each seat's with a last column 1.0 for the search's seat and 0.0 for
    the bot's, when the record is of games against an opponent; else as recorded."""
    if "search_seat" not in record:
        return record["rows"]
    seat = record["search_seat"]
    return [[(*f, float(p == seat)) for p, f in enumerate(row)] for row in record["rows"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default=",".join(map(str, PLAYER_COUNTS)),
                        help="player counts the games cycle through")
    parser.add_argument("--explore", type=float, default=0.0,
                        help="random-move rate of each game's unrecorded opening stretch")
    parser.add_argument("--selfplay", type=Path,
                        help="fit on this file's games (scripts/selfplay_challengers.py)")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    args = parser.parse_args(argv)
    counts = tuple(int(n) for n in args.players.split(","))
    source: SelfPlay = functools.partial(play, explore=args.explore)
    opponent = None
    if args.selfplay:
        source, counts, args.games, args.seed, opponent = recorded(args.selfplay)
    print(f"{args.games} self-play games (seed {args.seed})", file=sys.stderr)
    train, held_out = collect(source, counts, args.games, args.seed)
    w, quality = fit_report(train, held_out)
    shipped = len(FEATURES)  # the search's seat column, if any, is fitted and not shipped
    w = w[:shipped]
    held_out = {n: Samples(s.x[:, :, :shipped], s.y) for n, s in held_out.items()}
    previous = json.loads(TARGET.read_text("utf-8")) if TARGET.exists() else {}
    if previous.get("features") != list(FEATURES):
        previous = {}
    by_players = {}
    for n in sorted(train):
        full = fit({n: train[n]})
        wn = full[:shipped]
        test = {n: held_out[n]}
        by_players[str(n)] = {
            **({"search_seat_weight": round(float(full[-1]), 6)} if opponent else {}),
            "weights": [round(float(v), 6) for v in wn],
            "positions": len(train[n].y),
            "held_out_log_loss": round(log_loss(test, wn), 4),
            "held_out_log_loss_pooled": round(log_loss(test, w), 4),
            "held_out_log_loss_uniform": round(log_loss(test, np.zeros_like(wn)), 4),
            "held_out_accuracy": round(accuracy(test, wn), 4),
        }
        if str(n) in previous.get("by_players", {}):
            before = np.array(previous["by_players"][str(n)]["weights"])
            by_players[str(n)]["held_out_log_loss_before"] = round(log_loss(test, before), 4)
            print(f"{n} players: held-out log-loss {log_loss(test, wn):.4f}, with the weights"
                  f" {TARGET.name} had {log_loss(test, before):.4f}", file=sys.stderr)
    if args.selfplay:  # only its player counts' weights change; the rest stays as it was
        source_of = {"selfplay": args.selfplay.name, "games": args.games, "seed": args.seed,
                     **({"opponent": opponent} if opponent else {})}
        by_players = {n: {**source_of, **entry} for n, entry in by_players.items()}
        report = {**previous, "by_players": {**previous.get("by_players", {}), **by_players}}
    else:
        report = {
            "source": "scripts/fit_challengers_evaluation.py",
            "games": args.games,
            "seed": args.seed,
            **({"explore": args.explore} if args.explore else {}),  # absent: the plain fit
            "player_counts": list(counts),
            "positions": sum(len(s.y) for s in train.values()),
            "features": list(FEATURES),
            "weights": [round(float(v), 6) for v in w],
            **quality,
            "by_players": by_players,
        }
    if not args.dry_run:
        TARGET.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
