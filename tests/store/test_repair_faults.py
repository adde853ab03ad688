"""Damage the one-file repair tests do not cover: every file at once, pipes and links, stray
revisions."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from seep_scorer.cli import main as cli_main
from seep_scorer.store.files import shard_of
from seep_scorer.store.registry import open_repository

from .conftest import level_deal, open_match, with_deals

MAX_REVISION = 9_999_999_999  # the highest revision a match file name holds (layout.MAX_REVISION)


@pytest.fixture
def store(data_dir):
    """Two matches and a setting; a backup; then one more deal on the first match, after the
    backup."""
    repo = open_repository(data_dir, fresh=True)
    a = repo.create(with_deals(open_match(("Reds", "Blues")), 2))
    b = repo.create(with_deals(open_match(("Greens", "Golds")), 1))
    repo.set_setting("language", "hi")
    repo.backup_now()
    a = repo.save(a.id, with_deals(a.match, 3), a.revision)
    repo.close()
    return {"dir": data_dir, "a": a, "b": b}


def _files_of(store) -> dict[str, Path]:
    d, a = store["dir"], store["a"]
    return {
        "store": d / "store.json",
        "index": d / "index" / f"{shard_of(a.id)}.json",
        "match": d / "matches" / f"{a.id}.{a.revision}.json",
    }


def _cli(data_dir, *argv, timeout=60):
    """The command line in a process of its own: a store that hangs fails the test instead of the
    run."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *argv, "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


# ----- item 4: every file damaged at once -----


def test_store_file_index_shard_and_match_file_truncated_together(store, capsys):
    files = _files_of(store)
    bad = {}
    for kind, path in files.items():
        data = path.read_bytes()
        bad[kind] = data[: len(data) // 2]
        path.write_bytes(bad[kind])

    assert cli_main(["list", "--json", "--data-dir", str(store["dir"])]) == 0
    out, err = capsys.readouterr()
    listed = {m["id"]: m for m in json.loads(out)}
    assert set(listed) == {store["a"].id, store["b"].id}
    assert (
        listed[store["a"].id]["deals"] == 2
    )  # as in the backup: the deal after it was in the damaged file
    assert "Traceback" not in err and "No such file" not in err
    notes = [line for line in err.splitlines() if line.startswith("seep-scorer: note: ")]
    assert len(notes) == 3, (
        err
    )  # the settings file, the list of matches, the match: one notice each
    assert sum("Reds – Blues" in n for n in notes) == 1
    kept = sorted(p.read_bytes() for p in (store["dir"] / "damaged").iterdir())
    assert kept == sorted(bad.values())  # every damaged byte kept aside
    for path in (store["dir"] / "damaged").iterdir():
        assert str(path) in err
    # Repaired for good: the next open finds nothing to say.
    repo = open_repository(store["dir"], fresh=True)
    assert repo.notices == [] and len(repo.list_matches()) == 2
    assert repo.get_setting("language") == "hi"


# ----- item 13: pipes, folders and links where store files belong -----


def _pipe(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("kind", ["store", "index", "match", "generation"])
def test_a_fifo_in_place_of_a_store_file_is_set_aside_not_waited_on(store, kind):
    path = {**_files_of(store), "generation": store["dir"] / "index.generation"}[kind]
    _pipe(path)
    try:
        done = _cli(store["dir"], "list", "--json", timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the store hung on a FIFO at {path.name}")
    assert done.returncode == 0, done.stderr
    assert {m["id"] for m in json.loads(done.stdout)} == {store["a"].id, store["b"].id}
    assert "Traceback" not in done.stderr
    if kind == "generation":  # a pipe there only makes the cache reload; the next write replaces it
        open_repository(store["dir"], fresh=True).create(open_match())
        assert path.is_file()
        return
    assert "not a regular file" in done.stderr
    assert any(p.is_fifo() for p in (store["dir"] / "damaged").iterdir())  # kept, never deleted
    assert not any(p.is_fifo() for p in store["dir"].rglob("*") if "damaged" not in p.parts)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_among_the_automatic_backups_is_passed_over(store):
    _pipe(store["dir"] / "backups" / "auto-20991231T235959Z.jsonl")  # the newest by its name
    for path in _files_of(store).values():
        path.write_bytes(b"")  # each repair looks in the backups
    try:
        done = _cli(store["dir"], "list", "--json", timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("the store hung on a FIFO among the backups")
    assert done.returncode == 0, done.stderr
    assert {m["id"]: m["deals"] for m in json.loads(done.stdout)}[
        store["a"].id
    ] == 2  # from the real one


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_beside_an_old_store_does_not_hang_its_migration(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "store.json").write_text('{"meta": {"1": {"schema": 2}}, "settings": {}}')
    _pipe(data_dir / "stray")
    try:
        done = _cli(data_dir, "list", "--json", timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("the backup before the migration hung on a FIFO")
    assert done.returncode == 0 and json.loads(done.stdout) == [], done.stderr
    [copy] = (data_dir / "backups").glob("before-schema-*")
    assert (copy / "store.json").is_file() and not (copy / "stray").exists()


def test_a_symlinked_match_file_is_not_followed(store, tmp_path):
    outside = tmp_path / "outside.json"
    path = _files_of(store)["match"]
    outside.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(outside)
    repo = open_repository(store["dir"], fresh=True)
    assert len(repo.notices) == 1 and "symbolic link" in repo.notices[0]
    assert repo.get(store["a"].id).match.teams == store["a"].match.teams
    assert any(p.is_symlink() for p in (store["dir"] / "damaged").iterdir())


def test_index_generation_is_replaced_not_written_through_a_symlink(store, tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_bytes(b"not the store's")
    generation = store["dir"] / "index.generation"
    generation.unlink(missing_ok=True)
    generation.symlink_to(outside)
    repo = open_repository(store["dir"], fresh=True)
    repo.create(open_match())
    assert outside.read_bytes() == b"not the store's"
    assert generation.is_file() and not generation.is_symlink()
    assert len(repo.list_matches()) == 3


# ----- item 14: revisions beyond what a file name holds -----


def _stray_copy(store, revision: int) -> Path:
    a = store["a"]
    src = store["dir"] / "matches" / f"{a.id}.{a.revision}.json"
    stray = src.with_name(f"{a.id}.{revision}.json")
    stray.write_bytes(src.read_bytes())
    return stray


def test_a_stray_copy_with_a_ten_digit_revision_never_drops_the_match(store):
    a = store["a"]
    stray = _stray_copy(store, MAX_REVISION)
    for _ in range(3):  # the repair, then opens after it: the match stays on the list
        repo = open_repository(store["dir"], fresh=True)
        assert repo.notices == []  # a second copy of a save: nothing was lost, nothing to say
        got = repo.get(a.id)
        assert got.match == a.match and got.revision == a.revision
        assert {s.id for s in repo.list_matches()} == {a.id, store["b"].id}
    [kept] = (store["dir"] / "damaged").iterdir()  # set aside, never deleted
    assert kept.name.endswith(stray.name) and not stray.exists()
    saved = repo.save(a.id, a.match.with_deals([level_deal(9)]), got.revision)
    assert saved.revision <= MAX_REVISION
    repo = open_repository(store["dir"], fresh=True)
    assert repo.get(a.id).match == saved.match and len(repo.list_matches()) == 2


def test_a_match_at_the_highest_revision_can_still_be_saved_and_reopened(store):
    a = store["a"]
    # The match at the top revision, its file consistent with its name (a stray copy made whole).
    doc = json.loads((store["dir"] / "matches" / f"{a.id}.{a.revision}.json").read_text())
    doc["match"]["1"]["revision"] = MAX_REVISION
    (store["dir"] / "matches" / f"{a.id}.{MAX_REVISION}.json").write_text(json.dumps(doc))
    os.unlink(store["dir"] / "matches" / f"{a.id}.{a.revision}.json")
    repo = open_repository(store["dir"], fresh=True)
    got = repo.get(a.id)
    assert got.revision == MAX_REVISION  # a whole file under another name: adopted as it is
    saved = repo.save(a.id, with_deals(a.match, 5), MAX_REVISION)
    assert 1 <= saved.revision <= MAX_REVISION and saved.revision != MAX_REVISION
    for _ in range(2):
        repo = open_repository(store["dir"], fresh=True)
        assert repo.notices == []
        assert repo.get(a.id).match == saved.match and len(repo.list_matches()) == 2


def test_the_only_copy_of_a_match_under_another_name_is_adopted(store):
    a = store["a"]
    _stray_copy(store, MAX_REVISION)
    os.unlink(store["dir"] / "matches" / f"{a.id}.{a.revision}.json")
    repo = open_repository(store["dir"], fresh=True)
    assert repo.notices == []
    assert repo.get(a.id) == a  # the last save, not the older one in the backup
    names = sorted(p.name for p in (store["dir"] / "matches").glob(f"{a.id}.*"))
    assert names == [f"{a.id}.{a.revision}.json"]


def test_a_copy_stands_in_for_its_revision_when_that_file_is_damaged(store):
    a = store["a"]
    _stray_copy(store, MAX_REVISION)
    own = store["dir"] / "matches" / f"{a.id}.{a.revision}.json"
    own.write_bytes(b"{")
    repo = open_repository(store["dir"], fresh=True)
    assert repo.get(a.id).match == a.match  # the copy's deals, not the backup's
    assert len(repo.notices) == 1 and "moved to" in repo.notices[0]
    assert [p.read_bytes() for p in (store["dir"] / "damaged").iterdir()] == [b"{"]


def test_a_file_left_with_more_digits_than_before_is_adopted(store):
    a = store["a"]
    matches = store["dir"] / "matches"
    doc = json.loads((matches / f"{a.id}.{a.revision}.json").read_text())
    doc["match"]["1"]["revision"] = MAX_REVISION + 1  # what a store repaired before the cap wrote
    (matches / f"{a.id}.{MAX_REVISION + 1}.json").write_text(json.dumps(doc))
    os.unlink(matches / f"{a.id}.{a.revision}.json")
    repo = open_repository(store["dir"], fresh=True)
    assert repo.get(a.id).match == a.match and len(repo.list_matches()) == 2
