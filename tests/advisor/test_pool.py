"""The search pool's cancellation: a job's cancel reaches that job and no other."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import Future

import pytest

from advisor import work
from advisor.pool import SearchPool


def until_cancelled(slot: int) -> bytes:
    """A worker's job that runs until its slot's flag is set."""
    while not work._flags[slot]:
        threading.Event().wait(0.001)
    return b"cancelled"


@pytest.fixture
def pool() -> Iterator[SearchPool]:
    """One process and one slot, so every job takes the slot the last one left."""
    pool = SearchPool(processes=1, slots=1)
    try:
        yield pool
    finally:
        pool.shutdown()


def finished(future: Future[bytes]) -> threading.Event:
    """Set once the pool's own bookkeeping for `future` has run (its callback comes first)."""
    event = threading.Event()
    future.add_done_callback(lambda _: event.set())
    return event


def test_a_finished_job_s_late_cancel_leaves_the_next_job_of_its_slot_running(
    pool: SearchPool,
) -> None:
    first, first_future = pool.submit(until_cancelled)
    first.cancel()
    assert pool.result(first_future) == b"cancelled"
    finished(first_future).wait()

    second, second_future = pool.submit(until_cancelled)
    assert second.slot == first.slot
    first.cancel()  # a call's end reported after its job finished (gRPC runs callbacks late)
    assert not pool.flags[second.slot]

    second.cancel()
    assert pool.result(second_future) == b"cancelled"
