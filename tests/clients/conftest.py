"""Real servers on ephemeral localhost ports, and a client of the shared one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from advisor import AdvisorServer, ServerConfig
from clients import AdvisorClient, RetryPolicy

FAST = RetryPolicy(attempts=3, backoff_s=0.01)


def start(**settings: object) -> AdvisorServer:
    """A started in-process server with one search worker (port 0: the OS picks one)."""
    server = AdvisorServer(ServerConfig(port=0, workers=1, grace_s=1.0, **settings))
    server.start()
    return server


@pytest.fixture(scope="session")
def server() -> Iterator[AdvisorServer]:
    running = start()
    yield running
    running.stop(grace=1.0)


@pytest.fixture(scope="session")
def target(server: AdvisorServer) -> str:
    return f"127.0.0.1:{server.port}"


@pytest.fixture
def client(target: str) -> Iterator[AdvisorClient]:
    with AdvisorClient(target, timeout=20.0, retry=FAST) as connected:
        yield connected


@pytest.fixture(autouse=True)
def games_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where `play` saves its game records in a test (never the home directory)."""
    folder = tmp_path / "games"
    monkeypatch.setenv("CARD_ADVISOR_GAMES", str(folder))
    return folder
