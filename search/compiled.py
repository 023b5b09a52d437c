"""ISMCTS and flat Monte Carlo over a `CompiledGame`: the loop in numba, the budget in Python.

The compiled loop (`search.compiled_loop`) runs iterations in chunks; between chunks this module
keeps every budget the Python search has (iterations, time, deadline, cancellation, progress
reports), grows the tree's arrays when they fill, and turns the tree into the same
`SearchResult`. Chunks release the GIL, so root-parallel workers are threads. With the same
seed and an iteration budget, the answer is the same bit for bit.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kernels.rng import new_rng
from kernels.specialize import specialize
from search import compiled_loop as loop
from search.compiled_game import KERNEL_FUNCTIONS, CompiledGame, missing_functions
from search.config import SearchConfig
from search.limits import CancelToken, Limits, StopReason, now, run_budget
from search.parallel import node_share, split_iterations, worker_seed
from search.result import ActionStats, RootSummary, SearchResult, build_result, merge
from search.tree import PV_MAX

INITIAL_NODES = 1 << 12
INITIAL_PATH = 64
CHUNK_SECONDS = 0.002
"""A timed search checks the clock about this often (a chunk's target length)."""


_ENTRY_POINTS: dict[tuple[str, str], dict[str, Any]] = {}
_COMPILING = threading.Lock()


def _entry_points(game: CompiledGame) -> dict[str, Any]:
    """The compiled loop's functions for `game` (specialized once per process)."""
    key = (game.name, game.kernel_version)
    with _COMPILING:
        if key not in _ENTRY_POINTS:
            missing = missing_functions(game.kernel)
            if missing:
                raise TypeError(f"{game.name}'s kernel lacks {', '.join(missing)}")
            bindings = {f"game_{name}": getattr(game.kernel, name) for name in KERNEL_FUNCTIONS}
            tag = f"{game.name}_{game.kernel_version}"
            _ENTRY_POINTS[key] = specialize(loop.GENERIC_FUNCTIONS, bindings, tag)
        return _ENTRY_POINTS[key]


WARM_UP_STAGES = ("ISMCTS", "PIMC")
"""The entry points `warm_up` compiles, in order (the names it reports)."""


def warm_up(game: CompiledGame, starting: Callable[[str], None] = lambda stage: None) -> None:
    """Compile (or load from numba's cache) every entry point, with tiny searches (one with
    its root restricted to a move, as a judged move's is: that one reads the legal codes) and a
    tiny flat Monte Carlo on the game's example observation; `starting(stage)` before each of
    `WARM_UP_STAGES`."""
    observation = game.example_observation()
    starting(WARM_UP_STAGES[0])
    found = compiled_ismcts(game, observation, Limits(iterations=2), SearchConfig(), seed=0)
    compiled_ismcts(game, observation, Limits(iterations=2), SearchConfig(root_move=found.action),
                    seed=0)
    starting(WARM_UP_STAGES[1])
    compiled_pimc(game, observation, Limits(iterations=2), SearchConfig(), worlds=1, seed=0)


def is_cached(game: CompiledGame) -> bool:
    """True when numba's cache holds an index for every entry point of `game` (so a warm-up
    loads machine code rather than compiling it); False when it cannot tell."""
    for dispatcher in _entry_points(game).values():
        index = getattr(getattr(getattr(dispatcher, "_cache", None), "_cache_file", None),
                        "_index_path", None)  # numba's private names: False if they change
        if index is None or not os.path.exists(index):
            return False
    return True


def _settings(config: SearchConfig, root_move: int = loop.NO_NODE) -> np.ndarray:
    settings = np.zeros(loop.SETTINGS, dtype=np.int64)
    settings[loop.ROOT_MOVE] = root_move
    settings[loop.PUCT] = config.selection == "puct"
    settings[loop.HEURISTIC_ROLLOUT] = config.rollout == "heuristic"
    settings[loop.ROLLOUT_DEPTH] = -1 if config.rollout_depth is None else config.rollout_depth
    settings[loop.FPU_REDUCTION_MILLI] = round(config.fpu_reduction * 1000)
    return settings


def root_code(game: CompiledGame, legal: np.ndarray, action: Any) -> int:
    """The code of `action` among the first world's `legal` codes; ValueError if absent."""
    for code in legal:
        if game.action(int(code)) == action:
            return int(code)
    raise ValueError(f"root_move {action!r} is not legal in the position searched")


def _grown(array: np.ndarray) -> np.ndarray:
    bigger = np.empty((2 * array.shape[0], *array.shape[1:]), dtype=array.dtype)
    bigger[: array.shape[0]] = array
    return bigger


def _empty_index(nodes: int) -> np.ndarray:
    """A child index for a tree of room for `nodes` (a power of two) nodes: at most half full."""
    return np.full((2 * nodes, loop.INDEX_FIELDS), loop.NO_NODE, dtype=np.int64)


class CompiledTreeSearch:
    """One tree in arrays, its random stream, and the chunked loop that grows it.

    Like `search.core.TreeSearch`, the first world is drawn at construction (to learn the seat
    to move) and used by the first iteration. Raises ValueError when that world is over.
    """

    def __init__(self, game: CompiledGame, observation: np.ndarray, config: SearchConfig,
                 seed: int):
        self.game = game
        self._run = _entry_points(game)["run_iterations"]
        self.observation = observation
        self.rng = new_rng(seed)
        self.world = np.empty(game.state_size, dtype=np.int32)
        player, seats, over = _entry_points(game)["start"](observation, self.world, self.rng)
        if over:
            raise ValueError("the game is over: there is nothing to search")
        self.player = int(player)
        self.num_players = int(seats)
        self.links = np.empty((INITIAL_NODES, loop.LINK_FIELDS), dtype=np.int64)
        self.stats = np.zeros((INITIAL_NODES, loop.TOTALS + self.num_players))
        self.links[0] = (-1, self.player, 0, 0, loop.NO_NODE, loop.NO_NODE, loop.NO_NODE)
        self.meta = np.zeros(loop.META_FIELDS, dtype=np.int64)
        self.meta[loop.NODES] = 1
        self.meta[loop.FIRST_WORLD_PENDING] = 1
        self.meta[loop.INDEXED] = 1
        self.index = _empty_index(INITIAL_NODES)
        puct = config.selection == "puct"
        self.c = config.puct_constant if puct else config.uct_c
        self.path = np.empty(INITIAL_PATH, dtype=np.int64)
        self.legal = np.empty(game.max_legal, dtype=np.int32)
        self.untried = np.empty(game.max_legal, dtype=np.int32)
        self.priors = np.empty(game.max_legal)
        self.found = np.empty(game.max_legal, dtype=np.int64)
        self.reward = np.empty(self.num_players)
        self.iterations = 0
        root_move = loop.NO_NODE
        if config.root_move is not None:
            count = _entry_points(game)["legal_codes"](self.world, self.legal)
            root_move = root_code(game, self.legal[:count], config.root_move)
        self.settings = _settings(config, root_move)

    @property
    def nodes(self) -> int:
        """Tree size, root included."""
        return int(self.meta[loop.NODES])

    def iterate(self, count: int) -> None:
        """Exactly `count` more iterations, growing the arrays whenever they might fill."""
        left = count
        while left > 0:
            done = self._run(
                self.observation, self.world, self.rng, self.links, self.stats, self.meta,
                self.settings, self.c, self.path, self.legal, self.untried,
                self.priors, self.index, self.found, self.reward, left,
            )
            left -= done
            self.iterations += done
            if left:
                self._make_room()

    def _make_room(self) -> None:
        longest = int(self.meta[loop.LONGEST_PATH])
        if longest + 2 > self.path.shape[0]:
            self.path = _grown(self.path)
        if self.nodes + (longest + 2) * self.game.max_legal > self.links.shape[0]:
            self.links = _grown(self.links)
            self.stats = _grown(self.stats)
            self.index = _empty_index(self.links.shape[0])
            self.meta[loop.INDEXED] = 1

    def run(
        self,
        iterations: int | None = None,
        end: float | None = None,
        end_reason: StopReason = "time",
        cancel: CancelToken | None = None,
        progress: Callable[[CompiledTreeSearch], None] | None = None,
        progress_ms: int = 100,
        nodes: int | None = None,
    ) -> StopReason:
        """Iterate until `iterations` more are done, the clock passes `end`, `cancel` is set, or
        the tree holds `nodes` nodes (checked between chunks of about `CHUNK_SECONDS`). At
        least one iteration runs."""
        report = None if progress is None else lambda: progress(self)
        full = None if nodes is None else lambda: self.nodes >= nodes
        return run_budget(self.iterate, iterations, end, end_reason, cancel, report,
                          progress_ms, CHUNK_SECONDS, full)

    def summary(self, stopped_by: StopReason) -> RootSummary:
        """The root statistics, visited actions only (as `search.result.summarize`)."""
        links, stats = self.links, self.stats
        actions = []
        for child in _children(links, 0):
            visits = int(links[child, loop.VISITS])
            if visits > 0:
                line = self._principal_line(child)
                actions.append(ActionStats(
                    self.game.action(int(links[child, loop.ACTION])),
                    visits,
                    int(links[child, loop.AVAIL]),
                    [float(x) for x in stats[child, loop.TOTALS:]],
                    float(stats[child, loop.PRIOR]),
                    pv=tuple(self.game.action(int(links[n, loop.ACTION])) for n in line),
                    line_visits=tuple(int(links[n, loop.VISITS]) for n in line),
                    line_values=tuple(
                        tuple(float(x) / int(links[n, loop.VISITS]) for x in stats[n, loop.TOTALS:])
                        for n in line
                    ),
                ))
        return RootSummary(
            self.player, int(links[0, loop.VISITS]), [float(x) for x in stats[0, loop.TOTALS:]],
            actions, self.iterations, self.nodes, self.iterations, stopped_by,
        )

    def _principal_line(self, node: int) -> list[int]:
        """`node` and the most visited line of nodes below it (as `Node.principal_nodes`)."""
        line = [node]
        node = _most_visited_child(self.links, node)
        while node != loop.NO_NODE and len(line) < PV_MAX:
            line.append(node)
            node = _most_visited_child(self.links, node)
        return line


def _children(links: np.ndarray, node: int) -> list[int]:
    found = []
    child = int(links[node, loop.FIRST_CHILD])
    while child != loop.NO_NODE:
        found.append(child)
        child = int(links[child, loop.NEXT_SIBLING])
    return found


def _most_visited_child(links: np.ndarray, node: int) -> int:
    """As `Node.best_child`: most visits, first in insertion order on ties, visited only."""
    best, best_visits = loop.NO_NODE, 0
    for child in _children(links, node):
        visits = int(links[child, loop.VISITS])
        if visits > best_visits:
            best, best_visits = child, visits
    return best


def compiled_ismcts(
    game: CompiledGame,
    observation: Any,
    limits: Limits,
    config: SearchConfig,
    *,
    seed: int,
    start: float | None = None,
) -> SearchResult:
    """`search.ismcts` over a compiled game: `config.workers` trees grown in threads (worker 0
    in the calling thread, reporting progress), their root statistics summed."""
    start = now() if start is None else start
    encoded = game.encode_observation(observation)
    shares = split_iterations(limits.iterations, config.workers)
    workers = len(shares)
    nodes = node_share(limits.nodes, workers)
    searches = [
        CompiledTreeSearch(game, encoded, config, worker_seed(seed, index))
        for index in range(workers)
    ]
    end, end_reason = limits.end(start)
    stop = threading.Event()
    cancel = _Either(limits.cancel, stop)
    reasons: list[StopReason] = ["iterations"] * workers
    errors: list[BaseException] = []

    def work(index: int) -> None:
        try:
            reasons[index] = searches[index].run(shares[index], end, end_reason, cancel,
                                                 nodes=nodes)
        except BaseException as error:  # surfaced in the calling thread
            errors.append(error)
            stop.set()

    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(1, workers)]
    for thread in threads:
        thread.start()
    on_progress = limits.on_progress

    def report(search: CompiledTreeSearch) -> None:
        if on_progress is not None:
            on_progress(_result([search.summary("running")], config, seed, start, workers))

    try:
        reasons[0] = searches[0].run(
            shares[0], end, end_reason, cancel,
            report if on_progress is not None else None, limits.progress_ms, nodes,
        )
    finally:
        if reasons[0] == "cancelled":
            stop.set()
        for thread in threads:
            thread.join()
    if errors:
        raise errors[0]
    summaries = [search.summary(reason) for search, reason in zip(searches, reasons, strict=True)]
    return _result(summaries, config, seed, start, workers)


def _result(summaries: list[RootSummary], config: SearchConfig, seed: int, start: float,
            workers: int) -> SearchResult:
    summary = summaries[0] if len(summaries) == 1 else merge(summaries)
    return build_result(
        summary, seed=seed, elapsed=now() - start, workers=workers, engine="compiled",
    )


@dataclass(frozen=True)
class _Either:
    """Set when either token is (a caller's cancel, or a failed worker's stop)."""

    first: CancelToken | None
    second: CancelToken

    def is_set(self) -> bool:
        return self.second.is_set() or (self.first is not None and self.first.is_set())


def compiled_pimc(
    game: CompiledGame,
    observation: Any,
    limits: Limits,
    config: SearchConfig,
    *,
    worlds: int,
    seed: int,
) -> SearchResult:
    """Flat Monte Carlo (`PIMCBot` with rollouts) over a compiled game: `worlds` sampled worlds,
    every legal move of each played out in turn, moves ranked by mean value."""
    start = now()
    entry = _entry_points(game)
    encoded = game.encode_observation(observation)
    rng = new_rng(seed)
    boards = np.empty((worlds, game.state_size), dtype=np.int32)
    legal = np.empty((worlds, game.max_legal), dtype=np.int32)
    counts = np.empty(worlds, dtype=np.int64)
    player, seats, over = entry["sample_worlds"](encoded, boards, legal, counts, rng)
    if over:
        raise ValueError("the game is over: there is nothing to search")
    seats = int(seats)
    visits = np.zeros(game.num_action_codes, dtype=np.int64)
    totals = np.zeros((game.num_action_codes, seats))
    cursor = np.zeros(2, dtype=np.int64)
    world = np.empty(game.state_size, dtype=np.int32)
    buffer = np.empty(game.max_legal, dtype=np.int32)
    reward = np.empty(seats)
    settings = _settings(config)
    end, end_reason = limits.end(start)
    done = 0

    def roll_out(count: int) -> None:
        nonlocal done
        entry["roll_out_moves"](boards, legal, counts, cursor, visits, totals, rng, settings,
                                world, buffer, reward, count)
        done += count

    reason = run_budget(roll_out, limits.iterations, end, end_reason, limits.cancel,
                        chunk_seconds=CHUNK_SECONDS)
    availability: dict[int, int] = {}
    for k in range(worlds):
        for code in legal[k, : counts[k]]:
            availability[int(code)] = availability.get(int(code), 0) + 1
    actions = [
        ActionStats(game.action(code), int(visits[code]), avail,
                    [float(x) for x in totals[code]], 0.0, (game.action(code),))
        for code, avail in availability.items()
        if visits[code] > 0
    ]
    root_totals = [float(x) for x in totals.sum(axis=0)]
    summary = RootSummary(int(player), done, root_totals, actions, done, 0, worlds, reason)
    return build_result(
        summary, seed=seed, elapsed=now() - start, workers=1, rank_by_value=True,
        engine="compiled",
    )
