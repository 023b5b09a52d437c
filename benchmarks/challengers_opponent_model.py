"""What the Challengers! opponent model knows: how often its worlds hold the true hidden picks.

Usage: python -m benchmarks.challengers_opponent_model [--games 20] [--drafter SPEC]
           [--worlds 10] [--seed 1] [--json FILE]

Two-player self-play games of `--drafter` (a bot spec, `ismcts:iters=200` by default; `greedy`
plays by the priors the model assumes). Wherever seat 1 is to draft after seat 0 picked unseen
this phase, `--worlds` worlds are sampled from seat 1's observation twice, blindly (uniform
picks) and with the model (`game.believe`), and each counts the share of seat 0's true hidden
picks that its deck holds. The ratio of the two means says how much the model knows (1: no
more than blind draws). Strength at equal time is measured with the arena instead
(`ismcts:model=priors`, benchmarks/TUNING.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from clients.arena.specs import build_bot, parse_spec
from games.challengers import GAME, Action, Observation, State, new_game, observe, sample

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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="self-play games (20)")
    parser.add_argument("--drafter", default=DRAFTER, help=f"bot spec of both seats ({DRAFTER})")
    parser.add_argument("--worlds", type=int, default=10, help="worlds per position (10)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (1)")
    parser.add_argument("--json", type=Path, help="write the result")
    args = parser.parse_args(argv)
    if args.games < 1 or args.worlds < 1:
        parser.error("--games and --worlds must be at least 1")
    result = information(args.games, args.drafter, args.worlds, args.seed)
    print(f"{result['positions']} positions: the true hidden picks found in "
          f"{result['blind']:.1%} of blind worlds, {result['model']:.1%} of modelled ones "
          f"({result['ratio']:.2f}x)")
    if args.json:
        args.json.write_text(json.dumps({"drafter": args.drafter, **result}, indent=2) + "\n")


if __name__ == "__main__":
    main()
