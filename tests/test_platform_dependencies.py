"""The dependencies in pyproject.toml install from wheels on Windows and macOS.

pip resolves them here as it would there (``--platform``, ``--python-version``,
``--only-binary=:all:``, a dry run with a report), so a player on Windows or
a Mac, who has no compiler, never builds a package from source. pip
evaluates environment markers for the machine it runs on, not for
``--platform``: this test evaluates them for the target itself, for the
project's own dependencies and for those of every package resolved (so
accessible-output2's own dependencies are resolved too), and resolves
again until nothing is missing. It needs the Python Package Index (or the
machine's own pip index); pip's cache keeps a repeated run to a few seconds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: pip's own copy of the same parser
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# What the markers see on each target (PEP 508 names), for CPython.
TARGETS = {
    "win_amd64": {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt", "platform_machine": "AMD64"},
    "macosx_11_0_arm64": {
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "os_name": "posix",
        "platform_machine": "arm64",
    },
    "macosx_10_13_x86_64": {
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "os_name": "posix",
        "platform_machine": "x86_64",
    },
}


pytestmark = pytest.mark.e2e  # pip resolving every platform's wheels


def environment(platform: str, python: str) -> dict:
    """The marker environment of CPython ``python`` (such as "3.11") on pip's ``platform`` tag."""
    return {
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "python_version": python,
        "python_full_version": python + ".0",
        "implementation_version": python + ".0",
        "platform_release": "",
        "platform_version": "",
        "extra": "",
        **TARGETS[platform],
    }


def project_requirements(groups: tuple = ("dependencies",)) -> list:
    """The requirements of pyproject.toml: the dependencies, and the optional groups named."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"]) if "dependencies" in groups else []
    for group in groups:
        if group != "dependencies":
            lines += project["optional-dependencies"][group]
    return [Requirement(line) for line in lines]


def applies(requirement: Requirement, env: dict) -> bool:
    return requirement.marker is None or requirement.marker.evaluate(env)


def without_marker(requirement: Requirement) -> str:
    r = Requirement(str(requirement))
    r.marker = None
    return str(r)


def resolve(platform: str, python: str, requirements: list, tmp_path: Path) -> dict:
    """What pip installs for ``requirements`` on ``platform`` with CPython ``python``:
    {name: (version, file name, its requirements)}; fails the test with pip's last lines
    when it cannot (no wheel, a conflict)."""
    report = tmp_path / f"{platform}-{python}.json"
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet"]
    command += ["--disable-pip-version-check", "--target", str(tmp_path / "unused"), "--report", str(report)]
    command += ["--platform", platform, "--python-version", python, "--only-binary=:all:"]
    command += sorted({without_marker(r) for r in requirements})
    got = subprocess.run(command, capture_output=True, text=True, timeout=600)
    errors = [line for line in got.stderr.splitlines() if line.startswith("ERROR")] or got.stderr.splitlines()[-5:]
    assert got.returncode == 0, f"pip for {platform}, Python {python}: " + "\n".join(errors)
    out = {}
    for item in json.loads(report.read_text())["install"]:
        meta = item["metadata"]
        requires = [Requirement(r) for r in meta.get("requires_dist") or []]
        out[canonicalize_name(meta["name"])] = (
            meta["version"],
            item["download_info"]["url"].rsplit("/", 1)[-1],
            requires,
        )
    return out


def resolve_for(platform: str, python: str, requirements: list, tmp_path: Path) -> dict:
    """:func:`resolve` with the markers of every package evaluated for ``platform`` (pip
    evaluates them for this machine): requirements found missing are added and resolved again."""
    env = environment(platform, python)
    wanted = [r for r in requirements if applies(r, env)]
    for _ in range(5):
        resolved = resolve(platform, python, wanted, tmp_path)
        missing = [
            r
            for _version, _file, requires in resolved.values()
            for r in requires
            if applies(r, env) and canonicalize_name(r.name) not in resolved
        ]
        if not missing:
            return resolved
        wanted += missing
    raise AssertionError(f"the requirements for {platform} kept growing: {[str(r) for r in missing]}")


@pytest.mark.parametrize(
    "platform, python",
    [("win_amd64", "3.11"), ("macosx_11_0_arm64", "3.13"), ("macosx_10_13_x86_64", "3.11")],
)
def test_the_game_installs_from_wheels(platform, python, tmp_path):
    requirements = project_requirements()
    resolved = resolve_for(platform, python, requirements, tmp_path)
    env = environment(platform, python)
    for r in requirements:
        name = canonicalize_name(r.name)
        if applies(r, env):
            assert name in resolved, f"{r} is not installed on {platform}"
            assert resolved[name][1].endswith(".whl")
        else:
            assert name not in resolved, f"{r} is installed on {platform}, though its marker says not"
    assert all(file.endswith(".whl") for _version, file, _requires in resolved.values())
    windows = platform.startswith("win")
    # the platform's own: pywin32 (ours) on Windows; accessible-output2 (with libloader and
    # platform-utils) not on macOS, which speaks with say, nor appscript, its VoiceOver output's
    assert ("pywin32" in resolved) is windows
    assert "appscript" not in resolved
    assert ("accessible-output2" in resolved) is windows
    assert ("libloader" in resolved) is windows and ("platform-utils" in resolved) is windows


@pytest.mark.parametrize("platform, python", [("win_amd64", "3.11")])
def test_the_test_tools_install_from_wheels(platform, python, tmp_path):
    """``py install.py --test -m pytest`` on Windows: the test extra has wheels there too."""
    requirements = project_requirements(("dependencies", "test"))
    resolved = resolve_for(platform, python, requirements, tmp_path)
    for r in requirements:
        if applies(r, environment(platform, python)):
            assert canonicalize_name(r.name) in resolved, f"{r} is not installed on {platform}"
    assert all(file.endswith(".whl") for _version, file, _requires in resolved.values())
    # pytest's own Windows-only dependency, which pip would leave out when resolving here
    assert ("colorama" in resolved) is platform.startswith("win")


@pytest.mark.parametrize(
    "platform, python",
    [("win_amd64", "3.11"), ("macosx_11_0_arm64", "3.13"), ("macosx_10_13_x86_64", "3.11")],
)
def test_the_server_postgres_extra_installs_from_wheels(platform, python, tmp_path):
    """A server on PostgreSQL (``--database postgresql://...``): psycopg with its binary part,
    which holds libpq, from wheels, so no compiler and no PostgreSQL client are needed."""
    resolved = resolve_for(platform, python, project_requirements(("server-postgres",)), tmp_path)
    assert "psycopg" in resolved and "psycopg-binary" in resolved
    assert all(file.endswith(".whl") for _version, file, _requires in resolved.values())


def test_platform_only_dependencies_carry_markers():
    """Every dependency for one platform says so: pywin32 only where sys_platform is win32,
    accessible-output2 everywhere but macOS (the game speaks there with say)."""
    by_name = {canonicalize_name(r.name): r for r in project_requirements()}
    ao2 = by_name["accessible-output2"]
    assert [applies(ao2, environment(platform, "3.11")) for platform in TARGETS] == [True, False, False]
    assert by_name["pywin32"].marker == Marker("sys_platform == 'win32'")
    for platform in TARGETS:
        env = environment(platform, "3.11")
        assert applies(by_name["pywin32"], env) is (platform == "win_amd64")
    linux = dict(environment("win_amd64", "3.11"), sys_platform="linux", platform_system="Linux", os_name="posix")
    assert not applies(by_name["pywin32"], linux)
    assert applies(ao2, linux)  # speech-dispatcher through it
