"""The dependency locks: every package pinned with hashes, and the locks agree with pyproject.toml.

scripts/start, scripts/test and CI install only from these files (pip --require-hashes), so a
direct dependency bumped in pyproject.toml but not re-locked would never be installed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCKS = {"app": ROOT / "requirements" / "app.lock", "test": ROOT / "requirements" / "test.lock"}
_PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\;]+)")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _locked(path: Path) -> dict[str, tuple[str, int]]:
    """{package: (version, number of hashes)} of a pip-compile lock."""
    pins: dict[str, tuple[str, int]] = {}
    current = None
    for line in path.read_text().splitlines():
        m = _PIN.match(line)
        if m:
            current = _norm(m.group(1))
            pins[current] = (m.group(2), 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = pins[current]
            pins[current] = (version, hashes + 1)
        elif line and not line.startswith((" ", "#")):
            current = None
    return pins


def _direct(extra: str | None) -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"]) + (
        project["optional-dependencies"][extra] if extra else []
    )
    out = {}
    for spec in specs:
        m = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", spec.strip())
        assert m, f"{spec!r} in pyproject.toml is not pinned with =="
        out[_norm(m.group(1))] = m.group(2)
    return out


@pytest.mark.parametrize("lock,extra", [("app", None), ("test", "test")])
def test_every_direct_dependency_is_locked_at_its_pinned_version(lock, extra):
    locked = _locked(LOCKS[lock])
    for name, version in _direct(extra).items():
        assert name in locked, (
            f"{name} is in pyproject.toml but not in {LOCKS[lock].name}: re-run pip-compile"
        )
        assert locked[name][0] == version, (
            f"{name}: pyproject pins {version}, {LOCKS[lock].name} has {locked[name][0]}"
        )


@pytest.mark.parametrize("lock", sorted(LOCKS))
def test_every_locked_package_has_a_hash(lock):
    locked = _locked(LOCKS[lock])
    assert len(locked) > 10
    unhashed = [name for name, (_, hashes) in locked.items() if hashes == 0]
    assert not unhashed, f"no hash for {unhashed} in {lock}.lock"


def test_the_build_backend_is_locked_and_satisfies_build_system():
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    assert build and build[0].startswith("setuptools")
    for lock in LOCKS.values():
        assert "setuptools" in _locked(lock), (
            f"{lock.name} must pin the build backend (installs use --no-build-isolation)"
        )


def test_the_http_stack_is_declared():
    """uvicorn is imported by server/app.py and websockets named
    there: both must be direct, pinned dependencies."""
    direct = _direct(None)
    assert "uvicorn" in direct and "websockets" in direct
    server = (ROOT / "seep_scorer" / "server" / "app.py").read_text()
    assert "import uvicorn" in server


def test_the_installer_is_locked_at_one_that_writes_a_lean_console_script():
    """pip before 25 writes a `seep-scorer` script that
    imports `re` before any code of ours: a tenth of
    `seep-scorer score` on one file (bench/score.py). Both
    locks pin a pip that writes none, so the setup
    scripts, which install from the locks before the app, install the app with it."""
    for lock in LOCKS.values():
        locked = _locked(lock)
        assert "pip" in locked, f"{lock.name} must pin pip"
        assert int(locked["pip"][0].split(".")[0]) >= 25, (
            f"{lock.name} pins pip {locked['pip'][0]}, older than 25"
        )


def test_the_installer_lock_holds_the_locked_pip_alone():
    """scripts/setup-venv installs requirements/pip.lock before any other lock, with whatever pip
    the interpreter's venv brings: it must hold that same pip, with the same hashes, and nothing
    else (an older pip refuses the main locks, test_fresh_clone.py)."""
    installer = ROOT / "requirements" / "pip.lock"
    pins = _locked(installer)
    assert list(pins) == ["pip"] and pins["pip"][1] >= 1

    def hashes(path: Path) -> set[str]:
        block = re.search(r"^pip==\S+ \\\n((?: +--hash=\S+(?: \\)?\n)+)", path.read_text(), re.M)
        return set(re.findall(r"sha256:([0-9a-f]{64})", block[1]))

    for lock in LOCKS.values():
        assert _locked(lock)["pip"][0] == pins["pip"][0], lock.name
        assert hashes(lock) == hashes(installer), lock.name
