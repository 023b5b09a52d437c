"""The play route's table threads (advisor/play_route.py): work whose request ends early is
stopped, whether the client left or the request's task was cancelled."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from advisor.play import Errand, Tables
from advisor.play_route import PlayRoute
from advisor.play_store import GameStore


def _never_called(*_: Any) -> Any:
    raise AssertionError("the route's own action runs no RPC here")


def test_a_cancelled_request_stops_the_work_it_started() -> None:
    route = PlayRoute(Tables(_never_called, 100, GameStore(":memory:")), workers=1)
    started, stopped, returned = threading.Event(), threading.Event(), threading.Event()

    def action(body: dict[str, Any], errand: Errand) -> dict[str, Any]:
        with errand.running(stopped.set):
            started.set()
            stopped.wait(120)  # until the route stops it (the bound only ends a broken run)
        returned.set()
        return {}

    async def client_stays(*_: Any) -> dict[str, Any]:
        await asyncio.Event().wait()  # no disconnect ever comes
        return {}

    async def scenario() -> Errand:
        errand = Errand("198.51.100.4")
        request = asyncio.ensure_future(route._work(action, {}, errand, client_stays))
        await asyncio.get_running_loop().run_in_executor(None, started.wait)
        request.cancel()
        with pytest.raises(asyncio.CancelledError):
            await request
        return errand

    try:
        errand = asyncio.run(scenario())
        assert returned.wait(120)
        assert errand.left and stopped.is_set()
    finally:
        stopped.set()
        route.close()
