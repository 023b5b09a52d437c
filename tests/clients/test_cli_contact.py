"""The CLI at first contact: Ctrl-C stops any command quietly with status 130, and a failed
call says what to do (start the server, use TLS, wait, pass the token)."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import grpc
import pytest

from advisor import AdvisorServer
from clients.cli import main

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "observation.json"
CLI = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
       "from clients.cli import main; sys.exit(main(sys.argv[1:]))")
"""The CLI with Ctrl-C raising KeyboardInterrupt even when the test runs with SIGINT ignored."""
LONG = ["--time-ms", "60000", "--seed", "1"]


def cli(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CLI, *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture
def searching(server: AdvisorServer, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Set once the server starts a search job (the session server's pool, spied on)."""
    started = threading.Event()
    submit = server.pool.submit

    def spy(*args: Any, **kwargs: Any) -> Any:
        started.set()
        return submit(*args, **kwargs)

    monkeypatch.setattr(server.pool, "submit", spy)
    return started


def interrupted(process: subprocess.Popen[str]) -> str:
    """SIGINT to the CLI; its stderr once it exited with 130 (no traceback)."""
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "stopped (Ctrl-C)" in err
    return err


@pytest.mark.parametrize("command", [
    ["suggest", str(EXAMPLE), *LONG],
    ["evaluate", str(EXAMPLE), "--move", "take:YPB", *LONG],
    ["play", "--seats", "bot,bot", *LONG],
])
def test_ctrl_c_while_the_server_searches_stops_with_130(
    command: list[str], target: str, searching: threading.Event
) -> None:
    process = cli(*command, "--server", target)
    try:
        assert searching.wait(timeout=120), "the search never started"
        interrupted(process)
    finally:
        process.kill()
        process.communicate()


def test_ctrl_c_at_the_play_prompt_stops_with_130(target: str) -> None:
    process = cli("play", "--seats", "human,bot", "--seed", "1", "--server", target)
    try:
        assert process.stdout is not None
        seen = ""
        while not seen.endswith("seat 0> "):
            char = process.stdout.read(1)
            assert char, "the CLI ended before its prompt"
            seen += char
        interrupted(process)
    finally:
        process.kill()
        process.communicate()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def test_connection_options_may_come_before_the_command(
    capsys: pytest.CaptureFixture[str], target: str
) -> None:
    code = main(["--server", target, "--timeout", "30", "info"])
    assert code == 0 and "game splendor_marvel" in capsys.readouterr().out


def test_an_illegal_move_to_evaluate_says_why_as_play_does(
    capsys: pytest.CaptureFixture[str], target: str
) -> None:
    code, err = run(capsys, "evaluate", str(EXAMPLE), "--move", "recruit:89", "--server", target)
    assert code == 1
    assert "recruit:89 is illegal: you cannot afford" in err and "token(s) short" in err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_no_server_at_the_address_says_how_to_start_one(
    capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{_free_port()}"
    code, err = run(capsys, "info", "--server", address)
    assert code == 1 and "Traceback" not in err
    assert err.strip() == (f"error: cannot reach the advisor at {address}: is it running? "
                           "start it with `make run`, or pass --server HOST:PORT")


@pytest.fixture
def bare_server() -> Iterator[Callable[..., str]]:
    """Starts a gRPC server with no Advisor (TLS, or one answering every call with a code);
    returns its address."""
    servers: list[grpc.Server] = []

    def start(tls: tuple[bytes, bytes] | None = None,
              code: grpc.StatusCode | None = None) -> str:
        server = grpc.server(ThreadPoolExecutor(2))
        if code is not None:
            server.add_generic_rpc_handlers([_Refusing(code)])
        if tls is None:
            port = server.add_insecure_port("127.0.0.1:0")
        else:
            port = server.add_secure_port("127.0.0.1:0", grpc.ssl_server_credentials([tls]))
        server.start()
        servers.append(server)
        return f"127.0.0.1:{port}"

    yield start
    for server in servers:
        server.stop(0)


class _Refusing(grpc.GenericRpcHandler):
    def __init__(self, code: grpc.StatusCode):
        self.code = code

    def service(self, details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        def refuse(request: bytes, context: grpc.ServicerContext) -> bytes:
            context.abort(self.code, "all search slots are in use")

        return grpc.unary_unary_rpc_method_handler(refuse)


def test_a_plain_call_to_a_tls_server_suggests_tls(
    capsys: pytest.CaptureFixture[str], bare_server: Callable[..., str], tmp_path: Path
) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("needs openssl for a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
        capture_output=True, check=True,
    )
    address = bare_server(tls=(key.read_bytes(), cert.read_bytes()))
    code, err = run(capsys, "info", "--server", address)
    assert code == 1
    assert err.strip() == (f"error: the server at {address} closed the connection: "
                           "it may require TLS, try --tls")


def test_a_busy_server_says_so(
    capsys: pytest.CaptureFixture[str], bare_server: Callable[..., str]
) -> None:
    address = bare_server(code=grpc.StatusCode.RESOURCE_EXHAUSTED)
    code, err = run(capsys, "info", "--server", address)
    assert code == 1
    assert err.startswith("error: the server is busy, try again (all search slots are in use)")
