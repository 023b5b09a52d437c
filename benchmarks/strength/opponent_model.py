"""The opponent model at equal time, on the positions where it matters (Splendor: Marvel).

Usage: python -m benchmarks.strength.opponent_model [--positions 400] [--time 0.05 | --iterations N]
           [--oracle] [--players 2] [--seed 1] [--processes 2] [--json FILE]
       python -m benchmarks.strength.opponent_model --information 12 [--seed 1]

A position is where it matters when the seat to move faces another seat's hidden blind reserve
and the model has evidence about it (its beliefs are not uniform). Positions come from
self-play of a quick search (`ismcts:iters=200,fpu=0`), one per game at most, the first such
position after which the deciding seat still has a move to make. From each position the game
is played out twice on the same true world: the deciding seat searches with the model
(`ismcts:time=T,model=priors`), then without it (`ismcts:time=T`); the other seats search
without it both times. The gain is the difference of the deciding seat's mean score (a win 1,
a shared win its share), with a 95% interval from the paired differences; Elo is read from the
two scores, its interval by bootstrapping the pairs. `--iterations N` gives every search N
iterations a move instead of T seconds (`ismcts:iters=N`), which the machine's load does not
change; with an iteration budget each playout is reproducible, so the playouts without the
model are the same in every run with the same seed.

`--oracle` measures the ceiling of any model instead: the deciding seat searches without the
model but with perfect beliefs, all the weight on the card actually in each hidden reserve
(taken from the true state, `oracle`; the search only samples by the beliefs it is handed),
against the same search without beliefs. The rest is as above: the same positions, the same
playouts without, the same summary ("with the model" then means with the oracle).
Ctrl-C or `kill` (SIGTERM) stops the run and prints and saves the pairs that finished,
exiting with status 130.

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
import signal
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import cast

import numpy as np

from clients.arena.specs import build_bot, parse_spec
from clients.arena.stats import elo_from_score
from games.splendor_marvel import GAME, SplendorState, observe
from games.splendor_marvel.actions import Action, Kind
from games.splendor_marvel.observation import Beliefs, Observation
from games.splendor_marvel.opponent_model import believe

FINDER = "ismcts:iters=200,fpu=0"
"""The self-play that finds the positions: first-play urgency 0 as when the model was first
measured (TUNING), so its positions stay those whatever the search's defaults become (with
the later default, -0.1, the games and so the positions differ)."""
MAX_PLIES = 600
SEARCHES_PER_GAME = 40
"""Self-play games tried per position before giving up on a seed."""


@dataclass(frozen=True)
class Pair:
    """The two playouts of one position: the deciding seat's score with and without the model
    (with the oracle, under `--oracle`)."""

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


def oracle(state: SplendorState, obs: Observation) -> Observation:
    """`obs` with perfect beliefs: for each hidden reserve, weight 1 on the card `state` holds
    there and 0 on every other unseen card of its level (`obs` itself if nothing is hidden)."""
    unseen = obs.unseen_cards()
    found: Beliefs = {}
    for seat, hand in enumerate(obs.reserved):
        for index, reserved in enumerate(hand):
            if not reserved.card:
                true_card = state.reserved[seat][index]
                assert true_card in unseen[reserved.level]
                found[seat, index] = {c: int(c == true_card) for c in unseen[reserved.level]}
    return replace(obs, beliefs=found) if found else obs


def _play_out(state: SplendorState, specs: Sequence[str], seed: int,
              oracle_seat: int | None = None) -> tuple[float, ...]:
    """Play `state` to the end, seat i searching as `specs[i]`, `oracle_seat` (if any) with
    the oracle's beliefs; a capped game is a draw."""
    bots = [build_bot(parse_spec(spec), GAME) for spec in specs]
    rng = random.Random(seed)
    state = state.clone()
    for _ in range(MAX_PLIES):
        if state.result is not None:
            return state.result
        bot, limits = bots[state.current]
        obs = observe(state, state.current)
        if state.current == oracle_seat:
            obs = oracle(state, obs)
        action = cast(Action, bot.choose(obs, limits, rng.getrandbits(63)))
        GAME.apply(state, action, rng)
    return (1.0 / state.num_players,) * state.num_players


def _pair(task: tuple[int, int, str, bool]) -> Pair | None:
    """Play out the position of one seed: (players, seed, budget option, oracle or model)."""
    num_players, seed, budget, with_oracle = task
    found = _find_position(num_players, seed)
    if found is None:
        return None
    state, seat = found
    plain = f"ismcts:{budget}"
    arms = [(plain, seat) if with_oracle else (f"{plain},model=priors", None), (plain, None)]
    scores = []
    for spec, oracle_seat in arms:
        specs = [spec if s == seat else plain for s in range(num_players)]
        scores.append(_play_out(state, specs, seed, oracle_seat)[seat])
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


def outcomes(pairs: Sequence[Pair]) -> Counter[str]:
    """How the pairs split: won both, lost both, better with, better without, alike (say a
    shared win both times)."""
    return Counter(
        "won both" if p.with_model == p.without_model == 1.0
        else "lost both" if p.with_model == p.without_model == 0.0
        else "better with" if p.with_model > p.without_model
        else "better without" if p.with_model < p.without_model
        else "alike"
        for p in pairs
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=400)
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--time", type=float, default=0.05,
                        help="seconds a move (default 0.05)")
    limit.add_argument("--iterations", type=int, metavar="N",
                        help="N search iterations a move instead of a time")
    parser.add_argument("--oracle", action="store_true",
                        help="perfect beliefs (the true cards) instead of the model")
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
    if args.iterations is not None:
        budget, per_move = f"iters={args.iterations}", f"{args.iterations} iterations"
    else:
        budget, per_move = f"time={args.time}", f"{args.time * 1000:.0f} ms"
    tasks = [(args.players, args.seed * 1_000_003 + i, budget, args.oracle)
             for i in range(args.positions)]
    pairs, interrupted = _run(tasks, args.processes)
    if len(pairs) < 2:
        print(f"{len(pairs)} positions: too few to compare", file=sys.stderr)
        return 130 if interrupted else 1
    summary = summarize(pairs, args.seed)
    split = outcomes(pairs)
    helper = "the oracle" if args.oracle else "the model"
    print(
        f"{summary['positions']} positions{' (interrupted)' if interrupted else ''}, {per_move} "
        f"a move: the deciding seat scores {summary['with_model']:.3f} with {helper}, "
        f"{summary['without_model']:.3f} without; difference {summary['difference']:+.3f} "
        f"[{summary['difference_low']:+.3f}, {summary['difference_high']:+.3f}], "
        f"Elo {summary['elo']:+.0f} [{summary['elo_low']:+.0f}, {summary['elo_high']:+.0f}]; "
        f"{split['won both']} won both, {split['lost both']} lost both, "
        f"{split['better with']} better only with {helper}, {split['better without']} only "
        f"without, {split['alike']} other alike"
    )
    if args.json:
        args.json.write_text(json.dumps(
            {"args": {k: str(v) for k, v in vars(args).items()}, "interrupted": interrupted,
             "summary": summary, "outcomes": dict(split),
             "pairs": [asdict(p) for p in pairs]}, indent=1))
    return 130 if interrupted else 0


def _run(tasks: Sequence[tuple[int, int, str, bool]], processes: int
         ) -> tuple[list[Pair], bool]:
    """The pairs of the positions found, in task order, and whether Ctrl-C or SIGTERM cut the
    run short (then the pairs finished by then)."""
    pool = ProcessPoolExecutor(processes) if processes > 1 else None
    results = pool.map(_pair, tasks) if pool is not None else map(_pair, tasks)
    pairs: list[Pair] = []
    start = time.perf_counter()

    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for done, pair in enumerate(results, 1):
            if pair is not None:
                pairs.append(pair)
            if done % 10 == 0 or done == len(tasks):
                print(f"{done}/{len(tasks)} positions, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        return pairs, True
    finally:
        signal.signal(signal.SIGTERM, previous)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    return pairs, False


if __name__ == "__main__":
    raise SystemExit(main())
