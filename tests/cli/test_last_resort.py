"""No traceback reaches the shell: whatever a command did not catch is one line, status 2 (or 1 for
a bug)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


def run_patched(patch: str, *args, env=None):
    """The command line with one function replaced first (`patch` is Python run before main)."""
    code = textwrap.dedent(patch) + textwrap.dedent(f"""
        from seep_scorer.cli import main
        raise SystemExit(main({list(args)!r}))
    """)
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


def one_line(done, status: int, *words: str) -> None:
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("seep-scorer: ")
    for w in words:
        assert w in done.stderr


def test_a_data_folder_that_is_a_file(tmp_path):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("x")
    one_line(run("list", "--data-dir", str(not_a_folder)), 2, "cannot be used")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file(tmp_path):
    secret = tmp_path / "match.json"
    secret.write_text("{}")
    secret.chmod(0)
    one_line(
        run("import", str(secret), "--data-dir", str(tmp_path / "data")), 2, "Permission denied"
    )


def test_a_file_error_no_command_caught_is_one_line_and_status_2(tmp_path):
    patch = """
        import seep_scorer.cli.score as score
        def unreadable(path, **options):
            raise PermissionError(13, "Permission denied", path)
        score.read_scored_match_file = unreadable
    """
    one_line(run_patched(patch, "score", "some.json"), 2, "some.json: Permission denied")


def test_a_store_error_no_command_caught_is_one_line_and_status_2(tmp_path):
    patch = """
        import seep_scorer.cli.score as score
        from seep_scorer.store.repository import StoreError
        def failing(path, **options):
            raise StoreError("The match store has been closed.")
        score.read_scored_match_file = failing
    """
    match_file = tmp_path / "m.json"
    match_file.write_text('{"format": "seep-match", "version": 1}')
    one_line(run_patched(patch, "score", str(match_file)), 2, "has been closed")


PATCH_A_BUG = """
    from seep_scorer.store import tinyrepo
    def buggy(self):
        raise KeyError("teams")
    tinyrepo.TinyMatchRepository.list_matches = buggy
"""


def a_store(tmp_path) -> Path:
    """A folder holding a store (its matches folder): `list` opens it rather than saying there is
    none."""
    (tmp_path / "data" / "matches").mkdir(parents=True)
    return tmp_path / "data"


def test_a_bug_is_one_line_internal_error_and_status_1(tmp_path):
    done = run_patched(PATCH_A_BUG, "list", "--data-dir", str(a_store(tmp_path)))
    one_line(done, 1, "internal error", "KeyError")
    assert done.stdout == ""


def test_seep_scorer_debug_adds_the_traceback_for_a_developer(tmp_path):
    done = run_patched(
        PATCH_A_BUG, "list", "--data-dir", str(a_store(tmp_path)), env={"SEEP_SCORER_DEBUG": "1"}
    )
    assert done.returncode == 1 and "Traceback" in done.stderr and "internal error" in done.stderr


def test_a_reader_that_goes_away_ends_the_output_quietly(tmp_path):
    data_dir = tmp_path / "data"
    patch = f"""
        from seep_scorer.store.registry import open_repository
        from tests.store.conftest import open_match, with_deals
        repo = open_repository({str(data_dir)!r})
        for n in range(30):
            repo.create(with_deals(open_match(), 30))
        repo.close()
    """
    assert run_patched(patch, "list", "--data-dir", str(data_dir)).returncode == 0
    backup = subprocess.Popen(
        [sys.executable, "-m", "seep_scorer", "backup", "--data-dir", str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    backup.stdout.read(100)
    backup.stdout.close()  # as `| head -c 100` does
    _, err = backup.communicate(timeout=60)
    assert backup.returncode == 0 and err == b""
