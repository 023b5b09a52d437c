"""Root parallelism: W processes grow independent trees whose root statistics are summed.

Worker 0 runs in the calling process (it reports progress and keeps its tree for reuse); workers
1..W-1 are fresh processes from a `forkserver` (or `spawn`) context, so the game and the
observation must be picklable. Every worker stops at the shared monotonic deadline, on its
share of the iteration budget, or when the shared stop event is set (on cancellation).
"""

from __future__ import annotations

import multiprocessing as mp
import random
import traceback
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from search.config import SearchConfig
from search.core import TreeSearch, result_of
from search.evaluator import AnyEvaluator
from search.game import AnyGame
from search.limits import CancelToken, Limits, StopReason, now
from search.result import RootSummary, SearchResult, build_result, merge, summarize
from search.tree import Node

POLL_SECONDS = 0.005
GRACE_SECONDS = 0.02
"""How long past the end of a timed search a silent worker is waited for before it is
terminated and left out (a worker still starting up has nothing to add by then)."""


def worker_seed(seed: int, index: int) -> int:
    """The seed of worker `index` (worker 0 uses the request seed itself)."""
    if index == 0:
        return seed
    return random.Random(f"worker/{seed}/{index}").getrandbits(63)


def split_iterations(total: int | None, workers: int) -> list[int | None]:
    """Share an iteration budget among workers (None: unbounded for each); no empty share."""
    if total is None:
        return [None] * workers
    workers = min(workers, total)
    return [total // workers + (1 if i < total % workers else 0) for i in range(workers)]


def node_share(nodes: int | None, workers: int) -> int | None:
    """Each worker's part of a node limit (None: no limit)."""
    return None if nodes is None else max(1, nodes // workers)


def process_context() -> Any:
    """`forkserver` where the platform has it, else `spawn` (never plain `fork`)."""
    if "forkserver" in mp.get_all_start_methods():
        return mp.get_context("forkserver")
    return mp.get_context("spawn")


def _work(
    conn: Connection,
    game: AnyGame,
    evaluator: AnyEvaluator,
    observation: Any,
    config: SearchConfig,
    seed: int,
    iterations: int | None,
    end: float | None,
    end_reason: StopReason,
    stop: CancelToken,
    nodes: int | None,
) -> None:
    """Body of a worker process: search, then send a `RootSummary` (or the error) home."""
    try:
        search = TreeSearch(game, evaluator, lambda rng: game.sample(observation, rng), config,
                            random.Random(seed))
        reason = search.run(iterations, end, end_reason, stop, nodes=nodes)
        summary = summarize(search.root, search.player, search.iterations, search.nodes, reason)
        conn.send(("ok", summary))
    except BaseException:
        conn.send(("error", traceback.format_exc()))
    finally:
        conn.close()


def _collect(
    index: int,
    proc: BaseProcess,
    conn: Connection,
    stop: Any,
    cancel: CancelToken | None,
    end: float | None,
) -> RootSummary | None:
    """Wait for one worker's summary, relaying cancellation; None if it had to be terminated."""
    while not conn.poll(POLL_SECONDS):
        t = now()
        if (cancel is not None and cancel.is_set()) or (end is not None and t >= end):
            stop.set()
        if end is not None and t >= end + GRACE_SECONDS:
            proc.terminate()
            return None
        if not proc.is_alive() and not conn.poll():
            raise RuntimeError(f"search worker {index} died (exit code {proc.exitcode})")
    try:
        status, payload = conn.recv()
    except EOFError as exc:
        raise RuntimeError(f"search worker {index} died (exit code {proc.exitcode})") from exc
    if status != "ok":
        raise RuntimeError(f"search worker {index} failed:\n{payload}")
    summary: RootSummary = payload
    return summary


def search_parallel(
    game: AnyGame,
    evaluator: AnyEvaluator,
    observation: Any,
    limits: Limits,
    config: SearchConfig,
    *,
    seed: int,
    start: float,
    tree: Node | None = None,
) -> SearchResult:
    """Root-parallel ISMCTS with `config.workers` trees; see the module docstring."""
    shares = split_iterations(limits.iterations, config.workers)
    workers = len(shares)
    nodes = node_share(limits.nodes, workers)
    end, end_reason = limits.end(start)
    ctx = process_context()
    stop = ctx.Event()
    procs: list[tuple[BaseProcess, Connection]] = []
    try:
        for index in range(1, workers):
            receiver, sender = ctx.Pipe(duplex=False)
            proc = ctx.Process(
                target=_work,
                args=(sender, game, evaluator, observation, config, worker_seed(seed, index),
                      shares[index], end, end_reason, stop, nodes),
                name=f"ismcts-worker-{index}",
                daemon=True,
            )
            proc.start()
            sender.close()
            procs.append((proc, receiver))

        search = TreeSearch(game, evaluator, lambda rng: game.sample(observation, rng), config,
                            random.Random(seed), tree)
        on_progress = limits.on_progress

        def report(s: TreeSearch) -> None:
            if on_progress is not None:
                on_progress(result_of(s, "running", seed=seed, start=start, workers=workers))

        reason = search.run(
            shares[0], end, end_reason, limits.cancel,
            report if on_progress is not None else None, limits.progress_ms, nodes,
        )
        if reason == "cancelled":
            stop.set()
        summaries = [
            summarize(search.root, search.player, search.iterations, search.nodes, reason)
        ]
        for index, (proc, receiver) in enumerate(procs, start=1):
            summary = _collect(index, proc, receiver, stop, limits.cancel, end)
            if summary is not None:
                summaries.append(summary)
    finally:
        stop.set()
        for proc, receiver in procs:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join()
            receiver.close()
    return build_result(
        merge(summaries), seed=seed, elapsed=now() - start, workers=workers, tree=search.root,
    )
