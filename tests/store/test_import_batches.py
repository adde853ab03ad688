"""Issue 18, item 11: a large import commits, and is undone, a shard (at most CHUNK files) at
a time, releasing the store lock between (100,000 matches held it 22 s at the commit; undoing
them one delete at a time took about 32 minutes); item 5: undo keeps a match saved since."""

import secrets
from contextlib import contextmanager

import pytest

from seep_scorer.store.backup import imports as importcommit
from seep_scorer.store.backup import imports as staging
from seep_scorer.store.backup.file import end_line, header_line, record_line
from seep_scorer.store.files import shard_of
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import StoredMatch
from seep_scorer.store.tinyfiles import AtomicJSONStorage

from .conftest import level_deal, open_match, with_deals

STAMP = "2026-01-01T00:00:00Z"


def _ids(n: int, shards: int | None = None) -> list[str]:
    """n fresh ids; with `shards`, all in that many index shards."""
    ids: list[str] = []
    wanted: set[str] = set()
    while len(ids) < n:
        mid = secrets.token_hex(4)
        if shards is not None and shard_of(mid) not in wanted:
            if len(wanted) == shards:
                continue
            wanted.add(shard_of(mid))
        ids.append(mid)
    return ids


def _backup(ids: list[str]) -> bytes:
    lines = [header_line(STAMP, 3, {})]
    for n, mid in enumerate(ids):
        match = with_deals(open_match((f"Team {n}", "Rivals")), 2)
        lines.append(record_line(StoredMatch(mid, match, 1, STAMP, STAMP, False)))
    return b"".join([*lines, end_line(len(ids))])


class Holds:
    """Wraps the repository's lock: for each outermost hold, what happened while it was held."""

    def __init__(self, repo, monkeypatch):
        self.repo, self.depth, self.holds = repo, 0, []
        real = repo._locked
        self.index_writes = 0
        real_write = AtomicJSONStorage.write

        def write(storage, data):
            if storage.path.parent == repo.layout.index_dir:
                self.index_writes += 1
            return real_write(storage, data)

        monkeypatch.setattr(AtomicJSONStorage, "write", write)

        @contextmanager
        def locked():
            with real():
                if self.depth == 0:
                    before = (self.matches_on_disk(), self.index_writes)
                self.depth += 1
                try:
                    yield
                finally:
                    self.depth -= 1
                    if self.depth == 0:
                        self.holds.append(
                            (self.matches_on_disk() - before[0], self.index_writes - before[1])
                        )

        repo._locked = locked

    def matches_on_disk(self) -> int:
        return len(list(self.repo.layout.matches_dir.iterdir()))


def test_a_large_import_commits_a_shard_at_a_time_releasing_the_lock(repo, monkeypatch):
    ids = _ids(40)
    biggest = max(sum(1 for m in ids if shard_of(m) == shard_of(mid)) for mid in ids)
    holds = Holds(repo, monkeypatch)
    imported = repo.import_bytes(_backup(ids))
    assert sorted(s.id for s in imported) == sorted(ids)
    assert sum(files for files, _ in holds.holds) == 40
    # Without batches one hold moved all 40 files in and wrote every shard.
    assert max(files for files, _ in holds.holds) <= biggest
    assert max(writes for _, writes in holds.holds) <= 1
    assert len(repo.list_matches()) == 40


def test_a_shard_holding_many_matches_is_moved_in_and_removed_a_chunk_at_a_time(repo, monkeypatch):
    # The 390 files of one shard of 100,000 matches held the lock 3 s in one piece.
    monkeypatch.setattr(importcommit, "CHUNK", 4)
    ids = _ids(12, shards=1)
    holds = Holds(repo, monkeypatch)
    imported = repo.import_bytes(_backup(ids))
    assert len(repo.list_matches()) == 12
    moved = [files for files, _ in holds.holds if files > 0]
    assert moved == [4, 4, 4]
    holds.holds.clear()
    assert repo.remove_imported([(s.id, s.revision) for s in imported]) == (12, [])
    assert [files for files, _ in holds.holds if files < 0] == [-4, -4, -4]


def test_undoing_an_import_writes_each_shard_once_and_releases_the_lock_between(repo, monkeypatch):
    ids = _ids(40, shards=2)  # one delete at a time wrote these two shards 40 times
    imported = repo.import_bytes(_backup(ids))
    other = repo.create(open_match())
    holds = Holds(repo, monkeypatch)
    removed, kept = repo.remove_imported([(s.id, s.revision) for s in imported])
    assert (removed, kept) == (40, [])
    assert [s.id for s in repo.list_matches()] == [other.id]
    assert sorted(p.name for p in repo.layout.matches_dir.iterdir()) == [f"{other.id}.1.json"]
    assert holds.index_writes <= 2 and max(writes for _, writes in holds.holds) <= 1


def test_undoing_an_import_keeps_a_match_saved_since_and_says_which(repo):
    imported = repo.import_bytes(_backup(_ids(4)))
    played = imported[1]
    later = repo.save(played.id, played.match.with_deals([level_deal(9)]), played.revision)
    gone = imported[2]
    repo.delete(gone.id)  # deleted since on another phone: passed over
    removed, kept = repo.remove_imported([(s.id, s.revision) for s in imported])
    assert (removed, kept) == (2, [played.id])
    assert [s.id for s in repo.list_matches()] == [played.id]
    assert repo.get(played.id) == later  # with the deal recorded after the restore


def test_an_import_killed_between_two_steps_of_its_commit_is_finished(data_dir, monkeypatch):
    repo = open_repository(data_dir, fresh=True)
    ids = _ids(6, shards=3)
    real = importcommit.ImportCommit._commit_chunk
    calls = []

    def second_dies(self, *args):
        calls.append(args[1])
        if len(calls) == 2:
            raise KeyboardInterrupt("killed")
        return real(self, *args)

    def close_like_a_dead_process(stage):
        stage._handle.close()  # the kernel drops a dead process's flock
        staging._LIVE_STAGES.discard(stage.folder)

    monkeypatch.setattr(importcommit.ImportCommit, "_commit_chunk", second_dies)
    monkeypatch.setattr(staging.ImportStage, "close", close_like_a_dead_process)
    with pytest.raises(KeyboardInterrupt):
        repo.import_bytes(_backup(ids))
    first = {s.id for s in repo.list_matches()}
    assert first and first == {mid for mid in ids if shard_of(mid) == calls[0]}  # decided, landing
    monkeypatch.undo()
    repo = open_repository(data_dir, fresh=True)
    assert sorted(s.id for s in repo.list_matches()) == sorted(ids) and repo.notices == []
    assert repo.layout.import_stages() == []
