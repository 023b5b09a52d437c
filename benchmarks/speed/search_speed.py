"""ISMCTS speed: iterations per second on one core and with root-parallel workers.

Usage: python -m benchmarks.speed.search_speed [--games toy,splendor_marvel,challengers]
                                               [--workers 1,2] [--engines python,compiled]
                                               [--seconds 2 | --cpu-iterations 400,40000]
                                               [--json FILE]
       python -m benchmarks.speed.search_speed --game-factory my.module:positions

Every registered game gives named positions (a game, the evaluator it is searched with, and an
observation of the seat to move);
each is searched for `--seconds` of wall time with the default `SearchConfig` and with a few
variants, once per worker count. The `toy` game does almost no work per call, so its rows show
the search's own cost per iteration. A game package registers by offering a factory
`(num_players, seed) -> list[Position]`; every game of `games.registry` is there.
`--engines` measures the pure-Python search and the compiled one (numba, for games with a
twin: `evaluator.compiled`) side by side in one run; a compiled row's first search (the
compilation or the load from numba's cache) is not timed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from checks import examples
from games import registry
from search import AnyEvaluator, AnyGame, Limits, SearchConfig, ismcts
from search.compiled_game import compiled_twin
from search.config import Engine


@dataclass(frozen=True)
class Position:
    """A named position to search: the game, the evaluator it is searched with (the game's
    default) and the observation of the seat to move."""

    name: str
    game: AnyGame
    evaluator: AnyEvaluator
    observation: Any


@dataclass(frozen=True)
class Row:
    engine: str
    game: str
    position: str
    config: str
    workers: int
    iterations: int
    seconds: float
    nodes: int

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds

    @property
    def microseconds(self) -> float:
        return self.seconds / self.iterations * 1e6 * self.workers


# --- the toy game: a branching tree where every call is nearly free -----------------------


@dataclass
class ToyState:
    ply: int
    code: int
    hidden: int


class ToyGame:
    """Two seats, `branching` actions a ply, `depth` plies; a hidden bit decides ties.

    Calls cost a few hundred nanoseconds, so its timings measure the search itself.
    """

    name = "toy"

    def __init__(self, branching: int = 12, depth: int = 30):
        self.actions = tuple(range(branching))
        self.depth = depth

    def num_players(self, state: ToyState) -> int:
        return 2

    def current_player(self, state: ToyState) -> int:
        return state.ply & 1

    def legal_actions(self, state: ToyState) -> Sequence[int]:
        return self.actions

    def apply(self, state: ToyState, action: int, rng: random.Random) -> None:
        state.ply += 1
        state.code = (state.code * 31 + action + 7) & 0xFFFFFF

    def clone(self, state: ToyState) -> ToyState:
        return ToyState(state.ply, state.code, state.hidden)

    def is_terminal(self, state: ToyState) -> bool:
        return state.ply >= self.depth

    def returns(self, state: ToyState) -> Sequence[float]:
        return (1.0, 0.0) if (state.code ^ state.hidden) & 1 else (0.0, 1.0)

    def observe(self, state: ToyState, seat: int) -> ToyState:
        return ToyState(state.ply, state.code, -1)

    def sample(self, observation: ToyState, rng: random.Random) -> ToyState:
        return ToyState(observation.ply, observation.code, rng.getrandbits(1))


class ToyEvaluator:
    """No knowledge of the toy game: an even value, even priors, uniform playouts."""

    def __init__(self, game: ToyGame):
        self.actions = game.actions

    def rollout_action(self, state: ToyState, rng: random.Random) -> int:
        return self.actions[int(rng.random() * len(self.actions))]

    def evaluate(self, state: ToyState) -> Sequence[float]:
        return (0.5, 0.5)

    def priors(self, state: ToyState, actions: Sequence[int]) -> Sequence[float]:
        return [1.0 / len(actions)] * len(actions)


def toy_positions(num_players: int, seed: int) -> list[Position]:
    game = ToyGame()
    return [Position("start", game, ToyEvaluator(game), game.observe(ToyState(0, seed, 0), 0))]


def registered_positions(name: str) -> Callable[[int, int], list[Position]]:
    """The opening and a position 24 playout plies in of a game in `games.registry`."""

    def positions(num_players: int, seed: int) -> list[Position]:
        game = registry.GAMES[name].load().game
        evaluator = registry.GAMES[name].evaluator("default")
        found = []
        for label, plies in (("opening", 0), ("ply 24", 24)):
            state = examples.position(name, num_players, seed, plies)
            found.append(Position(label, game, evaluator,
                                  game.observe(state, game.current_player(state))))
        return found

    return positions


GAMES: dict[str, Callable[[int, int], list[Position]]] = {
    "toy": toy_positions,
    **{name: registered_positions(name) for name in registry.GAMES},
}

CONFIGS: dict[str, SearchConfig] = {
    "default": SearchConfig(),
    "uct": SearchConfig(selection="uct"),
    "evaluate only": SearchConfig(rollout_depth=0),
    "full rollouts": SearchConfig(rollout_depth=None),
    "random to the end": SearchConfig(rollout="random", rollout_depth=None),
}


def load_factory(spec: str) -> Callable[[int, int], list[Position]]:
    """`package.module:function` → that position factory."""
    module, _, name = spec.partition(":")
    factory: Callable[[int, int], list[Position]] = getattr(importlib.import_module(module), name)
    return factory


def measure(
    engine: Engine, game_name: str, position: Position, config_name: str, workers: int,
    seconds: float, cpu_iterations: int = 0,
) -> Row:
    """One row: a search of `seconds` wall time, or with `cpu_iterations` a search of that
    many iterations timed in CPU seconds of this process (a figure a loaded machine leaves
    nearly intact; one worker)."""
    base = CONFIGS[config_name]
    config = SearchConfig(**{**asdict(base), "workers": workers, "engine": engine})
    if engine == "compiled":  # compile, or load from the cache, outside the timing
        ismcts(position.game, position.evaluator, position.observation, Limits(iterations=2),
               config, seed=1)
    if cpu_iterations:
        began = time.process_time()
        result = ismcts(position.game, position.evaluator, position.observation,
                        Limits(iterations=cpu_iterations), config, seed=1)
        elapsed = time.process_time() - began
    else:
        result = ismcts(position.game, position.evaluator, position.observation,
                        Limits(time=seconds), config, seed=1)
        elapsed = result.stats.elapsed
    stats = result.stats
    return Row(
        engine, game_name, position.name, config_name, workers, stats.iterations, elapsed,
        stats.nodes,
    )


def print_table(rows: list[Row]) -> None:
    header = (
        f"{'engine':<8} {'game':<16} {'position':<9} {'config':<14} {'workers':>7} "
        f"{'iterations':>10} {'seconds':>7} {'it/s':>9} {'µs/it/core':>10} {'nodes':>8}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r.engine:<8} {r.game:<16} {r.position:<9} {r.config:<14} {r.workers:>7} "
            f"{r.iterations:>10} {r.seconds:>7.2f} {r.per_second:>9.0f} "
            f"{r.microseconds:>10.1f} {r.nodes:>8}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="toy,splendor_marvel", help="registered game names")
    parser.add_argument("--game-factory", action="append", default=[],
                        help="module:function giving positions (repeatable)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help=f"comma-separated among: {', '.join(CONFIGS)}")
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    parser.add_argument("--engines", default="python,compiled",
                        help="comma-separated among: python, compiled (games with a kernel)")
    parser.add_argument("--seconds", type=float, default=2.0, help="search time per row")
    parser.add_argument("--cpu-iterations", default="",
                        help="python,compiled iteration budgets (e.g. 400,40000): time each "
                             "row's search in CPU seconds instead of --seconds of wall time")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    args = parser.parse_args(argv)

    factories: dict[str, Callable[[int, int], list[Position]]] = {}
    for name in filter(None, args.games.split(",")):
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; registered: {', '.join(GAMES)}")
        factories[name] = GAMES[name]
    for spec in args.game_factory:
        factories[spec] = load_factory(spec)
    configs = [c for c in args.configs.split(",") if c]
    for c in configs:
        if c not in CONFIGS:
            parser.error(f"unknown config {c!r}")
    worker_counts = [int(w) for w in args.workers.split(",") if w]
    engines: list[Engine] = []
    for engine in filter(None, args.engines.split(",")):
        if engine not in ("python", "compiled"):
            parser.error(f"unknown engine {engine!r}; choose python, compiled")
        engines.append(engine)

    budgets = dict(zip(("python", "compiled"),
                       (int(n) for n in args.cpu_iterations.split(",") if n), strict=False))
    rows: list[Row] = []
    for name, factory in factories.items():
        try:
            positions = factory(args.players, args.seed)
        except ImportError as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
            continue
        for position in positions:
            for config_name in configs:
                for workers in worker_counts:
                    for engine in engines:
                        twin = compiled_twin(position.evaluator, engine)
                        if engine == "compiled" and twin is None:
                            continue
                        rows.append(measure(engine, name, position, config_name, workers,
                                            args.seconds, budgets.get(engine, 0)))
    print_table(rows)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = [{**asdict(r), "per_second": r.per_second} for r in rows]
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
