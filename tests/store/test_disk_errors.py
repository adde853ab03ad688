"""A full (or read-only) disk: the store still opens, a failed write says so in plain words and
half-writes nothing."""

import errno
import os

import pytest

from seep_scorer.store import tinyrepo
from seep_scorer.store.backup import auto as autobackup
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import StoreError
from seep_scorer.store.tinyfiles import AtomicJSONStorage

from .conftest import open_match, tree_snapshot, with_deals


def _disk_fails(monkeypatch, code=errno.ENOSPC):
    """Every file write fails at its fsync, as it does when the disk fills (renames and fsyncs of
    folders work)."""
    real_fsync = os.fsync

    def fsync(fd):
        if os.path.isdir(f"/proc/self/fd/{fd}") or not os.path.exists(f"/proc/self/fd/{fd}"):
            return real_fsync(fd)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.fixture
def stored_store(data_dir):
    repo = open_repository(data_dir, fresh=True)
    stored = repo.create(with_deals(open_match(), 2))
    for path in repo.auto_backups():
        os.unlink(path)  # the daily backup is due at the next open
    return repo, stored


@pytest.mark.skipif(
    not os.path.isdir("/proc/self/fd"), reason="tells files from folders through /proc"
)
def test_a_due_automatic_backup_on_a_full_disk_is_a_notice_not_a_failure_to_open(
    stored_store, monkeypatch
):
    repo, stored = stored_store
    _disk_fails(monkeypatch)
    reopened = open_repository(repo.data_dir, fresh=True)
    assert [s.id for s in reopened.list_matches()] == [stored.id]
    [notice] = reopened.notices
    assert "automatic backup could not be written: the device's storage is full" in notice
    assert "Errno" not in notice and "your matches are safe" in notice.lower()
    assert list(reopened.layout.backups_dir.iterdir()) == []  # no half-written backup either


def test_a_backup_that_fails_at_open_in_any_way_of_the_disk_is_a_notice(stored_store, monkeypatch):
    repo, stored = stored_store

    def no_space(self):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(autobackup.AutoBackups, "backup_now", no_space)
    reopened = open_repository(repo.data_dir, fresh=True)
    assert reopened.get(stored.id).match == stored.match
    assert any("storage is full" in n for n in reopened.notices)


@pytest.mark.parametrize(
    "code, words",
    [
        (
            errno.ENOSPC,
            "The device's storage is full. The change was not saved. "
            "Free some space and try again.",
        ),
        (errno.EROFS, "The storage is read-only. The change was not saved."),
        (
            errno.EACCES,
            "The app is not allowed to write in its data folder. The change was not saved.",
        ),
    ],
)
def test_a_save_the_disk_refuses_is_a_plain_store_error_and_keeps_the_previous_revision(
    stored_store, monkeypatch, code, words
):
    repo, stored = stored_store
    before = tree_snapshot(repo.data_dir)

    def refused(storage, data):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(AtomicJSONStorage, "write", refused)
    with pytest.raises(StoreError) as failed:
        repo.save(stored.id, with_deals(open_match(), 3), stored.revision)
    assert str(failed.value).startswith(words) and "Everything saved before is safe" in str(
        failed.value
    )
    assert isinstance(failed.value, tinyrepo.WriteFailed) and failed.value.errno == code
    with pytest.raises(StoreError, match="The new match was not saved"):
        repo.create(open_match())
    with pytest.raises(StoreError, match="The setting was not saved"):
        repo.set_setting("language", "hi")
    monkeypatch.undo()
    assert tree_snapshot(repo.data_dir) == before
    assert repo.get(stored.id).revision == stored.revision


def test_a_save_whose_index_line_cannot_be_written_is_not_picked_up_by_the_next_open(
    stored_store, monkeypatch
):
    repo, stored = stored_store

    def index_full(self, prefix, entries):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tinyrepo.TinyMatchRepository, "_put_entries", index_full)
    with pytest.raises(StoreError, match="storage is full"):
        repo.save(stored.id, with_deals(open_match(), 3), stored.revision)
    monkeypatch.undo()
    # The user was told "not saved": a restart must not bring the change back behind their back.
    reopened = open_repository(repo.data_dir, fresh=True)
    assert reopened.get(stored.id).revision == stored.revision
    assert len(reopened.get(stored.id).match.deals) == 2
    assert sorted(p.name for p in reopened.layout.matches_dir.iterdir()) == [
        f"{stored.id}.{stored.revision}.json"
    ]
