"""Our ISMCTS beside OpenSpiel's Python ISMCTSBot, on OpenSpiel's imperfect-information games.

Usage: python -m benchmarks.strength.openspiel_compare [--games kuhn_poker,leduc_poker,hearts]
           [--iterations 500] [--positions 20] [--matches 100] [--uct-c 0.7]
           [--observers single,multiple] [--json FILE]

Needs `open_spiel` (the `bench` extra: README, "The lock"): a benchmark-only dependency, never
imported by `search` (tests that use it skip without it). An adapter wraps an OpenSpiel game
as our `Game` protocol: the observation is the OpenSpiel state plus the observing seat, a world
is drawn with `state.resample_from_infostate`, chance nodes are resolved inside `apply` from the
search's random stream, and returns are rescaled from [min_utility, max_utility] to [0, 1]; the
search's evaluator (`SpielUniform`) knows nothing of the game. For our
multiple-observer search (`--observers multiple`) a seat's information key is its OpenSpiel
information state string; the adapter treats every move as public, which holds in Kuhn and
Leduc poker (bets) but not in hearts' passing phase.

Both searchers use one uniformly random rollout to the end of the game per iteration and the
same exploration (our constant is on the [0, 1] scale; OpenSpiel's is scaled by the utility
range to match). Printed: iterations per second of each on the same positions, and a
head-to-head at equal iterations (seats alternate; the score is our mean return in the game's
own units with a 95% interval), once for each of our observer modes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as spiel_ismcts
from open_spiel.python.algorithms import mcts as spiel_mcts

from search import Limits, SearchConfig, ismcts
from search.config import Observers

WARMUP_PLIES = {"hearts": 16}
"""Decisions played at random before a position is taken: OpenSpiel's hearts cannot resample
before the deal, and during the passing phase it draws worlds where a seat has no legal card,
so its positions start after the 12 passes."""


@dataclass(frozen=True)
class SpielObservation:
    """What `player` knows: its information set, represented by one consistent OpenSpiel state."""

    state: Any
    player: int


class SpielGame:
    """An OpenSpiel sequential game as our `Game` protocol (actions are OpenSpiel's ints)."""

    def __init__(self, name: str):
        self.name = name
        self.game = pyspiel.load_game(name)
        self.low = self.game.min_utility()
        self.span = self.game.max_utility() - self.low
        self.players = self.game.num_players()

    def num_players(self, state: Any) -> int:
        return int(self.players)

    def current_player(self, state: Any) -> int:
        return int(state.current_player())

    def legal_actions(self, state: Any) -> Sequence[int]:
        actions: list[int] = state.legal_actions()
        return actions

    def apply(self, state: Any, action: int, rng: random.Random) -> None:
        state.apply_action(action)
        resolve_chance(state, rng)

    def clone(self, state: Any) -> Any:
        return state.clone()

    def is_terminal(self, state: Any) -> bool:
        return bool(state.is_terminal())

    def returns(self, state: Any) -> Sequence[float]:
        return [(r - self.low) / self.span for r in state.returns()]

    def information_key(self, state: Any, seat: int) -> str:
        key: str = state.information_state_string(seat)
        return key

    def observe(self, state: Any, seat: int) -> SpielObservation:
        return SpielObservation(state.clone(), seat)

    def sample(self, observation: SpielObservation, rng: random.Random) -> Any:
        sampler = pyspiel.UniformProbabilitySampler(rng.getrandbits(31), 0.0, 1.0)
        return observation.state.resample_from_infostate(observation.player, sampler)


class SpielUniform:
    """The evaluator both searchers share (`search.evaluator.Evaluator`): no knowledge, uniform
    priors and uniformly random playouts; a leaf's value is one random playout to the end."""

    def __init__(self, game: SpielGame):
        self.game = game

    def rollout_action(self, state: Any, rng: random.Random) -> int:
        actions = state.legal_actions()
        return int(actions[int(rng.random() * len(actions))])

    def evaluate(self, state: Any) -> Sequence[float]:
        world = state.clone()
        rng = random.Random(0)
        while not world.is_terminal():
            self.game.apply(world, self.rollout_action(world, rng), rng)
        return self.game.returns(world)

    def priors(self, state: Any, actions: Sequence[int]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)


def resolve_chance(state: Any, rng: random.Random) -> None:
    """Play chance outcomes (with their probabilities) until someone must decide."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        x = rng.random()
        chosen = outcomes[-1][0]
        for outcome, p in outcomes:
            x -= p
            if x <= 0:
                chosen = outcome
                break
        state.apply_action(chosen)


def positions(adapter: SpielGame, count: int, seed: int) -> list[Any]:
    """Decision points reached by dealing (and, for some games, a few random plies)."""
    rng = random.Random(seed)
    uniform = SpielUniform(adapter)
    found: list[Any] = []
    while len(found) < count:
        state = adapter.game.new_initial_state()
        resolve_chance(state, rng)
        for _ in range(WARMUP_PLIES.get(adapter.name, 0)):
            adapter.apply(state, uniform.rollout_action(state, rng), rng)
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def spiel_bot(adapter: SpielGame, iterations: int, uct_c: float, seed: int) -> Any:
    """OpenSpiel's ISMCTSBot with one random rollout per iteration."""
    rs = np.random.RandomState(seed)
    evaluator = spiel_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    return spiel_ismcts.ISMCTSBot(
        game=adapter.game,
        evaluator=evaluator,
        uct_c=uct_c * adapter.span,
        max_simulations=iterations,
        random_state=rs,
    )


def our_config(uct_c: float, observers: Observers) -> SearchConfig:
    return SearchConfig(uct_c=uct_c, rollout="random", rollout_depth=None, observers=observers)


@dataclass(frozen=True)
class SpeedRow:
    game: str
    searcher: str
    searches: int
    iterations: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds


@dataclass(frozen=True)
class MatchRow:
    game: str
    observers: Observers
    """Our search's mode: one tree keyed by actions, or a tree per seat."""
    iterations: int
    matches: int
    our_mean: float
    """Our mean return per game, in the game's own units (chips, points)."""
    half_width: float
    our_win_rate: float


def speed(
    adapter: SpielGame,
    states: list[Any],
    iterations: int,
    uct_c: float,
    observer_modes: Sequence[Observers],
) -> list[SpeedRow]:
    total = iterations * len(states)
    rows = []
    uniform = SpielUniform(adapter)
    for observers in observer_modes:
        config = our_config(uct_c, observers)
        start = time.perf_counter()
        for i, state in enumerate(states):
            observation = adapter.observe(state, adapter.current_player(state))
            ismcts(adapter, uniform, observation, Limits(iterations=iterations), config, seed=i)
        ours = time.perf_counter() - start
        rows.append(SpeedRow(adapter.name, f"ours, {observers} observer", len(states), total, ours))
    bot = spiel_bot(adapter, iterations, uct_c, seed=0)
    start = time.perf_counter()
    for state in states:
        bot.run_search(state)
    theirs = time.perf_counter() - start
    rows.append(SpeedRow(adapter.name, "OpenSpiel ISMCTSBot", len(states), total, theirs))
    return rows


def match(
    adapter: SpielGame,
    matches: int,
    iterations: int,
    uct_c: float,
    seed: int,
    observers: Observers,
) -> MatchRow:
    """Our searcher in one seat, OpenSpiel's in all others; seats rotate game by game."""
    config = our_config(uct_c, observers)
    uniform = SpielUniform(adapter)
    rng = random.Random(seed)
    results = []
    wins = 0.0
    for g in range(matches):
        ours = g % adapter.players
        theirs = spiel_bot(adapter, iterations, uct_c, seed=seed + g)
        state = adapter.game.new_initial_state()
        resolve_chance(state, rng)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == ours:
                observation = adapter.observe(state, seat)
                limits = Limits(iterations=iterations)
                seed_ = rng.getrandbits(32)
                action = ismcts(adapter, uniform, observation, limits, config,
                                seed=seed_).action
            else:
                action = theirs.step(state)
            adapter.apply(state, int(action), rng)  # type: ignore[call-overload]
        returns = state.returns()
        results.append(returns[ours])
        best = max(returns)
        if returns[ours] == best:
            wins += 1.0 / sum(1 for r in returns if r == best)
    mean = sum(results) / len(results)
    var = sum((r - mean) ** 2 for r in results) / max(1, len(results) - 1)
    half = 1.96 * math.sqrt(var / len(results))
    return MatchRow(adapter.name, observers, iterations, matches, mean, half, wins / matches)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="kuhn_poker,leduc_poker,hearts")
    parser.add_argument("--iterations", type=int, default=500, help="iterations per search")
    parser.add_argument("--positions", type=int, default=20, help="positions for the speed test")
    parser.add_argument("--matches", type=int, default=400, help="head-to-head games (0: skip)")
    parser.add_argument("--match-games", default="kuhn_poker,leduc_poker",
                        help="games played head to head")
    parser.add_argument("--uct-c", type=float, default=0.7, help="exploration, [0, 1] scale")
    parser.add_argument("--observers", default="single,multiple",
                        help="our search modes: single and/or multiple (comma-separated)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    modes: list[Observers] = []
    for mode in filter(None, args.observers.split(",")):
        if mode not in ("single", "multiple"):
            parser.error(f"--observers takes single and/or multiple, not {mode!r}")
        modes.append(mode)

    speed_rows: list[SpeedRow] = []
    for name in filter(None, args.games.split(",")):
        adapter = SpielGame(name)
        states = positions(adapter, args.positions, args.seed)
        speed_rows += speed(adapter, states, args.iterations, args.uct_c, modes)
    print(f"Speed: {args.iterations} iterations per search, one random rollout each, one core")
    header = f"{'game':<12} {'searcher':<24} {'searches':>8} {'iterations':>10} {'it/s':>9}"
    print(header)
    print("-" * len(header))
    for r in speed_rows:
        print(
            f"{r.game:<12} {r.searcher:<24} {r.searches:>8} {r.iterations:>10} "
            f"{r.per_second:>9.0f}"
        )

    match_rows: list[MatchRow] = []
    if args.matches > 0:
        for name in filter(None, args.match_games.split(",")):
            adapter = SpielGame(name)
            for mode in modes:
                match_rows.append(
                    match(adapter, args.matches, args.iterations, args.uct_c, args.seed, mode)
                )
        print()
        print(f"Head to head: ours vs OpenSpiel ISMCTSBot, {args.iterations} iterations each")
        header = (
            f"{'game':<12} {'ours':<9} {'games':>6} {'our mean return':>22} {'our win rate':>13}"
        )
        print(header)
        print("-" * len(header))
        for m in match_rows:
            ret = f"{m.our_mean:+.3f} ± {m.half_width:.3f}"
            print(
                f"{m.game:<12} {m.observers:<9} {m.matches:>6} {ret:>22} {m.our_win_rate:>13.2f}"
            )

    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "speed": [{**asdict(r), "per_second": r.per_second} for r in speed_rows],
            "matches": [asdict(m) for m in match_rows],
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
