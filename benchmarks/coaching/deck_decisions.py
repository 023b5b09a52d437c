"""Challengers!: what the search believes of thinning a deck, against playing the position out.

Labelled deck decisions: seeded two-seat games played by the playout policy, except that from
round 2 seat 0 trims whenever it may (as a player following the hints did), until a trim would
leave its deck at `--left` cards (2, 1 or 0). For each, the trim's own search (the root
restricted to it, as Evaluate judges a move) reports the seat's win chance:

- at the default budget (1,000 iterations, half of it the own search's) and at ten times it,
  with the search's default playouts (cut after `rollout_depth` plies, then the static
  evaluation);
- with playouts run to the end of the game (`rollout_depth=None`) at the default budget: the
  position played out, the reference.

    python -m benchmarks.coaching.deck_decisions --positions 6
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace

from games.challengers import GAME, State, new_game, observe
from games.challengers.actions import TRIM, Action
from games.challengers.evaluators import EVALUATOR
from search import Limits, SearchConfig, ismcts

DEFAULT_ITERATIONS = 1000
SETTINGS = (("1x", 1, False), ("10x", 10, False), ("played out", 1, True))
"""(column, budget factor, whether the playouts run to the game's end)."""


def thinned(left: int, seed: int) -> tuple[State, Action] | None:
    """A position where seat 0's next trim leaves `left` cards, with that trim; None if the
    game ends first."""
    state = new_game(2, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if GAME.is_terminal(state):
            return None
        seat = GAME.current_player(state)
        trims = [a for a in GAME.legal_actions(state) if a.kind == TRIM]
        if trims and seat == 0 and state.round >= 2:
            if len(state.decks[seat]) - 1 == left:
                return state, trims[0]
            GAME.apply(state, trims[0], rng)
            continue
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    return None


def positions(left: int, count: int) -> Iterator[tuple[int, State, Action]]:
    found = 0
    for seed in range(10_000):
        position = thinned(left, seed)
        if position is not None:
            yield seed, *position
            found += 1
            if found == count:
                return


def own_value(state: State, trim: Action, iterations: int, played_out: bool) -> float:
    """The trim's own-search win chance for seat 0 (half the budget, as Evaluate)."""
    config = SearchConfig(root_move=trim, engine="compiled")
    if played_out:
        config = replace(config, rollout_depth=None)
    result = ismcts(GAME, EVALUATOR, observe(state, 0), Limits(iterations=iterations // 2),
                    config, seed=1)
    return result.candidates[0].value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=6, help="positions per deck size")
    args = parser.parse_args(argv)
    print("| cards left | seed | round | trim | " + " | ".join(c for c, _, _ in SETTINGS) + " |")
    print("|---|---|---|---|" + "---|" * len(SETTINGS))
    means: dict[tuple[int, str], list[float]] = {}
    for left in (2, 1, 0):
        for seed, state, trim in positions(left, args.positions):
            values = [own_value(state, trim, DEFAULT_ITERATIONS * factor, played_out)
                      for _, factor, played_out in SETTINGS]
            for (column, _, _), value in zip(SETTINGS, values, strict=True):
                means.setdefault((left, column), []).append(value)
            print(f"| {left} | {seed} | {state.round} | {trim} | "
                  + " | ".join(f"{v:.1%}" for v in values) + " |", flush=True)
    print()
    print("| cards left | " + " | ".join(f"mean {c}" for c, _, _ in SETTINGS) + " |")
    print("|---|" + "---|" * len(SETTINGS))
    for left in (2, 1, 0):
        print(f"| {left} | " + " | ".join(
            f"{statistics.fmean(means[left, c]):.1%}" for c, _, _ in SETTINGS
            if (left, c) in means) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
