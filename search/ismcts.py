"""The entry point: `ismcts(game, evaluator, observation, limits)` → `SearchResult`."""

from __future__ import annotations

import random
from typing import Any

from search.compiled_game import compiled_twin
from search.config import SearchConfig, settled
from search.core import TreeSearch, result_of
from search.evaluator import AnyEvaluator
from search.game import AnyGame, believed
from search.limits import Limits, now
from search.multi_observer import MultiObserverSearch, multi_observer_result
from search.parallel import search_parallel
from search.result import SearchResult
from search.tree import Node

DEFAULT_CONFIG = SearchConfig()


def fresh_seed() -> int:
    """A seed from the operating system, for requests that do not give one."""
    return random.SystemRandom().getrandbits(63)


def ismcts(
    game: AnyGame,
    evaluator: AnyEvaluator,
    observation: Any,
    limits: Limits,
    config: SearchConfig = DEFAULT_CONFIG,
    *,
    seed: int | None = None,
    tree: Node | None = None,
) -> SearchResult:
    """Search the decision of the seat to move, knowing only `observation`, by `game`'s
    rules and `evaluator`'s knowledge (leaf values, priors, playouts).

    Every iteration draws a world with `game.sample(observation, rng)`; all randomness comes
    from `random.Random(seed)`, so with an iteration budget the result is reproducible (for a
    given number of workers). Where the evaluator has a compiled twin (`evaluator.compiled`) and
    `config.engine` is `compiled`, the same algorithm runs in numba (`search.compiled`), also
    reproducible by seed. `tree` (from `search.reuse.subtree`, Python path only) seeds the
    search with an earlier one's statistics. `config.observers == "multiple"` runs the
    multiple-observer search (`search.multi_observer`: always Python, no tree reuse).
    `config.opponent_model` lets the game weigh its hidden cards first (`game.believe`, inside
    the budget's time). Settings `config` leaves unset are the game's own for the table's
    size (`search.config.settled`: the evaluator's; `game.num_players` reads the size from the
    observation). Raises
    ValueError when the sampled world is over.

    >>> result = ismcts(game, evaluator, observation, Limits(iterations=2000),
    ...                 seed=7)  # doctest: +SKIP
    >>> result.action, result.best.value, result.stats.iterations  # doctest: +SKIP
    """
    start = now()
    if seed is None:
        seed = fresh_seed()
    config = settled(config, evaluator, game.num_players(observation))
    observation = believed(game, observation, config.opponent_model)
    multiple = config.observers == "multiple"
    twin = compiled_twin(evaluator, config.engine) if tree is None and not multiple else None
    if twin is not None:
        from search.compiled import compiled_ismcts  # numba loads only when a game needs it

        return compiled_ismcts(twin, observation, limits, config, seed=seed, start=start)
    if config.workers > 1 and limits.iterations != 1:
        return search_parallel(
            game, evaluator, observation, limits, config, seed=seed, start=start, tree=tree
        )
    searcher, answer = (
        (MultiObserverSearch, multi_observer_result) if multiple else (TreeSearch, result_of)
    )
    search = searcher(
        game, evaluator, lambda rng: game.sample(observation, rng), config,
        random.Random(seed), tree,
    )
    on_progress = limits.on_progress

    def report(s: Any) -> None:
        if on_progress is not None:
            on_progress(answer(s, "running", seed=seed, start=start))

    end, end_reason = limits.end(start)
    reason = search.run(
        limits.iterations, end, end_reason, limits.cancel,
        report if on_progress is not None else None, limits.progress_ms, limits.nodes,
    )
    return answer(search, reason, seed=seed, start=start)
