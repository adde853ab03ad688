"""A long-running server still takes its daily automatic backup: saves check whether one is due."""

import os
import time

from tests.store.conftest import open_match, with_deals


def test_a_save_starts_the_due_daily_backup_in_the_background(repo):
    stored = repo.create(with_deals(open_match(), 1))
    for path in repo.auto_backups():
        os.unlink(path)  # as if the last backup were long ago
    repo.auto_backup.next_check = 0  # the hourly check is due
    stored = repo.save(stored.id, with_deals(open_match(), 2), stored.revision)
    repo.auto_backup.thread.join(30)
    backups = repo.auto_backups()
    assert len(backups) == 1
    assert stored.id in backups[0].read_text(encoding="utf-8")


def test_saves_do_not_look_for_due_backups_more_than_hourly(repo):
    stored = repo.create(with_deals(open_match(), 1))
    for path in repo.auto_backups():
        os.unlink(path)
    repo.auto_backup.next_check = time.monotonic() + 3600
    repo.save(stored.id, with_deals(open_match(), 2), stored.revision)
    assert repo.auto_backup.thread is None
    assert repo.auto_backups() == []
