"""What the Challengers! opponent model knows, and what knowing the hidden picks is worth.

Usage: python -m benchmarks.strength.challengers_opponent_model [--games 20] [--drafter SPEC]
           [--worlds 10] [--seed 1] [--json FILE]
       python -m benchmarks.strength.challengers_opponent_model --oracle N [--drafter SPEC]
           [--seed 1] [--json FILE]

Two-player self-play games of `--drafter` (a bot spec, `ismcts:iters=200` by default; `greedy`
plays by the priors the model assumes). Wherever seat 1 is to draft after seat 0 picked unseen
this phase, `--worlds` worlds are sampled from seat 1's observation twice, blindly (uniform
picks) and with the model (`game.believe`), and each counts the share of seat 0's true hidden
picks that its deck holds. The ratio of the two means says how much the model knows (1: no
more than blind draws). Strength at equal time is measured with the arena instead
(`ismcts:model=priors`, benchmarks/TUNING.md).

`--oracle N` measures the ceiling of any such model: N deals, each played twice by `--drafter`
in both seats with the same seeds, seat 1 (the seat that drafts after another, heads-up)
seeing in one game every other drafter's finished deck phase as if it were already revealed
(`revealed`: a perfect model of the hidden picks, trims and payments), in the other the table
as it is. The gain is the difference of seat 1's mean score, with a 95% interval from the
paired differences and Elo as in `benchmarks.strength.opponent_model`. Ctrl-C or `kill` stops it
with the deals that finished, printed and saved.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import cast

from benchmarks.strength.opponent_model import Pair, outcomes, summarize
from clients.arena.specs import build_bot, parse_spec
from games.challengers import GAME, Action, Observation, State, new_game, observe, sample
from games.challengers.flow import reveal_deck

DRAFTER = "ismcts:iters=200"


def hidden_picks(state: State, obs: Observation, drafter: int) -> Counter[int]:
    """The cards of `drafter`'s deck in `state` that `obs` does not show there."""
    return Counter(state.decks[drafter]) - Counter(obs.decks[drafter])


def share_found(world: State, obs: Observation, truth: Counter[int]) -> float:
    """The share of the true hidden picks that the sampled `world` deals seat 0."""
    dealt = hidden_picks(world, obs, 0)
    return sum((dealt & truth).values()) / sum(truth.values())


def information(games: int, drafter: str, worlds: int, seed: int) -> dict[str, float]:
    """Mean shares of the true hidden picks found, blind and modelled, over every position."""
    bot, limits = build_bot(parse_spec(drafter), GAME)
    found = {"blind": 0.0, "model": 0.0}
    positions = 0
    for game in range(games):
        rng = random.Random(seed * 1_000_003 + game)
        state = new_game(2, rng.getrandbits(32))
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            obs = observe(state, seat)
            truth = hidden_picks(state, obs, 0)
            if seat == 1 and truth:
                positions += 1
                modelled = GAME.believe(obs)
                for k in range(worlds):
                    found["blind"] += share_found(sample(obs, random.Random(k)), obs, truth)
                    found["model"] += share_found(sample(modelled, random.Random(k)), obs, truth)
            action = cast(Action, bot.choose(obs, limits, rng.getrandbits(63)))
            GAME.apply(state, action, rng)
        print(f"game {game + 1}/{games}: {positions} positions", file=sys.stderr)
    draws = max(1, positions * worlds)
    blind, model = found["blind"] / draws, found["model"] / draws
    return {"games": games, "positions": positions, "blind": blind, "model": model,
            "ratio": model / blind if blind else float("nan")}


def revealed(state: State, seat: int) -> Observation:
    """What `seat` would see if every other drafter's finished deck phase were revealed."""
    shown = state.clone()
    for p in range(shown.num_players):
        if p != seat and any(shown.phase_counters[p]):
            reveal_deck(shown, p)
    return observe(shown, seat)


def _play(seed: int, drafter: str, oracle_seat: int | None) -> float:
    """Seat 1's score in the game of deal `seed`, `oracle_seat` (if any) seeing `revealed`."""
    bots = [build_bot(parse_spec(drafter), GAME) for _ in range(2)]
    rng = random.Random(seed)
    state = new_game(2, rng.getrandbits(32))
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        obs = revealed(state, seat) if seat == oracle_seat else observe(state, seat)
        bot, limits = bots[seat]
        GAME.apply(state, cast(Action, bot.choose(obs, limits, rng.getrandbits(63))), rng)
    return GAME.returns(state)[1]


def oracle_pairs(deals: int, drafter: str, seed: int) -> list[Pair]:
    """Seat 1's score with the oracle and without it, deal by deal; Ctrl-C or `kill` (SIGTERM)
    stops early with the deals that finished."""
    pairs: list[Pair] = []
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for deal in range(deals):
            deal_seed = seed * 1_000_003 + deal
            pairs.append(Pair(deal_seed, 0, 1, _play(deal_seed, drafter, 1),
                              _play(deal_seed, drafter, None)))
            print(f"deal {deal + 1}/{deals}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"interrupted: {len(pairs)} deals finished", file=sys.stderr)
    finally:
        signal.signal(signal.SIGTERM, previous)
    return pairs


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="self-play games (20)")
    parser.add_argument("--drafter", default=DRAFTER, help=f"bot spec of both seats ({DRAFTER})")
    parser.add_argument("--worlds", type=int, default=10, help="worlds per position (10)")
    parser.add_argument("--oracle", type=int, metavar="N",
                        help="measure the oracle's gain over N paired deals instead")
    parser.add_argument("--seed", type=int, default=1, help="run seed (1)")
    parser.add_argument("--json", type=Path, help="write the result")
    args = parser.parse_args(argv)
    if args.games < 1 or args.worlds < 1 or (args.oracle is not None and args.oracle < 2):
        parser.error("--games and --worlds must be at least 1, --oracle at least 2")
    if args.oracle is not None:
        pairs = oracle_pairs(args.oracle, args.drafter, args.seed)
        result = {"drafter": args.drafter, **summarize(pairs, args.seed),
                  "outcomes": dict(outcomes(pairs)), "pairs": [asdict(p) for p in pairs]}
        print(f"{len(pairs)} deals: seat 1 scores {result['with_model']:.3f} with the oracle, "
              f"{result['without_model']:.3f} without: {result['difference']:+.3f} "
              f"[{result['difference_low']:+.3f}, {result['difference_high']:+.3f}], "
              f"{result['elo']:+.0f} Elo [{result['elo_low']:+.0f}, {result['elo_high']:+.0f}]; "
              f"{dict(outcomes(pairs))}")
    else:
        result = {"drafter": args.drafter,
                  **information(args.games, args.drafter, args.worlds, args.seed)}
        print(f"{result['positions']} positions: the true hidden picks found in "
              f"{result['blind']:.1%} of blind worlds, {result['model']:.1%} of modelled ones "
              f"({result['ratio']:.2f}x)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
