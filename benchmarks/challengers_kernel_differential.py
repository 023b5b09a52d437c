"""The Challengers! kernel against its oracle, the Python engine, over many seeded tournaments.

Usage: ``python -m benchmarks.challengers_kernel_differential [--tournaments 10000]
[--first-seed 0]``.

Plays each seeded tournament on both engines in lockstep (`tests.challengers.kernel_lockstep`:
1-8 players by the seed, uniform or heuristic play, one chance stream) and compares the legal
actions at every decision, the successor world after every move, the result and the effect
tally. Prints a table per table size and which card effects the run triggered.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

from games.challengers.catalogue import CARDS
from tests.challengers.kernel_lockstep import play_in_lockstep


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    played: Counter[int] = Counter()
    decisions: Counter[int] = Counter()
    failures: list[str] = []
    triggered: Counter[int] = Counter()
    start = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.tournaments):
        players = 1 + seed % 8
        tally: Counter[tuple[int, int]] = Counter()
        try:
            decisions[players] += play_in_lockstep(seed, tally)
        except AssertionError as exc:
            failures.append(str(exc))
        played[players] += 1
        for (_, card), count in tally.items():
            triggered[card] += count
    elapsed = time.perf_counter() - start
    print(f"{'players':>7} {'tournaments':>11} {'decisions':>10}")
    for players in sorted(played):
        print(f"{players:>7} {played[players]:>11} {decisions[players]:>10}")
    print(f"{'all':>7} {sum(played.values()):>11} {sum(decisions.values()):>10}")
    print(f"disagreements: {len(failures)}   seconds: {elapsed:.0f}")
    for failure in failures[:10]:
        print("  ", failure)
    # "when picked" effects belong to the deck phase, which the engine does not tally
    effect_cards = [c.index for c in CARDS if c.trigger not in ("none", "picked")]
    never = [CARDS[c].name for c in effect_cards if not triggered[c]]
    print(f"card effects triggered: {len(effect_cards) - len(never)} of {len(effect_cards)} "
          f"cards with an effect ({sum(triggered.values())} triggers)")
    if never:
        print("never triggered:", ", ".join(never))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
