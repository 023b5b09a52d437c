"""Seeded self-play of the compiled ISMCTS on Splendor: Marvel, the learned value's training data.

Usage: python scripts/selfplay_splendor.py --out /work/selfplay/gen1.jsonl [--games 600] [--seed 1]
       [--iterations 200] [--explore-plies 12] [--value logistic] [--players 2,3,4]

Every seat is the compiled ISMCTS (the search's defaults, `--iterations` a move) with the
evaluator `--value` names, as the arena's `value=` does: `logistic` (the default here: the
logistic evaluation and hand-written priors), `default` or `learned` (`EVALUATOR`,
the default engine of `games/splendor_marvel/knowledge/weights/manifest.json`), or another
engine of the manifest (a trial's, through `$SPLENDOR_MARVEL_WEIGHTS`), each with its PUCT
constant by table size; `--learned` is `--value learned`.
Game i has the i-th of `--players` in turn (2, 3, 4 by default; `2,3,4,4` for generation 3's
data, half of it at 4 players) and its own seed, so any game replays alone. For the first
`--explore-plies` decisions of a game the move is drawn in proportion to the root visits
(temperature 1), later the most visited move is played. Each decision with a choice records the
move played, the acting seat's `network_features.public_features` (public facts only), the root
visits per action code, every legal action code with the log of today's heuristic prior for it
(the policy head's starting point), the search's root value per seat and today's logistic
evaluation (for comparison); each game records its final result per seat. One JSON line per
game: rerunning with the same `--out` skips the games already written (resumable).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from games.registry import entry
from games.splendor_marvel import GAME, new_game
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.knowledge.heuristics import evaluate, priors
from games.splendor_marvel.knowledge.network_features import NUM_INPUTS, public_features_kernel
from games.splendor_marvel.observation import observe
from games.splendor_marvel.rules import apply, legal_actions
from search import AnyEvaluator, Limits, SearchConfig, ismcts

PLAYER_COUNTS = (2, 3, 4)
TURN_CAP = 100
SEED_STRIDE = 1_000_003
PRIOR_FLOOR = 1e-300
"""A heuristic prior is logged as at least this (one can underflow to 0)."""


def game_seed(seed: int, index: int) -> int:
    """Game `index`'s own seed."""
    return seed * SEED_STRIDE + index


def play_game(evaluator: AnyEvaluator, index: int, seed: int, iterations: int,
              explore_plies: int, counts: tuple[int, ...] = PLAYER_COUNTS) -> dict[str, Any]:
    """One self-play game as a JSON-ready record, every seat searching with `evaluator`; its
    player count cycles through `counts`."""
    own_seed = game_seed(seed, index)
    rng = random.Random(own_seed)
    players = counts[index % len(counts)]
    state = new_game(players, own_seed, start_seat=rng.randrange(players), turn_cap=TURN_CAP)
    features = np.empty(NUM_INPUTS)
    positions = []
    decisions = 0
    while state.result is None:
        actions = legal_actions(state)
        if len(actions) == 1:
            apply(state, actions[0])
            continue
        seat = state.current
        public_features_kernel(COMPILED.encode_state(state), features)
        result = ismcts(GAME, evaluator, observe(state, seat), Limits(iterations=iterations),
                        SearchConfig(), seed=rng.getrandbits(62))
        codes = [int(c.action) for c in result.candidates]  # type: ignore[call-overload]
        visits = [c.visits for c in result.candidates]
        explore = decisions < explore_plies
        action = rng.choices(codes, weights=visits)[0] if explore else codes[0]
        positions.append({
            "seat": seat,
            "move": action,
            "x": [round(float(v), 5) for v in features],
            "codes": codes,
            "visits": visits,
            "legal": [int(a) for a in actions],
            "prior": [round(math.log(max(p, PRIOR_FLOOR)), 5) for p in priors(state, actions)],
            "q": [round(v, 4) for v in result.root_values],
            "logit": [round(v, 5) for v in evaluate(state)],
        })
        apply(state, COMPILED.action(action))
        decisions += 1
    return {"game": index, "seed": own_seed, "players": players, "iterations": iterations,
            "result": list(state.result), "rounds": state.round, "positions": positions}


def player_counts(text: str) -> tuple[int, ...]:
    """`--players`: comma-separated player counts, each one Splendor: Marvel allows."""
    try:
        counts = tuple(int(n) for n in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not comma-separated integers: {text!r}") from None
    if not counts or not set(counts) <= set(PLAYER_COUNTS):
        raise argparse.ArgumentTypeError(f"player counts must be among {PLAYER_COUNTS}: {text!r}")
    return counts


def games_done(path: Path) -> set[int]:
    """Indices of the complete games already in `path` (a torn last line is dropped)."""
    if not path.exists():
        return set()
    done = set()
    lines = path.read_text("utf-8").splitlines(keepends=True)
    kept = []
    for line in lines:
        try:
            done.add(json.loads(line)["game"])
            kept.append(line)
        except (json.JSONDecodeError, KeyError):
            break
    if len(kept) != len(lines):
        path.write_text("".join(kept), "utf-8")
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--explore-plies", type=int, default=12)
    parser.add_argument("--value", choices=list(entry("splendor_marvel").evaluators()),
                        default="logistic",
                        help="the evaluator every seat searches with, as the arena's value= "
                             "(default logistic)")
    parser.add_argument("--learned", dest="value", action="store_const", const="learned",
                        help="the same as --value learned: the default evaluator")
    parser.add_argument("--players", type=player_counts, default=PLAYER_COUNTS,
                        help="player counts the games cycle through, e.g. 2,3,4,4 (default 2,3,4)")
    args = parser.parse_args(argv)
    evaluator = entry("splendor_marvel").evaluator(args.value)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = games_done(args.out)
    todo = [i for i in range(args.games) if i not in done]
    print(f"{len(done)} games already in {args.out}; playing {len(todo)} "
          f"({args.iterations} iterations a move, value={args.value}, seed {args.seed})",
          file=sys.stderr)
    start = time.monotonic()
    with args.out.open("a", encoding="utf-8") as out:
        for played, index in enumerate(todo, 1):
            record = play_game(evaluator, index, args.seed, args.iterations, args.explore_plies,
                               args.players)
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            out.flush()
            rate = played / (time.monotonic() - start)
            print(f"game {index}: {record['players']} players, {len(record['positions'])} "
                  f"decisions, result {record['result']} ({played}/{len(todo)}, "
                  f"{rate * 3600:.0f} games/h)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
