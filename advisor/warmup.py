"""Warming the compiled search: compile every game's kernels into numba's cache (or load them).

Used by each search worker at start and by `python -m advisor warm`, which fills the cache at
install or image-build time so the service's first start only loads it. numba keeps the cache
in `__pycache__` next to the search's source (`search/__pycache__`), or under
`NUMBA_CACHE_DIR` when that is set.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from advisor.adapters import ADAPTERS
from search import compiled
from search.compiled import warm_up
from search.compiled_game import CompiledGame, compiled_twin

COMPILE_S = 180
"""About how long compiling every kernel takes on one core (measured: README): Challengers!'
kernel takes most of it."""
LOAD_S = 3
"""About how long loading them from numba's cache takes."""


def kernel_games() -> dict[str, CompiledGame]:
    """The games that have a compiled kernel, by name."""
    games: dict[str, CompiledGame] = {}
    for adapter in ADAPTERS.values():
        twin = compiled_twin(adapter.evaluator, "compiled")
        if twin is not None:
            games[adapter.name] = twin
    return games


def cached() -> bool:
    """True when numba's cache already holds every game's kernels."""
    return all(compiled.is_cached(game) for game in kernel_games().values())


def estimate_s(is_cached: bool) -> int:
    """About how many seconds a warm-up takes."""
    return LOAD_S if is_cached else COMPILE_S


def warm_kernels(starting: Callable[[str], None] = lambda step: None) -> None:
    """Compile (or load) every game's compiled search in this process; `starting("<game>
    <entry point>")` before each step. Processes warming at once take turns, so that one
    compiles and the others load what it cached (rather than each compiling it)."""
    with _taking_turns():
        for name, game in kernel_games().items():
            warm_up(game, partial(_step, starting, name))


@contextmanager
def _taking_turns() -> Iterator[None]:
    """An exclusive lock next to numba's cache while warming (none if it cannot be made)."""
    try:
        folder = Path(cache_location())
        folder.mkdir(parents=True, exist_ok=True)
        lock = (folder / "card-advisor-warm.lock").open("w")
    except OSError:
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _step(starting: Callable[[str], None], game: str, stage: str) -> None:
    starting(f"{game} {stage}")


def cache_location() -> str:
    """Where numba keeps the compiled kernels."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return configured
    return str(Path(compiled.__file__).parent / "__pycache__")
