"""Where games run: in this process, on local worker processes, or on Ray.

Every executor yields records in completion order; a game's record depends only on its task,
so the set of records is the same whichever executor (and however many workers) played them.
Closing the iterator early (e.g. when an SPRT has decided, or on Ctrl-C) stops the outstanding
games; local workers ignore Ctrl-C, which the process that started them handles.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from clients.arena.record import GameRecord, GameTask
from clients.arena.referee import play


@dataclass(frozen=True)
class Executor:
    """`processes` local workers (1 plays in this process), or Ray when `ray` is set.

    `ray_address` is None for a local Ray instance, or `auto`/`ray://host:port` to join a cluster.
    """

    processes: int = 0  # 0: one per core
    ray: bool = False
    ray_address: str | None = None

    @property
    def workers(self) -> int:
        return self.processes or os.cpu_count() or 1

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        """The records of `tasks`, as games finish."""
        if self.ray:
            return _run_ray(tasks, self.ray_address)
        if self.workers == 1 or len(tasks) <= 1:
            return (play(task) for task in tasks)
        return _run_processes(tasks, self.workers)


def _run_processes(tasks: Sequence[GameTask], workers: int) -> Iterator[GameRecord]:
    pool = multiprocessing.get_context().Pool(min(workers, len(tasks)), _leave_signals_to_parent)
    try:
        yield from pool.imap_unordered(play, tasks, chunksize=1)
    finally:
        pool.terminate()
        pool.join()


def _leave_signals_to_parent() -> None:
    """A worker ignores Ctrl-C and ends quietly when its pool terminates it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as err:
        raise RuntimeError(
            "--ray needs Ray: pip install 'card-advisor[ray]' (or pip install ray)"
        ) from err
    return ray


def _run_ray(tasks: Sequence[GameTask], address: str | None) -> Iterator[GameRecord]:
    ray = _import_ray()
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    remote_play = ray.remote(play)
    pending = [remote_play.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
