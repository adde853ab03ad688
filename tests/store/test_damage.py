"""Damaged files at open: the store still opens, moves the bad file aside, restores what it can,
and says so."""

import json
import os

import pytest

from seep_scorer.cli import main as cli_main
from seep_scorer.store.files import shard_of
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import MatchNotFound, StoreError

from .conftest import open_match, with_deals

DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "not-utf8": lambda data: b'{"match": {"1": {"id": "\xff\xfe\xfd"}}}',
    "not-json": lambda data: b"this is plainly not JSON {",
    "wrong-shape-list": lambda data: b"[1, 2, 3]",
}
REASON_WORDS = {
    "truncated": "cut short or garbled",
    "empty": "is empty",
    "not-utf8": "not UTF-8",
    "not-json": "cut short or garbled",
    "wrong-shape-list": "shape",
    "wrong-shape-fields": "shape",
}
WRONG_FIELDS = {  # valid JSON in TinyDB's shape, but not what the store keeps in that file
    "match": b'{"match": {"1": {"id": "zz", "revision": "two"}}}',
    "index": b'{"matches": {"5": {"id": "not-hex", "deals": -1}}}',
    "store": b'{"meta": {"1": {"schema": "two"}}, "settings": {}}',
}
KINDS = list(DAMAGE) + ["wrong-shape-fields"]


def damage_bytes(kind: str, file_kind: str, original: bytes) -> bytes:
    return WRONG_FIELDS[file_kind] if kind == "wrong-shape-fields" else DAMAGE[kind](original)


@pytest.fixture
def store(data_dir):
    """Two matches and a setting; a backup; then one more deal on the first match, after the
    backup."""
    repo = open_repository(data_dir, fresh=True)
    a = repo.create(with_deals(open_match(("Reds", "Blues")), 2))
    b = repo.create(with_deals(open_match(("Greens", "Golds")), 1))
    repo.set_setting("language", "hi")
    backup = repo.backup_now()
    a_after = repo.save(a.id, with_deals(a.match, 3), a.revision)
    repo.set_setting("language", "th")  # after the backup: lost if store.json is lost
    repo.close()
    return {"dir": data_dir, "a_before": a, "a": a_after, "b": b, "backup": backup}


def _moved_file(notice: str, data_dir) -> str:
    damaged = sorted((data_dir / "damaged").iterdir())
    assert len(damaged) == 1
    assert str(damaged[0]) in notice
    return damaged[0].read_bytes()


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_match_file_is_moved_aside_and_restored_from_the_newest_backup(store, kind):
    path = store["dir"] / "matches" / f"{store['a'].id}.{store['a'].revision}.json"
    bad = damage_bytes(kind, "match", path.read_bytes())
    path.write_bytes(bad)

    repo = open_repository(store["dir"], fresh=True)

    assert len(repo.notices) == 1, repo.notices
    notice = repo.notices[0]
    assert "Reds – Blues" in notice and REASON_WORDS[kind] in notice
    assert "restored from the automatic backup" in notice and "nothing was deleted" in notice
    assert _moved_file(notice, store["dir"]) == bad
    restored = repo.get(store["a"].id)
    assert restored.match == store["a_before"].match  # as in the backup: the deal after it is gone
    assert restored.revision > store["a"].revision  # a device holding the lost revision must reload
    assert repo.get(store["b"].id) == store["b"]
    assert [s.deals for s in repo.list_matches() if s.id == store["a"].id] == [2]
    assert open_repository(store["dir"], fresh=True).notices == []  # repaired for good


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_index_shard_is_moved_aside_and_rebuilt_from_the_match_files(store, kind):
    path = store["dir"] / "index" / f"{shard_of(store['a'].id)}.json"
    bad = damage_bytes(kind, "index", path.read_bytes())
    path.write_bytes(bad)

    repo = open_repository(store["dir"], fresh=True)

    assert len(repo.notices) == 1, repo.notices
    notice = repo.notices[0]
    assert (
        "list of matches" in notice
        and REASON_WORDS[kind] in notice
        and "no match was lost" in notice
    )
    assert _moved_file(notice, store["dir"]) == bad
    summaries = {s.id: s for s in repo.list_matches()}
    assert (
        summaries[store["a"].id].deals == 3
        and summaries[store["a"].id].revision == store["a"].revision
    )
    assert summaries[store["b"].id].teams == ("Greens", "Golds")
    assert repo.get(store["a"].id) == store["a"]  # nothing lost: rebuilt from the match file itself


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_settings_file_is_moved_aside_and_settings_restored_from_backup(store, kind):
    path = store["dir"] / "store.json"
    bad = damage_bytes(kind, "store", path.read_bytes())
    path.write_bytes(bad)

    repo = open_repository(store["dir"], fresh=True)

    assert len(repo.notices) == 1, repo.notices
    notice = repo.notices[0]
    assert "settings file was damaged" in notice and REASON_WORDS[kind] in notice
    assert "restored from the automatic backup" in notice
    assert _moved_file(notice, store["dir"]) == bad
    assert repo.get_setting("language") == "hi"  # the backup's value
    assert repo.get(store["a"].id) == store["a"] and len(repo.list_matches()) == 2
    assert json.loads((store["dir"] / "store.json").read_text())["meta"]["1"]["schema"] == 3


@pytest.mark.parametrize("file_kind", ["match", "index", "store"])
def test_the_command_line_still_starts_and_reports_the_repair(store, file_kind, capsys):
    path = {
        "match": store["dir"] / "matches" / f"{store['a'].id}.{store['a'].revision}.json",
        "index": store["dir"] / "index" / f"{shard_of(store['a'].id)}.json",
        "store": store["dir"] / "store.json",
    }[file_kind]
    path.write_bytes(b"\x00\x01garbage")
    assert cli_main(["list", "--json", "--data-dir", str(store["dir"])]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 2
    assert "damaged" in err and str(store["dir"] / "damaged") in err
    assert "Traceback" not in err


def test_same_size_damage_is_found_when_the_match_is_read(store):
    path = store["dir"] / "matches" / f"{store['a'].id}.{store['a'].revision}.json"
    data = bytearray(path.read_bytes())
    data[10:20] = b"#" * 10  # same length: the open's size check cannot see it
    path.write_bytes(bytes(data))
    repo = open_repository(store["dir"], fresh=True)
    assert repo.notices == []
    restored = repo.get(store["a"].id)
    assert restored.match == store["a_before"].match
    assert len(repo.notices) == 1 and "restored from the automatic backup" in repo.notices[0]


def test_a_missing_match_file_is_restored_from_backup(store):
    os.unlink(store["dir"] / "matches" / f"{store['a'].id}.{store['a'].revision}.json")
    repo = open_repository(store["dir"], fresh=True)
    assert len(repo.notices) == 1 and "missing" in repo.notices[0]
    assert repo.get(store["a"].id).match == store["a_before"].match


def test_a_damaged_match_no_backup_holds_is_taken_off_the_list_but_kept(data_dir):
    repo = open_repository(data_dir, fresh=True)
    lost = repo.create(with_deals(open_match(("Lost", "Cause")), 1))
    kept = repo.create(open_match())
    repo.close()
    path = data_dir / "matches" / f"{lost.id}.1.json"
    path.write_bytes(b"")
    repo = open_repository(data_dir, fresh=True)
    assert len(repo.notices) == 1
    assert "Lost – Cause" in repo.notices[0] and "No backup holds it" in repo.notices[0]
    assert _moved_file(repo.notices[0], data_dir) == b""
    assert [s.id for s in repo.list_matches()] == [kept.id]
    with pytest.raises(MatchNotFound):
        repo.get(lost.id)


def test_an_older_revision_left_by_a_crash_stands_in_for_a_damaged_newer_one(store):
    a = store["a"]
    matches = store["dir"] / "matches"
    # As if the process died after writing revision n+1 but before removing revision n; then n+1 got
    # damaged.
    (matches / f"{a.id}.{a.revision + 1}.json").write_bytes(b'{"match": {"1": ')
    repo = open_repository(store["dir"], fresh=True)
    assert len(repo.notices) == 1 and "previous save" in repo.notices[0]
    got = repo.get(a.id)
    assert got.match == a.match and got.revision == a.revision + 2
    assert sorted(p.name for p in matches.iterdir() if p.name.startswith(a.id)) == [
        f"{a.id}.{a.revision + 2}.json"
    ]


def test_damage_found_while_running_is_repaired_too(store):
    repo = open_repository(store["dir"], fresh=True)
    (store["dir"] / "store.json").write_bytes(b"")
    assert repo.get_setting("language") == "hi"
    assert len(repo.notices) == 1 and "settings file" in repo.notices[0]
    (store["dir"] / "index" / f"{shard_of(store['b'].id)}.json").write_bytes(b"[]")
    assert {s.id for s in repo.list_matches()} == {store["a"].id, store["b"].id}
    assert len(repo.notices) == 2 and "list of matches" in repo.notices[1]


def test_a_match_that_cannot_be_restored_is_a_plain_store_error(data_dir):
    repo = open_repository(data_dir, fresh=True)
    stored = repo.create(open_match())
    (data_dir / "matches" / f"{stored.id}.1.json").write_bytes(
        b"#" * (data_dir / "matches" / f"{stored.id}.1.json").stat().st_size
    )
    with pytest.raises(StoreError, match="No backup holds it"):
        repo.get(stored.id)
