"""Two checkouts of the Challengers! engine side by side in one process: is a refactor slower?

Usage: ``python -m benchmarks.speed.ab_challengers BASE_ROOT [--head ROOT] [--rounds 10]``, e.g.
with ``git worktree add /tmp/base HEAD~1``. Each engine package is loaded under its own name, and
the two are timed in alternating rounds (the best round counts), so the machine's load
changes hit both alike: clone, observe and sample per position, whole tournaments with the
rollout policy, and an ISMCTS search of 150 iterations on a spread of positions (the search
code is this checkout's for both; each engine's playouts and search think with its default
evaluator: `evaluator_of`). Prints each engine's times and head/base ratios.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from search import Limits, ismcts

ROOT = Path(__file__).parents[2]  # the checkout (this file is benchmarks/speed/)
STEPS = ("clone", "observe", "sample", "tournaments", "ismcts")


def load(name: str, root: Path) -> ModuleType:
    """`games/challengers` of the checkout at `root`, imported as the package `name`."""
    package = root / "games" / "challengers"
    spec = importlib.util.spec_from_file_location(
        name, package / "__init__.py", submodule_search_locations=[str(package)]
    )
    if spec is None or spec.loader is None:
        raise SystemExit(f"no Challengers! engine under {root}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def evaluator_of(engine: ModuleType) -> Any:
    """The default evaluator of an engine package loaded by `load`: its `evaluators.EVALUATOR`
    (imported as that package's submodule, though it reads `games.challengers`' knowledge by
    absolute imports), or, in a checkout from before the evaluator split (issue 47), its `GAME`,
    which was the rules and the knowledge in one."""
    if hasattr(engine.GAME, "rollout_action"):
        return engine.GAME
    return importlib.import_module(f"{engine.__name__}.evaluators").EVALUATOR


class Workload:
    """Positions from seeded rollout tournaments of one engine, and the steps to time."""

    def __init__(self, engine: ModuleType, games: int):
        self.engine = engine
        self.game = engine.GAME
        self.evaluator = evaluator_of(engine)
        self.states: list[Any] = []
        for seed in range(games):
            rng = random.Random(seed)
            state = engine.new_game(2 + seed % 6, seed)
            for ply in range(10_000):
                if self.game.is_terminal(state):
                    break
                if ply % 11 == 0:
                    self.states.append(state.clone())
                self.game.apply(state, self.evaluator.rollout_action(state, rng), rng)
        self.deciding = [(s, self.game.current_player(s)) for s in self.states]
        self.deciding = [(s, seat) for s, seat in self.deciding if seat >= 0]
        self.observations = [engine.observe(s, seat) for s, seat in self.deciding]

    def steps(self) -> dict[str, Callable[[], None]]:
        """Each timed step by name."""
        engine, game, evaluator = self.engine, self.game, self.evaluator

        def clone() -> None:
            for state in self.states:
                state.clone()

        def observe() -> None:
            for state, seat in self.deciding:
                engine.observe(state, seat)

        def sample() -> None:
            rng = random.Random(1)
            for observation in self.observations:
                engine.sample(observation, rng)

        def tournaments() -> None:
            for seed in range(3):
                rng = random.Random(seed)
                state = engine.new_game(4, seed)
                while not game.is_terminal(state):
                    game.apply(state, evaluator.rollout_action(state, rng), rng)

        def search() -> None:
            for observation in self.observations[::40]:
                ismcts(game, evaluator, observation, Limits(iterations=150), seed=3)

        return dict(zip(STEPS, (clone, observe, sample, tournaments, search), strict=True))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="root of the checkout to compare against")
    parser.add_argument("--head", type=Path, default=ROOT, help="root of the new checkout")
    parser.add_argument("--rounds", type=int, default=10, help="alternating timing rounds")
    parser.add_argument("--games", type=int, default=40, help="tournaments giving positions")
    args = parser.parse_args(argv)
    loads = {"base": Workload(load("ab_base", args.base), args.games),
             "head": Workload(load("ab_head", args.head), args.games)}
    best = {name: dict.fromkeys(STEPS, float("inf")) for name in loads}
    for round_ in range(args.rounds):
        order = ("base", "head") if round_ % 2 else ("head", "base")
        for name in order:
            for step, run in loads[name].steps().items():
                start = time.perf_counter()
                run()
                best[name][step] = min(best[name][step], time.perf_counter() - start)
        print(f"round {round_ + 1}/{args.rounds}", file=sys.stderr)
    per = {"clone": len(loads["base"].states), "observe": len(loads["base"].deciding),
           "sample": len(loads["base"].observations)}
    print(f"{'step':12} {'base':>12} {'head':>12} {'head/base':>10}")
    for step in STEPS:
        unit, scale = ("us", 1e6 / per[step]) if step in per else ("ms", 1e3)
        base, head = best["base"][step] * scale, best["head"][step] * scale
        print(f"{step:12} {base:9.1f} {unit} {head:9.1f} {unit} {head / base:10.3f}")


if __name__ == "__main__":
    main()
