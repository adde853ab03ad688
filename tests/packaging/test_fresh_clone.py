"""The README's first command on a fresh machine: a clone with no virtual environment, set up with
the interpreter's own pip (whatever `venv` brings: 23.2 with Python 3.11.7), until the app answers.

A machine that already has a `.venv` hides what a new one lacks: the locks were once refused by
that older pip (a dependency's extra, flet-web's `uvicorn[standard]`, resolved against a newer
release on the index), and the editable install printed a block of setuptools deprecations. It
fetches the locked packages from the registry, so it is marked `registry`; CI runs it.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.registry, pytest.mark.slow, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
SETUP_SECONDS = 600  # about 20 s here with the registry's answers cached, a few minutes cold
# This machine's pip configuration names extra index folders that do not all exist: pip says so
# for every package, whatever it installs. Not ours, so not counted.
MACHINE_PIP_NOTE = re.compile(r"^WARNING: Location '.*' is ignored: it is neither a file nor a dir")


def clone(target: Path) -> None:
    """The checkout as a clone of it would be once its changes are committed: every file git
    tracks or would add, as it is in the working tree, and nothing git ignores (no .venv)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            (target / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / os.fsdecode(name))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_scripts_start_sets_up_a_fresh_clone_with_the_interpreters_own_pip(tmp_path):
    fresh = tmp_path / "seep-scorer"
    clone(fresh)
    assert not (fresh / ".venv").exists()
    python = Path(sys.base_prefix) / "bin" / "python3"  # the interpreter, not this test's venv
    own_pip = subprocess.run(
        [python, "-m", "pip", "--version"], capture_output=True, text=True, timeout=60
    ).stdout
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env.update(PYTHON=str(python), HOME=str(tmp_path))
    port = free_port()
    log = tmp_path / "start.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            ["scripts/start", "--port", str(port), "--data-dir", str(tmp_path / "data")],
            cwd=fresh,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    started = time.monotonic()
    try:
        while True:
            said = log.read_text(errors="replace")
            assert proc.poll() is None, f"scripts/start stopped (pip {own_pip}):\n{said}"
            assert time.monotonic() - started < SETUP_SECONDS, f"no answer yet:\n{said}"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    assert answer.status == 200 and b"flutter_bootstrap.js" in answer.read()
                    break
            except OSError:
                time.sleep(1)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)
    print(f"set up and serving after {time.monotonic() - started:.1f} s with {own_pip}")
    lines = [line for line in said.splitlines() if not MACHINE_PIP_NOTE.match(line)]
    assert f"Seep Scorer is running at http://127.0.0.1:{port}/" in said
    assert not [line for line in lines if re.search(r"warn|deprecat|error", line, re.I)], said
    venv_pip = subprocess.run(
        [fresh / ".venv" / "bin" / "python", "-m", "pip", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert venv_pip.startswith("pip 26.3 "), venv_pip  # the locked installer did the rest
