"""The Challengers! kernel against its oracle, the Python engine, over many seeded tournaments.

Usage: ``python -m checks.challengers_kernel_differential [--tournaments 10000]
[--first-seed 0] [--robot-set]``.

Plays each seeded tournament on both engines in lockstep (`play_in_lockstep`: 1-8 players by
the seed, uniform or heuristic play, one chance stream; the test suite plays a few hundred)
and compares the legal actions at every decision, the successor world after every move, the
result and the effect tally. Prints a table per table size and which card effects the run
triggered. No player drafts the robot set, so its advanced (R) and solo (SOLO) cards act only
in a robot's deck: `--robot-set` gives every odd table's robot a random deck of robot-set cards
(the rules leave the higher difficulties' recipe open), which exercises their effects.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from games.challengers import flow
from games.challengers.catalogue import CARDS, NUM_TYPES
from games.challengers.kernel import game as k
from games.challengers.kernel.actions import action_of, code_of
from games.challengers.kernel.state import encode_state
from games.challengers.knowledge import heuristics
from games.challengers.setup import new_state
from kernels.rng import PythonRng, new_rng

ROBOT_SET = tuple(card.index for card in CARDS if card.set == "robot")


def random_robot_deck(seed: int) -> list[int]:
    """A robot deck of 8-12 robot-set cards (starters, R and SOLO alike) drawn from `seed`."""
    rng = random.Random(f"robot deck {seed}")
    return [rng.choice(ROBOT_SET) for _ in range(rng.randint(8, 12))]


def tallied_effect_cards() -> list[int]:
    """The cards whose effects the match tallies: not the "when picked" ones (the deck phase
    is not tallied), nor Cyborg's, whose effect is its power (the round number)."""
    return [c.index for c in CARDS if c.trigger not in ("none", "picked") and c.power >= 0]


def play_in_lockstep(seed: int, tally: Counter[tuple[int, int]] | None = None,
                     robot_set: bool = False) -> int:
    """One seeded tournament on both engines, compared at every decision; its decisions.

    The seed picks the table (1-8 players) and the policy (uniform or the heuristic); with
    `robot_set`, an odd table's robot plays `random_robot_deck(seed)` instead of the level-1
    deck. Chance comes from one `kernels.rng` stream on both sides; asserts the same legal
    codes in the same order, the same successor world after every move, the same result and
    effect tally (added to `tally` when given).
    """
    players = 1 + seed % 8
    heuristic = seed // 8 % 2 == 1
    robot_deck = random_robot_deck(seed) if robot_set else None
    state = new_state(players, random.Random(seed), robot_deck=robot_deck)
    state.effect_counts = Counter()
    world = encode_state(state)
    python_rng: Any = PythonRng(seed)
    kernel_rng = new_rng(seed)
    counts = np.zeros(k.MAX_PARTICIPANTS * NUM_TYPES, dtype=np.int64)
    flow.advance(state, python_rng)
    k.advance(world, kernel_rng, counts)
    _same(world, state, f"seed {seed}: the first decision")
    policy = random.Random(seed)
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    decisions = 0
    while state.result is None:
        legal = flow.legal_actions(state)
        count = k.legal_actions(world, buffer)
        where = f"seed {seed}, decision {decisions}"
        assert buffer[:count].tolist() == [code_of(a) for a in legal], f"{where}: legal actions"
        assert k.current_player(world) == flow.current_player(state), where
        action = (heuristics.rollout_action(state, policy) if heuristic
                  else legal[policy.randrange(len(legal))])
        assert action_of(code_of(action)) == action
        flow.apply(state, action, python_rng)
        k.apply_counted(world, code_of(action), kernel_rng, counts)
        decisions += 1
        _same(world, state, where)
        assert int(kernel_rng[0]) == python_rng.state, f"{where}: the same chance draws"
    assert k.is_terminal(world) and k.current_player(world) == -1
    assert k.legal_actions(world, buffer) == 0
    rewards = np.empty(players)
    k.returns(world, rewards)
    assert tuple(rewards) == state.result
    kernel_tally = {divmod(i, NUM_TYPES): int(n) for i, n in enumerate(counts) if n}
    assert kernel_tally == dict(state.effect_counts), f"seed {seed}: the effect tally"
    if tally is not None:
        tally.update(state.effect_counts)
    return decisions


def _same(world: np.ndarray, state: Any, where: str) -> None:
    expected = encode_state(state)
    if not np.array_equal(world, expected):
        cells = np.flatnonzero(world != expected)[:10].tolist()
        raise AssertionError(f"{where}: worlds differ at cells {cells}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--robot-set", action="store_true",
                        help="robots play random decks of robot-set cards (R and SOLO too)")
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
            decisions[players] += play_in_lockstep(seed, tally, args.robot_set)
        except AssertionError as exc:
            failures.append(str(exc))
        played[players] += 1
        for (_, card), count in tally.items():
            triggered[card] += count
        done = seed - args.first_seed + 1
        if done % 100 == 0:
            print(f"{done} tournaments, {sum(decisions.values())} decisions, "
                  f"{len(failures)} disagreements", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(f"{'players':>7} {'tournaments':>11} {'decisions':>10}")
    for players in sorted(played):
        print(f"{players:>7} {played[players]:>11} {decisions[players]:>10}")
    print(f"{'all':>7} {sum(played.values()):>11} {sum(decisions.values()):>10}")
    print(f"disagreements: {len(failures)}   seconds: {elapsed:.0f}")
    for failure in failures[:10]:
        print("  ", failure)
    effect_cards = tallied_effect_cards()
    never = [CARDS[c].name for c in effect_cards if not triggered[c]]
    print(f"card effects triggered: {len(effect_cards) - len(never)} of {len(effect_cards)} "
          f"cards with an effect ({sum(triggered.values())} triggers)")
    if never:
        print("never triggered:", ", ".join(never))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
