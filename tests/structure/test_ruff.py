"""ruff runs in the test command (issue 20): the whole repository passes `ruff check` and
`ruff format --check` with the settings in pyproject.toml (line length 100)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]])
def test_ruff_passes_on_the_whole_repository(command):
    # The venv's own ruff (a locked dev dependency), bounded in time like every test.
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
