"""deploy/ agrees with the server: ports, probes, flags and the health check.

No container engine runs here, so the Dockerfile and the Kubernetes manifests are read as text
and JSON, and every server command line in them is parsed by `python -m advisor serve`'s own
parser.
"""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from advisor.config import ServerConfig, add_arguments, from_arguments

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def _serve(argv: list[str]) -> ServerConfig:
    """The settings `python -m advisor` would serve with (argv starts with `serve`)."""
    assert argv[0] == "serve", argv
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return from_arguments(parser.parse_args(argv[1:]))


def _instructions() -> dict[str, list[str]]:
    """Each Dockerfile instruction's arguments (continuation lines joined), by keyword."""
    text = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            keyword, _, rest = line.strip().partition(" ")
            found.setdefault(keyword.upper(), []).append(rest.strip())
    return found


def _exec_form(text: str) -> list[str]:
    words: list[str] = json.loads(text)
    return words


def _manifests() -> dict[str, dict[str, Any]]:
    listing = json.loads((DEPLOY / "kubernetes" / "advisor.json").read_text())
    return {item["kind"]: item for item in listing["items"]}


def test_the_image_serves_on_the_port_it_exposes_as_a_user_that_is_not_root() -> None:
    steps = _instructions()
    (entrypoint,) = steps["ENTRYPOINT"]
    (command,) = steps["CMD"]
    assert _exec_form(entrypoint) == ["python", "-m", "advisor"]
    config = _serve(_exec_form(command))
    assert steps["EXPOSE"] == [str(config.port)]
    assert config.host == "0.0.0.0"
    (user,) = steps["USER"]
    assert user not in ("root", "0")


def test_the_image_compiles_the_kernels_as_its_user_and_checks_health_over_grpc() -> None:
    steps = _instructions()
    text = (DEPLOY / "Dockerfile").read_text()
    assert "python -m advisor warm" in steps["RUN"]
    assert text.index("USER ") < text.index("RUN python -m advisor warm")
    assert any(env.startswith("NUMBA_CACHE_DIR=") for env in shlex.split(" ".join(steps["ENV"])))
    (check,) = steps["HEALTHCHECK"]
    probe = _exec_form(check.split("CMD", 1)[1].strip())
    assert probe[:2] == ["python", "deploy/health_check.py"]
    port = probe[probe.index("--port") + 1]
    assert steps["EXPOSE"] == [port]
    copied = [line.split()[0] for line in steps["COPY"]]
    assert "deploy/health_check.py" in copied


def test_the_deployment_probes_and_exposes_the_port_its_servers_listen_on() -> None:
    deployment = _manifests()["Deployment"]
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    config = _serve(container["args"])
    (port,) = container["ports"]
    assert port["containerPort"] == config.port and port["name"] == "grpc"
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["grpc"] == {"port": config.port}, probe
    grace = deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    assert grace > config.grace_s  # in-flight calls finish before Kubernetes kills the pod
    assert deployment["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True


def test_the_resource_requests_fit_the_workers_and_the_measured_memory() -> None:
    (container,) = _manifests()["Deployment"]["spec"]["template"]["spec"]["containers"]
    config = _serve(container["args"])
    requests = container["resources"]["requests"]
    assert float(requests["cpu"]) >= config.workers
    mebibytes = int(requests["memory"].removesuffix("Mi"))
    assert mebibytes >= 700  # benchmarks/SOAK.md: about 640 MB for a server and 2 workers
    assert container["resources"]["limits"]["memory"].endswith("Gi")


def test_the_service_is_headless_for_client_side_balancing() -> None:
    manifests = _manifests()
    service, deployment = manifests["Service"], manifests["Deployment"]
    assert service["spec"]["clusterIP"] == "None"
    assert service["spec"]["selector"] == deployment["spec"]["selector"]["matchLabels"]
    (port,) = service["spec"]["ports"]
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    assert port["targetPort"] == container["ports"][0]["name"]
    assert port["port"] == _serve(container["args"]).port


@pytest.mark.parametrize("argv", [["serve", "--prot", "1"], ["serve", "--workers", "x"]])
def test_a_wrong_flag_in_a_manifest_would_be_caught(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        _serve(argv)
