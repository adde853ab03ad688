"""`seep-scorer import | export | list | backup` with --data-dir: output, files, and one-line
errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from seep_scorer.cli import main
from seep_scorer.matchfile import dumps_match, loads_match
from seep_scorer.store.registry import open_repository

from .conftest import finishing_match, open_match, tree_snapshot, with_deals


@pytest.fixture
def match_file(tmp_path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(dumps_match(with_deals(open_match(("Reds", "Blues")), 3)), encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_prints_the_new_id_and_list_shows_it(capsys, data_dir, match_file):
    code, out, err = run(capsys, "import", str(match_file), "--data-dir", str(data_dir))
    assert code == 0 and err == ""
    [new_id] = out.split()
    code, out, _ = run(capsys, "list", "--json", "--data-dir", str(data_dir))
    [row] = json.loads(out)
    assert row["id"] == new_id and row["teams"] == ["Reds", "Blues"] and row["deals"] == 3
    assert row["finished"] is False and row["updated"].endswith("Z")
    code, out, _ = run(capsys, "list", "--data-dir", str(data_dir))
    assert code == 0 and new_id in out and "Reds v Blues" in out and "3 deals" in out


def test_export_writes_the_match_file_or_csv(capsys, data_dir, match_file, tmp_path):
    run(capsys, "import", str(match_file), "--data-dir", str(data_dir))
    [row] = json.loads(run(capsys, "list", "--json", "--data-dir", str(data_dir))[1])
    code, out, _ = run(capsys, "export", row["id"], "--data-dir", str(data_dir))
    assert code == 0 and loads_match(out) == loads_match(match_file.read_bytes())
    target = tmp_path / "out" / "again.json"
    target.parent.mkdir()
    assert run(capsys, "export", row["id"], "-o", str(target), "--data-dir", str(data_dir))[0] == 0
    assert target.read_text(encoding="utf-8") == out
    code, out, _ = run(capsys, "export", row["id"], "--csv", "--data-dir", str(data_dir))
    assert (
        code == 0
        and out.splitlines()[0].startswith("deal,dealer,Reds card points")
        and len(out.splitlines()) == 4
    )


def test_backup_then_import_prints_each_imported_id(capsys, tmp_path):
    source, target = tmp_path / "a", tmp_path / "b"
    repo = open_repository(source)
    ids = {repo.create(open_match()).id, repo.create(finishing_match()).id}
    backup = tmp_path / "all.jsonl"
    assert run(capsys, "backup", "-o", str(backup), "--data-dir", str(source))[0] == 0
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(target))
    assert code == 0 and set(out.split()) == ids and err == ""


@pytest.mark.parametrize(
    "argv, words",
    [
        (["import", "{missing}"], "cannot read"),
        (["import", "{bad}"], "deal 1, field 'points'"),
        (["export", "0000beef"], "no match with id"),
        (["export", "../../etc/passwd"], "no match with id"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(capsys, data_dir, tmp_path, argv, words):
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "seep-match", "version": 1, "deals": [{"points": {"0": 61, "1": 40}}]}'
    )
    argv = [a.format(missing=tmp_path / "nope.json", bad=bad) for a in argv]
    open_repository(data_dir).create(open_match())
    before = tree_snapshot(data_dir)
    code, out, err = run(capsys, *argv, "--data-dir", str(data_dir))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("seep-scorer: ") and words in err
    assert tree_snapshot(data_dir) == before


def test_a_usage_error_is_one_line_and_status_2(capsys, data_dir):
    with pytest.raises(SystemExit) as exited:
        main(["list", "--bogus", "--data-dir", str(data_dir)])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1 and "unrecognized arguments" in err


def test_the_installed_command_uses_the_flet_data_folder_and_never_shows_a_traceback(
    tmp_path, match_file
):
    env = {**os.environ, "FLET_APP_STORAGE_DATA": str(tmp_path / "flet-data")}
    cmd = [sys.executable, "-m", "seep_scorer"]
    done = subprocess.run(
        [*cmd, "import", str(match_file)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "flet-data" / "matches").iterdir())
    done = subprocess.run(
        [*cmd, "import", str(tmp_path / "missing.json")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    # --data-dir overrides the environment.
    other = tmp_path / "other"
    done = subprocess.run(
        [*cmd, "list", "--json", "--data-dir", str(other)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and json.loads(done.stdout) == []
