"""Search results as messages: candidates, statistics, grades."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from advisor import coaching
from advisor.adapters import GameAdapter
from contract.v1 import common_pb2
from search import SearchResult

DEFAULT_PV_LENGTH = 8

def candidates(
    adapter: GameAdapter,
    observation: Any,
    result: SearchResult,
    limit: int,
    pv_length: int = DEFAULT_PV_LENGTH,
) -> list[common_pb2.Candidate]:
    """The `limit` best candidates, each with its principal variation (all replayed in the one
    world `pv_moves` samples: sampled once, as a Challengers! world costs milliseconds)."""
    engine = adapter.engine
    rng = random.Random(f"pv/{result.stats.seed}")
    world = engine.sample(observation, rng)
    drawn = rng.getstate()
    shown = []
    for rank, c in enumerate(result.candidates[:limit], start=1):
        rng.setstate(drawn)
        shown.append(common_pb2.Candidate(
            move=adapter.move_message(c.action, c.player),
            rank=rank,
            visits=c.visits,
            win_probability=c.values,
            prior=c.prior,
            lcb=c.lcb,
            ucb=coaching.interval(c)[1],
            tied_with_best=coaching.tied(c, result.best),
            pv=_replayed(adapter, engine.clone(world), c.pv[:pv_length], rng),
        ))
    return shown


def pv_moves(
    adapter: GameAdapter, observation: Any, pv: Sequence[Any], seed: int
) -> list[common_pb2.Move]:
    """A principal variation replayed in one sampled world to learn who makes each move; it
    stops early where a move is not legal in that world (it was searched in others)."""
    rng = random.Random(f"pv/{seed}")
    return _replayed(adapter, adapter.engine.sample(observation, rng), pv, rng)


def _replayed(
    adapter: GameAdapter, world: Any, pv: Sequence[Any], rng: random.Random
) -> list[common_pb2.Move]:
    """`pv` as move messages, applied to `world` while each move is legal there."""
    engine = adapter.engine
    out = []
    for action in pv:
        if engine.is_terminal(world) or action not in engine.legal_actions(world):
            break
        out.append(adapter.move_message(action, engine.current_player(world)))
        engine.apply(world, action, rng)
    return out


def stats(result: SearchResult, clamped: Sequence[str] = ()) -> common_pb2.SearchStats:
    """The statistics message of a result (and the limits the server lowered for it)."""
    s = result.stats
    return common_pb2.SearchStats(
        clamped=clamped,
        iterations=s.iterations,
        nodes=s.nodes,
        elapsed_ms=s.elapsed * 1000,
        worlds_sampled=s.worlds,
        workers=s.workers,
        seed=s.seed,
        stopped_by=s.stopped_by,
        engine=s.engine,
    )
