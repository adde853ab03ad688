"""A backup import lands whole or not at all, and does not hold the store lock while it reads and
stages.

The kill test (test_kill.py) kills imports at random moments; these tests stop
one at each decisive point: before its commit marker, after it, mid-way through
moving the files, and check what the next open makes of it.
"""

import json
import threading
import time

import pytest

from seep_scorer.matchfile import MAX_FILE_BYTES, match_to_dict
from seep_scorer.rules import MatchError
from seep_scorer.store import tinyrepo
from seep_scorer.store.backup import imports as importcommit
from seep_scorer.store.backup import imports as importing
from seep_scorer.store.backup import imports as staging
from seep_scorer.store.registry import open_repository
from seep_scorer.store.tinyfiles import AtomicJSONStorage

from .conftest import open_match, tree_snapshot, with_deals

STAMP = "2026-01-01T00:00:00Z"


def _line(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


def _backup(matches: list[dict]) -> bytes:
    lines = [
        _line(
            {"format": "seep-backup", "version": 1, "created": STAMP, "schema": 2, "settings": {}}
        )
    ]
    for n, match in enumerate(matches):
        lines.append(
            _line(
                {
                    "id": f"{n + 1:08x}",
                    "revision": 1,
                    "created": STAMP,
                    "updated": STAMP,
                    "match": match,
                }
            )
        )
    lines.append(_line({"end": True, "matches": len(matches)}))
    return b"".join(lines)


def _matches(count: int, tag: str = "Imp") -> list[dict]:
    return [match_to_dict(with_deals(open_match((tag, f"m{k}")), 2)) for k in range(count)]


def test_a_record_too_large_to_store_is_refused_before_anything_is_written(repo, tmp_path):
    keep = repo.create(open_match())
    # Its line fits a backup (a little over 5 MB is allowed there), its stored form does not.
    huge = {**_matches(1)[0], "pad": "x" * (MAX_FILE_BYTES + 1000)}
    path = tmp_path / "backup.jsonl"
    path.write_bytes(_backup([*_matches(3), huge]))
    before = tree_snapshot(repo.data_dir)
    with pytest.raises(MatchError, match="Match 4 of the backup.*too large"):
        repo.import_file(path)
    assert tree_snapshot(repo.data_dir) == before
    assert [s.id for s in repo.list_matches()] == [keep.id]


def _die_at(monkeypatch, name: str, target=tinyrepo.TinyMatchRepository) -> None:
    """Make the import stop at `name` as if its process were killed there: the stage is left as
    it is."""

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed")

    def close_like_a_dead_process(stage):
        stage._handle.close()  # the kernel drops a dead process's flock
        staging._LIVE_STAGES.discard(stage.folder)

    monkeypatch.setattr(target, name, killed)
    monkeypatch.setattr(staging.ImportStage, "close", close_like_a_dead_process)


def _imported_names(repo) -> list[str]:
    return sorted(s.teams[1] for s in repo.list_matches() if s.teams[0] == "Imp")


@pytest.mark.parametrize(
    "where, target, landed",
    [
        ("_stage_backup", importing.Importer, False),  # before any file is staged
        ("mark_committed", staging.ImportStage, False),  # every file staged, no marker
        ("roll_forward", importcommit.ImportCommit, True),  # marker written, nothing moved yet
        ("_put_entries", tinyrepo.TinyMatchRepository, True),  # files moved, no index line written
    ],
)
def test_the_open_after_a_dead_import_finishes_or_removes_it(
    monkeypatch, data_dir, tmp_path, where, target, landed
):
    repo = open_repository(data_dir, fresh=True)
    keep = repo.create(open_match())
    path = tmp_path / "backup.jsonl"
    path.write_bytes(_backup(_matches(4)))
    with monkeypatch.context() as patch:
        _die_at(patch, where, target)
        with pytest.raises(KeyboardInterrupt):
            repo.import_file(path)
        assert len(repo.layout.import_stages()) == 1
    repo = open_repository(data_dir, fresh=True)
    assert repo.notices == []
    assert repo.layout.import_stages() == []
    assert _imported_names(repo) == (["m0", "m1", "m2", "m3"] if landed else [])
    assert keep.id in {s.id for s in repo.list_matches()}
    files = repo.layout.scan_match_files()
    assert {s.id: s.revision for s in repo.list_matches()} == {
        mid: max(revs) for mid, revs in files.items()
    }


def test_an_open_leaves_a_live_import_of_another_process_alone(data_dir, tmp_path):
    repo = open_repository(data_dir, fresh=True)
    with repo._locked():
        stage = staging.ImportStage(repo.layout)
    staged = stage.file_for("0000abcd", 1)
    staged.write_bytes(b"{}")
    staging._LIVE_STAGES.discard(stage.folder)  # as seen from another process: only the flock tells
    try:
        open_repository(data_dir, fresh=True)
        assert staged.exists()
    finally:
        stage.close()
    assert repo.layout.import_stages() == []


def test_an_id_taken_after_it_was_chosen_gets_a_new_one_at_the_commit(repo, tmp_path, monkeypatch):
    path = tmp_path / "backup.jsonl"
    path.write_bytes(_backup(_matches(2)))
    real = importing.Importer._stage_backup

    def meanwhile(self, *args):
        kept = real(self, *args)
        # Another import, between staging and the commit, takes the ids this one chose.
        monkeypatch.setattr(importing.Importer, "_stage_backup", real)
        self.import_bytes(_backup(_matches(2, "Other")))
        return kept

    monkeypatch.setattr(importing.Importer, "_stage_backup", meanwhile)
    imported = repo.import_file(path)
    listed = {s.id: s.teams for s in repo.list_matches()}
    assert len(listed) == 4 and len({s.id for s in imported}) == 2
    assert sorted(listed[s.id][1] for s in imported) == ["m0", "m1"]
    assert all(listed[s.id][0] == "Imp" and repo.get(s.id).match == s.match for s in imported)


def test_saves_go_on_while_an_import_stages_its_match_files(repo, tmp_path, monkeypatch):
    stored = repo.create(with_deals(open_match(), 1))
    path = tmp_path / "backup.jsonl"
    path.write_bytes(_backup(_matches(3)))
    importer = {}
    staging, release = threading.Event(), threading.Event()
    real_write = AtomicJSONStorage.write

    def slow_write(storage, data):
        # The import's first match file (staged, or straight into matches/) waits: a slow disk.
        if (
            threading.get_ident() == importer.get("thread")
            and "match" in data
            and not staging.is_set()
        ):
            staging.set()
            release.wait(10)
        real_write(storage, data)

    monkeypatch.setattr(AtomicJSONStorage, "write", slow_write)

    def run_import():
        importer["thread"] = threading.get_ident()
        importer["result"] = repo.import_file(path)

    thread = threading.Thread(target=run_import)
    thread.start()
    try:
        assert staging.wait(10)
        saver = threading.Thread(
            target=lambda: importer.setdefault(
                "saved", repo.save(stored.id, with_deals(open_match(), 2), stored.revision)
            )
        )
        started = time.perf_counter()
        saver.start()
        saver.join(3)
        assert not saver.is_alive(), "a save waited for the import"
        assert time.perf_counter() - started < 2
    finally:
        release.set()
        thread.join(10)
        saver.join(10)
    assert importer["saved"].revision == 2
    assert len(importer["result"]) == 3 and len(repo.list_matches()) == 4


def test_a_full_disk_during_an_import_imports_nothing(repo, tmp_path, monkeypatch):
    keep = repo.create(open_match())
    path = tmp_path / "backup.jsonl"
    path.write_bytes(_backup(_matches(3)))
    before = tree_snapshot(repo.data_dir)
    writes = []

    def full_after_two(storage, data):
        writes.append(storage.path)
        if len(writes) > 2:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(AtomicJSONStorage, "write", full_after_two)
    with pytest.raises(tinyrepo.WriteFailed, match="storage is full. The import was not saved"):
        repo.import_file(path)
    monkeypatch.undo()
    assert tree_snapshot(repo.data_dir) == before
    assert repo.layout.import_stages() == []
    assert [s.id for s in open_repository(repo.data_dir, fresh=True).list_matches()] == [keep.id]


def test_import_file_ids_gives_the_ids_of_a_whole_import(repo, tmp_path):
    path = tmp_path / "backup.jsonl"
    path.write_bytes(_backup(_matches(3)))
    ids = repo.import_file_ids(path)
    assert sorted(ids) == sorted(s.id for s in repo.list_matches()) and len(ids) == 3
    again = repo.import_file_ids(path)  # the ids are taken now: new ones
    assert not set(again) & set(ids) and len(repo.list_matches()) == 6
