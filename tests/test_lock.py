"""uv.lock, the one lock of the development, test and CI environment, agrees with pyproject.toml,
with the environment the tests run in, and with what the generated code demands."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from contract.generate import OUT_DIR

ROOT = Path(__file__).resolve().parents[1]
CLIENT_PYPROJECT = ROOT / "clients" / "python" / "pyproject.toml"
RELOCK = "pyproject.toml and uv.lock disagree: run `make lock` (then `make test`)"

Requirements = set[tuple[str, str, str, str]]


def _toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as file:
        return tomllib.load(file)


def _normal(name: str, specifier: str, marker: str,
            extras: list[str]) -> tuple[str, str, str, str]:
    return (canonicalize_name(name), str(SpecifierSet(specifier)),
            str(Marker(marker)) if marker else "", ",".join(sorted(extras)))


def asked(pyproject: dict[str, Any]) -> Requirements:
    """Every requirement pyproject.toml's [project] states, an extra's marked with its extra."""
    project = pyproject["project"]
    texts = [(text, "") for text in project["dependencies"]]
    for extra, extra_texts in project.get("optional-dependencies", {}).items():
        texts += [(text, extra) for text in extra_texts]
    found: Requirements = set()
    for text, extra in texts:
        requirement = Requirement(text)
        markers = [f"({requirement.marker})"] if requirement.marker else []
        markers += [f"extra == '{extra}'"] if extra else []
        found.add(_normal(requirement.name, str(requirement.specifier), " and ".join(markers),
                          sorted(requirement.extras)))
    return found


def recorded(lock: dict[str, Any], name: str) -> Requirements:
    """The requirements of project `name` that uv.lock was resolved for."""
    (package,) = [p for p in lock["package"] if p["name"] == name]
    return {_normal(r["name"], r.get("specifier", ""), r.get("marker", ""), r.get("extras", []))
            for r in package["metadata"]["requires-dist"]}


def disagreements(pyproject: dict[str, Any], lock: dict[str, Any]) -> list[str]:
    """What pyproject.toml asks that uv.lock was not resolved for, and the reverse."""
    name = canonicalize_name(pyproject["project"]["name"])
    wanted, locked = asked(pyproject), recorded(lock, name)
    found = [f"only in pyproject.toml: {r}" for r in sorted(wanted - locked)]
    found += [f"only in uv.lock: {r}" for r in sorted(locked - wanted)]
    if pyproject["project"]["requires-python"] != lock["requires-python"]:
        found.append("requires-python differs")
    constraints = {str(Requirement(t)) for t in
                   pyproject.get("tool", {}).get("uv", {}).get("build-constraint-dependencies", [])}
    locked_constraints = {f"{c['name']}{c['specifier']}"
                          for c in lock.get("manifest", {}).get("build-constraints", [])}
    if constraints != locked_constraints:
        found.append(f"build constraints {sorted(constraints)} != {sorted(locked_constraints)}")
    return found


def _locked_versions(lock: dict[str, Any]) -> dict[str, set[str]]:
    versions: dict[str, set[str]] = {}
    for package in lock["package"]:
        versions.setdefault(canonicalize_name(package["name"]), set()).add(package["version"])
    return versions


def test_the_lock_was_resolved_for_what_pyproject_asks() -> None:
    problems = disagreements(_toml(ROOT / "pyproject.toml"), _toml(ROOT / "uv.lock"))
    assert problems == [], f"{RELOCK}: {problems}"


@pytest.mark.parametrize("change", ["add", "widen", "extra", "constraint"])
def test_a_dependency_changed_without_relocking_is_caught(change: str) -> None:
    pyproject, lock = _toml(ROOT / "pyproject.toml"), _toml(ROOT / "uv.lock")
    project = pyproject["project"]
    if change == "add":
        project["dependencies"].append("six>=1.16")
    elif change == "widen":
        project["dependencies"] = [re.sub(r"^numpy>=.*", "numpy>=1.20", text)
                                   for text in project["dependencies"]]
    elif change == "extra":
        project["optional-dependencies"]["docs"] = ["sphinx>=7"]
    else:
        pyproject["tool"]["uv"]["build-constraint-dependencies"] = ["setuptools==70.0.0"]
    assert disagreements(pyproject, lock) != []


def test_the_environment_holds_the_locked_versions() -> None:
    """Every installed distribution the lock names is at a locked version (`make` syncs it)."""
    versions = _locked_versions(_toml(ROOT / "uv.lock"))
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    assert {"grpcio-tools", "numba", "pytest"} <= installed.keys()
    off = {name: (version, sorted(versions[name])) for name, version in installed.items()
           if name in versions and version not in versions[name]}
    assert off == {}, f"the environment is not the lock's: run `make test` (it syncs): {off}"


def test_the_generators_are_locked_exactly() -> None:
    dev = asked(_toml(ROOT / "pyproject.toml"))
    pins = {name: specifier for name, specifier, marker, _ in dev if "dev" in marker}
    for generator in ("grpcio-tools", "protoc-gen-connectrpc"):
        assert pins[generator].startswith("=="), f"{generator} is not pinned exactly"
    typescript = json.loads((ROOT / "clients" / "typescript" / "package.json").read_text())
    for generator in ("@bufbuild/buf", "@bufbuild/protoc-gen-es"):
        Version(typescript["devDependencies"][generator])  # an exact version, not a range


def _floor(specifier: SpecifierSet) -> Version | None:
    floors = [Version(s.version) for s in specifier if s.operator in (">=", "==", "~=")]
    return max(floors, default=None)


def _generated_versions() -> dict[str, Version]:
    """What the committed generated code demands at import: grpcio and the protobuf runtime."""
    grpc_source = (OUT_DIR / "advisor_pb2_grpc.py").read_text()
    grpc = re.search(r"^GRPC_GENERATED_VERSION = '([^']+)'", grpc_source, re.MULTILINE)
    protobuf = re.search(r"ValidateProtobufRuntimeVersion\(\s*_runtime_version\.Domain\.PUBLIC,"
                         r"\s*(\d+),\s*(\d+),\s*(\d+),", (OUT_DIR / "advisor_pb2.py").read_text())
    assert grpc is not None and protobuf is not None
    return {"grpcio": Version(grpc.group(1)), "protobuf": Version(".".join(protobuf.groups()))}


@pytest.mark.parametrize("pyproject", [ROOT / "pyproject.toml", CLIENT_PYPROJECT],
                         ids=["service", "client"])
def test_the_floors_admit_no_runtime_the_generated_code_refuses(pyproject: Path) -> None:
    ranges: dict[str, SpecifierSet] = {canonicalize_name(r.name): r.specifier for r in
              map(Requirement, _toml(pyproject)["project"]["dependencies"])}
    for name, generated in _generated_versions().items():
        floor = _floor(ranges[name])
        assert floor is not None and floor >= generated, (
            f"{pyproject.relative_to(ROOT)}: {name} {ranges[name]} admits versions below "
            f"{generated}, which contract/v1 needs: raise the floor (then `make lock`)")


def test_one_uv_version_everywhere() -> None:
    required = _toml(ROOT / "pyproject.toml")["tool"]["uv"]["required-version"]
    makefile = re.search(r"^UV_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    dockerfile = re.search(r"\buv==(\S+)", (ROOT / "deploy" / "Dockerfile").read_text())
    assert makefile is not None and dockerfile is not None
    assert required == f"=={makefile.group(1)}" == f"=={dockerfile.group(1)}"


def test_sources_build_with_the_locked_setuptools() -> None:
    constraints = _toml(ROOT / "pyproject.toml")["tool"]["uv"]["build-constraint-dependencies"]
    locked = _locked_versions(_toml(ROOT / "uv.lock"))["setuptools"]
    assert [f"setuptools=={v}" for v in sorted(locked)] == constraints
