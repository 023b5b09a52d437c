"""From a request's `Limits` and deadline to the budget a worker searches with.

Strength levels (1 weakest .. 10 full) are `search.levels`' (shared with the arena's bots), by
the game's own ladder (`search.levels.ladder_of`): a level searches its share of the budget and
chooses among the plausible candidates by their values with noise; level 10 plays the search's
first candidate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from advisor.config import ServerConfig
from advisor.errors import Violations
from contract.v1 import common_pb2
from search import CancelToken, Limits, SearchConfig, SearchResult, levels
from search.config import Engine
from search.levels import FULL_STRENGTH, LEVELS, Level
from search.limits import now

DEFAULT_CANDIDATES = 5
MAX_CANDIDATES = 64
NEGATIVE_UINT64 = 1 << 63
"""A uint64 this large is a signed client's negative number: refused, not searched."""
MARGIN_SHARE = 0.1
"""Of the time to a call's deadline, kept free (at least --deadline-margin-ms) to answer."""
DEFAULT_SEED = 0
"""The seed of a request that gives none: the same question gets the same answer
(advisor.questions)."""
ENGINE_NAMES: dict[int, Engine] = {
    common_pb2.ENGINE_COMPILED: "compiled",
    common_pb2.ENGINE_PYTHON: "python",
}


@dataclass(frozen=True)
class Budget:
    """How one request may search (picklable: it travels to the worker process)."""

    iterations: int | None
    time_s: float
    deadline: float | None
    """Monotonic instant by which the search must stop (the call deadline minus a margin)."""
    seed: int
    workers: int
    candidates: int
    strength: int
    engine: Engine
    """`compiled` or `python`: which search runs (`search.SearchConfig.engine`)."""
    nodes: int | None = None
    """The most nodes the search's trees may hold (the server's `max_tree_nodes`)."""
    model_opponents: bool = False
    """Draw hidden cards by the game's opponent model (`search.SearchConfig.opponent_model`)."""
    clamped: tuple[str, ...] = ()
    """The limits the server lowered to its maxima, in words (answers report them)."""
    ladder: dict[int, Level] = field(default_factory=lambda: dict(LEVELS))
    """The game's strength levels (`search.levels.ladder_of`)."""

    def limits(self, cancel: CancelToken, share: float = 1.0) -> Limits:
        """Search limits for `share` of this budget (follow-up searches take a part)."""
        iterations = None if self.iterations is None else max(1, int(self.iterations * share))
        return Limits(iterations=iterations, time=self.time_s * share, deadline=self.deadline,
                      cancel=cancel, nodes=self.nodes)

    def config(self) -> SearchConfig:
        """The search settings of this budget (the defaults, with its workers, engine and
        opponent model; what it leaves unset, PUCT's constant, the search takes from the game
        for the table's size: `search.config.settled`): SuggestMove, Analyze, Evaluate and the
        judging searches all use them (docs/coaching.md)."""
        return SearchConfig(
            workers=self.workers, engine=self.engine,
            opponent_model="priors" if self.model_opponents else "none",
        )

    def choose(self, result: SearchResult) -> int:
        """Index of the candidate to play: the first at full strength, else the level's choice
        among the plausible candidates (`search.levels.choose`)."""
        return levels.choose(result.candidates, self.strength, self.seed, self.ladder)

    @property
    def weakened(self) -> bool:
        """True when a strength level below full chooses the move."""
        return self.strength < FULL_STRENGTH


def budget_of(
    limits: common_pb2.Limits,
    config: ServerConfig,
    time_remaining: float | None,
    path: str,
    ladder: levels.Ladder = LEVELS,
    spent: float = 0.0,
) -> Budget:
    """Apply defaults, server caps, strength (by the game's `ladder`) and the deadline;
    RequestError if out of range. `spent` seconds of the call are gone already: the time
    budget is what is left of it."""
    v = Violations()
    if limits.engine not in (common_pb2.ENGINE_UNSPECIFIED, *ENGINE_NAMES):
        v.add(f"{path}.engine", f"unknown engine {limits.engine}")
    strength = limits.strength or FULL_STRENGTH
    if not 1 <= strength <= FULL_STRENGTH:
        v.add(f"{path}.strength", f"must be 1..{FULL_STRENGTH}, got {strength}")
    if limits.num_candidates > MAX_CANDIDATES:
        v.add(f"{path}.num_candidates", f"at most {MAX_CANDIDATES}")
    if limits.max_iterations >= NEGATIVE_UINT64:
        v.add(f"{path}.max_iterations", f"{limits.max_iterations} is a negative number sent as "
                                        "unsigned: give 0 (the default) or a count")
    v.raise_if_any()
    share = levels.level(strength, ladder).share
    clamped = _clamped(limits, config, path)
    iterations: int | None = limits.max_iterations or None
    if iterations is None and not limits.max_time_ms:
        iterations = config.default_iterations
    if iterations is not None:
        iterations = levels.level_iterations(min(iterations, config.max_iterations), strength,
                                             ladder)
    time_ms = min(limits.max_time_ms or config.max_time_ms, config.max_time_ms)
    deadline = None
    if time_remaining is not None:
        margin = min(max(config.deadline_margin_ms / 1000, time_remaining * MARGIN_SHARE),
                     time_remaining / 4)
        deadline = now() + time_remaining - margin
    seed = limits.seed if limits.HasField("seed") else DEFAULT_SEED
    return Budget(
        iterations=iterations,
        time_s=max(0.0, time_ms / 1000 - spent) * share,
        deadline=deadline,
        seed=seed,
        workers=max(1, min(limits.workers or 1, config.processes)),
        candidates=limits.num_candidates or DEFAULT_CANDIDATES,
        strength=strength,
        engine=ENGINE_NAMES.get(limits.engine, config.engine),
        nodes=config.max_tree_nodes,
        model_opponents=limits.model_opponents,
        clamped=clamped,
        ladder=dict(ladder),
    )


def _clamped(limits: common_pb2.Limits, config: ServerConfig, path: str) -> tuple[str, ...]:
    """What the server lowers to its maxima (GetInfo lists them), in words."""
    notes = []
    for name, asked, most in (
        ("max_iterations", limits.max_iterations, config.max_iterations),
        ("max_time_ms", limits.max_time_ms, config.max_time_ms),
        ("workers", limits.workers, config.processes),
    ):
        if asked > most:
            notes.append(f"{path}.{name} {asked} lowered to the server's maximum {most}")
    return tuple(notes)
