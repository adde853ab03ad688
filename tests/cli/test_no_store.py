"""Read-only commands (`list`, `stats`, `export`) on a folder that holds no store: said, nothing
written."""

import json
import os

import pytest

from seep_scorer.cli import main
from seep_scorer.store.registry import close_all, open_repository
from tests.store.conftest import open_match


@pytest.fixture(autouse=True)
def _close():
    yield
    close_all()


def _tree(folder):
    return sorted(
        os.path.relpath(os.path.join(root, name), folder)
        for root, dirs, files in os.walk(folder)
        for name in dirs + files
    )


@pytest.mark.parametrize("exists", [False, True], ids=["no-folder", "other-files"])
@pytest.mark.parametrize(
    "argv, code, out",
    [
        (["list"], 0, "no matches stored yet\n"),
        (["list", "--json"], 0, "[]\n"),
        (["stats"], 0, "no matches with deals\n"),
        (["stats", "--json"], 0, None),
        (["export", "0123abcd"], 2, ""),
        (["export", "0123abcd", "--csv", "-o", "{folder}/out.csv"], 2, ""),
    ],
)
def test_a_read_only_command_says_there_is_no_store_and_writes_nothing(
    tmp_path, capsys, exists, argv, code, out
):
    folder = tmp_path / "typo"
    if exists:
        folder.mkdir()
        (folder / "notes.txt").write_text("mine")
    before = _tree(folder) if exists else None
    argv = [a.format(folder=folder) for a in argv]

    assert main([*argv, "--data-dir", str(folder)]) == code
    got_out, err = capsys.readouterr()
    assert f"no match store in {folder}" in err and "nothing was created" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    if out is not None:
        assert got_out == out
    else:
        assert json.loads(got_out)["matches"] == 0
    if exists:
        assert _tree(folder) == before
    else:
        assert not folder.exists()


def test_a_store_whose_settings_file_is_lost_is_still_a_store(tmp_path, capsys):
    folder = tmp_path / "data"
    open_repository(folder, fresh=True).create(open_match())
    close_all()
    (folder / "store.json").unlink()
    assert main(["list", "--json", "--data-dir", str(folder)]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1
