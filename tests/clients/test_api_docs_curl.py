"""The curl calls of docs/api.md's HTTP section run against a real HTTP port and print what the
docs show (the rules of test_api_docs.py for grpcurl: "Answer (shortened):" and `contains`).

A `sh` block that calls `localhost:8080` runs whole in bash (so a variable set by one command
serves the next), from the repository root. Every curl fails on an HTTP error status, except
in a block whose documented answer is an error (`code` and `message`), which must fail so.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator

import pytest

from advisor import AdvisorServer, ServerConfig
from advisor.http import HttpGateway
from contract.v1 import advisor_pb2
from tests.clients.test_api_docs import DOC, PLACEHOLDER, ROOT, SH_BLOCK, contains

HTTP = "localhost:8080"
FAIL_ON_ERRORS = 'curl() { command curl --fail-with-body "$@"; }\n'
CURL_EXIT_HTTP_ERROR = 22
RPC = re.compile(r"advisor\.v1\.Advisor/(\w+)")


def blocks() -> list[tuple[str, str | None]]:
    """(curl block, documented answer or None) in the order of docs/api.md."""
    return [(block, answer or None) for block, answer in SH_BLOCK.findall(DOC.read_text())
            if "curl " in block and HTTP in block and not PLACEHOLDER.search(block)]


BLOCKS = blocks()


@pytest.fixture(scope="module")
def http_port(server: AdvisorServer) -> Iterator[int]:
    """An HTTP port onto the shared test server's servicer."""
    service = advisor_pb2.DESCRIPTOR.services_by_name["Advisor"]
    gateway = HttpGateway(server.servicer, service, ServerConfig(http_port=-1, workers=1))
    gateway.start()
    yield gateway.port
    gateway.stop(grace=1.0)


def test_every_rpc_shown_with_grpcurl_is_shown_with_curl() -> None:
    text = DOC.read_text()
    grpcurl = {m for block, _ in SH_BLOCK.findall(text) if "grpcurl" in block
               for m in RPC.findall(block)}
    curl = {m for block, _ in BLOCKS for m in RPC.findall(block)}
    assert grpcurl and grpcurl <= curl, f"no curl example of {sorted(grpcurl - curl)}"


@pytest.mark.parametrize(("block", "answer"), BLOCKS,
                         ids=[" ".join(RPC.findall(b)) or b[:40] for b, _ in BLOCKS])
def test_a_documented_curl_call_prints_what_the_docs_show(
    block: str, answer: str | None, http_port: int
) -> None:
    documented = None if answer is None else json.loads(answer)
    error = isinstance(documented, dict) and {"code", "message"} <= documented.keys()
    script = ("set -euo pipefail\n" + ("" if error else FAIL_ON_ERRORS)
              + block.replace(HTTP, f"127.0.0.1:{http_port}"))
    ran = subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False, stdin=subprocess.DEVNULL)
    assert ran.returncode == 0, f"{ran.stderr}\n{ran.stdout[:2000]}"
    assert '"error"' not in ran.stdout, ran.stdout[-2000:]  # a stream's end has no error
    if documented is not None:
        contains(json.loads(ran.stdout), documented)
