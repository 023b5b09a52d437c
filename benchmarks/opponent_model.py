"""The opponent model at equal time, on the positions where it matters (Splendor: Marvel).

Usage: python -m benchmarks.opponent_model [--positions 400] [--time 0.05] [--players 2]
           [--seed 1] [--processes 2] [--json FILE]
       python -m benchmarks.opponent_model --information 12 [--seed 1]

A position is where it matters when the seat to move faces another seat's hidden blind reserve
and the model has evidence about it (its beliefs are not uniform). Positions come from
self-play of a quick search (`ismcts:iters=200`), one per game at most, the first such
position after which the deciding seat still has a move to make. From each position the game
is played out twice on the same true world: the deciding seat searches with the model
(`ismcts:time=T,model=priors`), then without it (`ismcts:time=T`); the other seats search
without it both times. The gain is the difference of the deciding seat's mean score (a win 1,
a shared win its share), with a 95% interval from the paired differences; Elo is read from the
two scores, its interval by bootstrapping the pairs.

`--information G` measures what the model knows instead: G self-play games of a quick search
(`ismcts:iters=300`) that blind-reserves a tenth of the times it may; wherever the first seat
has beliefs, the log of the true card's weight share over an even share (0: no better than
uniform draws; log 2: the true card twice as likely), averaged over hidden reserves.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import cast

import numpy as np

from clients.arena.specs import build_bot, parse_spec
from clients.arena.stats import elo_from_score
from games.splendor_marvel import GAME, SplendorState, observe
from games.splendor_marvel.actions import Action, Kind
from games.splendor_marvel.model import believe

FINDER = "ismcts:iters=200"
MAX_PLIES = 600
SEARCHES_PER_GAME = 40
"""Self-play games tried per position before giving up on a seed."""


@dataclass(frozen=True)
class Pair:
    """The two playouts of one position: the deciding seat's score with and without the model."""

    seed: int
    ply: int
    seat: int
    with_model: float
    without_model: float


def _find_position(num_players: int, seed: int) -> tuple[SplendorState, int] | None:
    """A position where the model has evidence, from self-play seeded by `seed`."""
    finder, limits = build_bot(parse_spec(FINDER), GAME)
    rng = random.Random(seed)
    for _game in range(SEARCHES_PER_GAME):
        state = GAME.new_game(num_players, rng.getrandbits(32))
        for _ in range(MAX_PLIES):
            if state.result is not None:
                break
            seat = state.current
            obs = observe(state, seat)
            if believe(obs).beliefs:
                return state, seat
            action = cast(Action, finder.choose(obs, limits, rng.getrandbits(63)))
            GAME.apply(state, action, rng)
    return None


def _play_out(state: SplendorState, specs: Sequence[str], seed: int) -> tuple[float, ...]:
    """Play `state` to the end, seat i searching as `specs[i]`; a capped game is a draw."""
    bots = [build_bot(parse_spec(spec), GAME) for spec in specs]
    rng = random.Random(seed)
    state = state.clone()
    for _ in range(MAX_PLIES):
        if state.result is not None:
            return state.result
        bot, limits = bots[state.current]
        obs = observe(state, state.current)
        action = cast(Action, bot.choose(obs, limits, rng.getrandbits(63)))
        GAME.apply(state, action, rng)
    return (1.0 / state.num_players,) * state.num_players


def _pair(task: tuple[int, int, float]) -> Pair | None:
    num_players, seed, seconds = task
    found = _find_position(num_players, seed)
    if found is None:
        return None
    state, seat = found
    plain = f"ismcts:time={seconds}"
    scores = []
    for spec in (f"{plain},model=priors", plain):
        specs = [spec if s == seat else plain for s in range(num_players)]
        scores.append(_play_out(state, specs, seed)[seat])
    assert state.history is not None
    return Pair(seed, len(state.history.plays), seat, scores[0], scores[1])


def information(games: int, seed: int) -> tuple[float, int]:
    """The mean log-ratio of the true card's belief share to an even share, and how many."""
    bot, limits = build_bot(parse_spec("ismcts:iters=300"), GAME)
    gains = []
    for game in range(games):
        rng = random.Random(seed * 1_000_003 + game)
        state = GAME.new_game(2, rng.getrandbits(32))
        while state.result is None:
            actions = GAME.legal_actions(state)
            blinds = [a for a in actions if a.kind is Kind.RESERVE_BLIND]
            if blinds and rng.random() < 0.1:
                action = rng.choice(blinds)
            else:
                obs = observe(state, state.current)
                action = cast(Action, bot.choose(obs, limits, rng.getrandbits(63)))
            GAME.apply(state, action, rng)
            beliefs = believe(observe(state, 0)).beliefs or {}
            for (seat, index), weights in beliefs.items():
                share = weights[state.reserved[seat][index]] / sum(weights.values())
                gains.append(math.log(share * len(weights)))
    return sum(gains) / max(1, len(gains)), len(gains)


def _elo_gain(with_model: np.ndarray, without_model: np.ndarray) -> float:
    def elo(score: float) -> float:
        return elo_from_score(min(max(score, 1e-3), 1 - 1e-3))

    return elo(float(with_model.mean())) - elo(float(without_model.mean()))


def summarize(pairs: Sequence[Pair], seed: int) -> dict[str, float]:
    """Mean scores, the paired difference with a 95% interval, and the Elo gain (bootstrap)."""
    a = np.array([p.with_model for p in pairs])
    b = np.array([p.without_model for p in pairs])
    diff = a - b
    half = 1.96 * diff.std(ddof=1) / math.sqrt(len(diff))
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(pairs), size=(2000, len(pairs)))
    boot = sorted(_elo_gain(a[d], b[d]) for d in draws)
    return {
        "positions": len(pairs), "with_model": float(a.mean()), "without_model": float(b.mean()),
        "difference": float(diff.mean()), "difference_low": float(diff.mean() - half),
        "difference_high": float(diff.mean() + half), "elo": _elo_gain(a, b),
        "elo_low": boot[49], "elo_high": boot[1949],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--time", type=float, default=0.05, help="seconds a move (default 0.05)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write the pairs and the summary here")
    parser.add_argument("--information", type=int, metavar="GAMES",
                        help="measure how much the model knows over GAMES games instead")
    args = parser.parse_args(argv)
    if args.information:
        gain, count = information(args.information, args.seed)
        print(f"{count} beliefs: the true card's share is {math.exp(gain):.3f}x an even share "
              f"(mean log-ratio {gain:+.3f})")
        return 0
    tasks = [(args.players, args.seed * 1_000_003 + i, args.time) for i in range(args.positions)]
    pairs: list[Pair] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        for done, pair in enumerate(pool.map(_pair, tasks), 1):
            if pair is not None:
                pairs.append(pair)
            if done % 10 == 0 or done == len(tasks):
                print(f"{done}/{len(tasks)} positions, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    summary = summarize(pairs, args.seed)
    print(
        f"{summary['positions']} positions, {args.time * 1000:.0f} ms a move: the deciding seat "
        f"scores {summary['with_model']:.3f} with the model, {summary['without_model']:.3f} "
        f"without; difference {summary['difference']:+.3f} "
        f"[{summary['difference_low']:+.3f}, {summary['difference_high']:+.3f}], "
        f"Elo {summary['elo']:+.0f} [{summary['elo_low']:+.0f}, {summary['elo_high']:+.0f}]"
    )
    if args.json:
        args.json.write_text(json.dumps(
            {"args": {k: str(v) for k, v in vars(args).items()}, "summary": summary,
             "pairs": [asdict(p) for p in pairs]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
