"""The client-only distribution (`clients/python`): built from this checkout, installed into a
fresh virtual environment that has gRPC and protobuf but no numba, numpy or server, it imports
as `card_advisor_client` and talks to a real server."""

from __future__ import annotations

import re
import subprocess
import sys
import venv
from importlib import metadata
from pathlib import Path

DISTRIBUTION = Path(__file__).parents[2] / "clients" / "python"
NAME = re.compile(r"^[A-Za-z0-9._-]+")
USE = """
import importlib.util, sys
for name in ("numpy", "numba", "clients", "contract", "advisor", "games", "search"):
    assert importlib.util.find_spec(name) is None, f"{name} is importable"
from card_advisor_client import AdvisorClient, Limits
with AdvisorClient(sys.argv[1]) as advisor:
    state = advisor.new_game(2, seed=1)
    observation = advisor.observe(state, seat=0).observation
    answer = advisor.suggest_move(observation, Limits(iterations=24, seed=7))
    print(answer.best_move.notation)
"""


def _site_packages(environment: Path) -> Path:
    found = list(environment.glob("lib/python3*/site-packages"))
    assert len(found) == 1
    return found[0]


def _needed(requires: list[str]) -> set[str]:
    """The distributions `requires` names, and theirs, and so on (extras left out)."""
    needed: set[str] = set()
    waiting = list(requires)
    while waiting:
        requirement = waiting.pop()
        match = NAME.match(requirement)
        if match is None or "extra ==" in requirement or match.group(0) in needed:
            continue
        needed.add(match.group(0))
        waiting.extend(metadata.requires(match.group(0)) or ())
    return needed


def _expose(names: set[str], into: Path, links: Path) -> None:
    """A .pth in the fresh environment naming a folder of links to the top-level packages of
    the distributions `names` (installed here already: no download, nothing else comes along)."""
    links.mkdir()
    for name in names:
        distribution = metadata.distribution(name)
        for top in {Path(f).parts[0] for f in distribution.files or () if ".." not in f.parts}:
            source = Path(str(distribution.locate_file(top)))
            if source.exists() and not (links / top).exists():
                (links / top).symlink_to(source)
    (into / "dependencies.pth").write_text(f"{links}\n")


def test_the_client_installs_alone_and_talks_to_the_server(tmp_path: Path, target: str) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", str(DISTRIBUTION), "-w", str(wheels)], check=True)
    (wheel,) = wheels.glob("card_advisor_client-*.whl")
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=False)
    python = environment / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(wheel)], check=True)
    requires = metadata.Distribution.at(
        next(_site_packages(environment).glob("card_advisor_client-*.dist-info"))
    ).requires or []
    assert sorted(r.split(">")[0] for r in requires) == ["grpcio", "grpcio-status", "protobuf"]
    _expose(_needed(requires), _site_packages(environment), tmp_path / "dependencies")
    used = subprocess.run([str(python), "-c", USE, target], capture_output=True, text=True,
                          cwd=tmp_path)
    assert used.returncode == 0, used.stderr
    assert used.stdout.strip().split(":")[0] in {"take", "take2", "reserve", "blind"}
