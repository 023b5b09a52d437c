"""The pool of search worker processes, with per-job cancellation and progress reports.

Processes come from a `forkserver` (never a plain fork of the threaded gRPC server). Every job
holds one cancellation slot (a flag in shared memory) from submission until it finishes, and a
reader thread hands each progress message to the listener of the job that sent it.
"""

from __future__ import annotations

import ctypes
import itertools
import multiprocessing as mp
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from advisor import work

Listener = Callable[[bytes], None]


class PoolBusy(Exception):
    """Every cancellation slot is taken."""


class WorkerCrashed(Exception):
    """A worker process died during the job; the pool was replaced."""


class Job:
    """One submitted job: cancel it from any thread."""

    def __init__(self, pool: SearchPool, slot: int, job_id: int):
        self._pool = pool
        self.slot = slot
        self.id = job_id
        self.running = True

    def cancel(self) -> None:
        """Ask the worker to stop searching and answer with what it has; once the job has
        finished, nothing (its slot may already be another job's)."""
        self._pool.cancel(self)


class SearchPool:
    """`processes` workers and `slots` concurrent jobs at most."""

    def __init__(self, processes: int, slots: int,
                 on_replace: Callable[[], None] = lambda: None):
        self._ctx = mp.get_context("forkserver")
        self.processes = processes
        self._on_replace = on_replace
        self.flags: Any = self._ctx.Array(ctypes.c_bool, slots, lock=False)
        self._progress: Any = self._ctx.Queue()
        self._free = list(range(slots))
        self._ids = itertools.count(1)
        self._listeners: dict[int, Listener] = {}
        self._lock = threading.Lock()
        self._executor = self._new_executor()
        self._reader = threading.Thread(target=self._read, name="progress-reader", daemon=True)
        self._reader.start()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes,
            mp_context=self._ctx,
            initializer=work.init_worker,
            initargs=(self.flags, self._progress),
        )

    def warm(self, starting: Callable[[int, str], None] = lambda worker, step: None) -> None:
        """Start every worker process now rather than on the first requests, and have each
        compile (or load) the kernels; `starting(worker, step)` as worker 1, 2, ... starts
        each step (best effort: a report still on its way when the worker finishes is dropped)."""
        def listener(worker: int) -> Listener:
            return lambda data: starting(worker, data.decode())

        jobs = [
            self.submit(work.warm, listener=listener(n)) for n in range(1, self.processes + 1)
        ]
        for _, future in jobs:
            self.result(future)

    def submit(
        self, fn: Callable[..., bytes], *args: Any, listener: Listener | None = None
    ) -> tuple[Job, Future[bytes]]:
        """Start `fn(*args, [job_id,] slot)` in a worker; the job id is passed (and progress
        messages reach `listener`) only with a listener. Raises PoolBusy or WorkerCrashed."""
        job = self._acquire()
        if listener is not None:
            self._listeners[job.id] = listener
        extra = (job.id, job.slot) if listener is not None else (job.slot,)
        executor = self._executor
        try:
            future = executor.submit(fn, *args, *extra)
        except (BrokenProcessPool, RuntimeError):
            self._finish(job)
            self._replace(executor)
            raise WorkerCrashed("the search pool was broken; it has been restarted") from None
        future.add_done_callback(lambda f: self._done(job, executor, f))
        return job, future

    def cancel(self, job: Job) -> None:
        """Set `job`'s cancellation flag if the job still holds its slot."""
        with self._lock:
            if job.running:
                self.flags[job.slot] = True

    def _finish(self, job: Job) -> None:
        self._listeners.pop(job.id, None)
        with self._lock:
            job.running = False
            self._free.append(job.slot)

    def _done(self, job: Job, executor: ProcessPoolExecutor, future: Future[bytes]) -> None:
        self._finish(job)
        if not future.cancelled() and isinstance(future.exception(), BrokenProcessPool):
            self._replace(executor)

    def _acquire(self) -> Job:
        with self._lock:
            if not self._free:
                raise PoolBusy("all search slots are in use")
            slot = self._free.pop()
        self.flags[slot] = False
        return Job(self, slot, next(self._ids))

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)
        self._on_replace()

    def _read(self) -> None:
        while True:
            item = self._progress.get()
            if item is None:
                return
            job_id, data = item
            listener = self._listeners.get(job_id)
            if listener is not None:
                listener(data)

    @staticmethod
    def result(future: Future[bytes], timeout: float | None = None) -> bytes:
        """The job's bytes; WorkerCrashed if its process died."""
        try:
            return future.result(timeout)
        except BrokenProcessPool:
            raise WorkerCrashed("a search worker process died; the pool was restarted") from None

    def shutdown(self) -> None:
        """Stop every job and process."""
        for slot in range(len(self.flags)):
            self.flags[slot] = True
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._progress.put(None)
        self._reader.join(timeout=5)
