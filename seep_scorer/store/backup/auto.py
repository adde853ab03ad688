"""Automatic backups: backups/auto-<time>.jsonl, the newest KEEP_AUTO_BACKUPS kept, one a day.

Why a module of its own: the backups are the repair's last resort (a damaged
match or settings file is restored from the newest backup holding it), so when
they are taken, named, pruned and searched is one policy in one place. One is taken at
open when due, and a long-running server checks at most hourly, on save,
starting it in a background thread so the save does not wait. A backup that
fails (a full disk) is a notice, never an error: the matches are safe.

AutoBackups sees the store only through BackedUpStore, defined here because the
backups are its consumer: the folders, the notices, the store lock and the
backup stream (store/backup/exports.py). The repository hands it an adapter (store/tinyrepo.py).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from contextlib import AbstractContextManager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import IO, Protocol

from seep_scorer.store.backup.file import BackupRecord, find_record, read_header_settings
from seep_scorer.store.files import Layout, atomic_writer, disk_trouble
from seep_scorer.store.repository import StoreError
from seep_scorer.store.schema import auto_backup_failed
from seep_scorer.store.tinyfiles import DamagedFile, open_regular

__all__ = [
    "AutoBackups",
    "BackedUpStore",
    "AUTO_BACKUP_EVERY",
    "KEEP_AUTO_BACKUPS",
    "BACKUP_CHECK_INTERVAL",
    "STAMP_FORMAT",
]

AUTO_BACKUP_EVERY = timedelta(hours=24)
KEEP_AUTO_BACKUPS = 7
BACKUP_CHECK_INTERVAL = 3600.0  # seconds between checks for a due backup, on save
STAMP_FORMAT = "%Y%m%dT%H%M%SZ"  # the time in the names of backups and of files moved aside


class BackedUpStore(Protocol):
    """What the automatic backups use of the store, and nothing more."""

    layout: Layout
    notices: list[str]  # a failed backup is told here

    def locked(self) -> AbstractContextManager[None]:
        """The store lock (re-entrant): held to name a backup and to prune old ones."""

    def write_backup(self, out: IO[bytes]) -> None:
        """Every match and the settings in the backup file format (taken without the lock held)."""


class AutoBackups:
    """The automatic backups of one store: listed, searched, taken when due, pruned."""

    def __init__(self, store: BackedUpStore):
        self._store = store
        self.layout = store.layout
        # A server can run for weeks: saves check (at most hourly) whether the daily backup is due.
        self.next_check = time.monotonic() + BACKUP_CHECK_INTERVAL  # time.monotonic() seconds
        self.thread: threading.Thread | None = None  # the backup running in the background, if any

    def listed(self) -> list[Path]:
        """The automatic backups, newest first."""
        return sorted(self.layout.backups_dir.glob("auto-*.jsonl"), reverse=True)

    def find_match(self, mid: str) -> tuple[BackupRecord, str] | None:
        """The match's record in the newest automatic backup holding it, and that backup's time."""
        for path in self.listed():
            try:
                with open_regular(path) as f:  # a pipe named like a backup would hang the repair
                    record = find_record(f, mid)
            except (OSError, DamagedFile):
                continue
            if record is not None:
                return record, self.backup_time(path)
        return None

    def find_settings(self) -> tuple[dict | None, str | None]:
        """The settings of the newest automatic backup holding them, and that backup's time."""
        for path in self.listed():
            try:
                with open_regular(path) as f:
                    settings = read_header_settings(f)
            except (OSError, DamagedFile):
                continue
            if settings is not None:
                return settings, self.backup_time(path)
        return None, None

    @staticmethod
    def backup_time(path: Path) -> str:
        stamp = path.name[len("auto-") : len("auto-") + 16]
        try:
            when = datetime.strptime(stamp, STAMP_FORMAT).replace(tzinfo=timezone.utc)
        except ValueError:
            when = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
        return when.isoformat(timespec="seconds").replace("+00:00", "Z")

    def due(self) -> bool:
        if not self.layout.shard_prefixes():
            return False  # nothing to back up yet
        newest = self.listed()
        if not newest:
            return True
        made = datetime.fromisoformat(self.backup_time(newest[0]))
        return datetime.now(timezone.utc) - made >= AUTO_BACKUP_EVERY

    def backup_if_due(self) -> None:
        """Start the daily automatic backup in the background when it is due (checked at most
        hourly)."""
        now = time.monotonic()
        if now < self.next_check or (self.thread and self.thread.is_alive()):
            return
        self.next_check = now + BACKUP_CHECK_INTERVAL
        if self.due():
            if sys.platform == "emscripten":  # the browser has no threads: back up within this save
                self.backup_quietly()
                return
            self.thread = threading.Thread(
                target=self.backup_quietly, name="seep-auto-backup", daemon=True
            )
            self.thread.start()

    def backup_quietly(self) -> None:
        try:
            self.backup_now()
        except (OSError, StoreError) as err:  # the data is safe; only this extra copy failed
            why = disk_trouble(err) if isinstance(err, OSError) else str(err)
            self._store.notices.append(auto_backup_failed(why, err))

    def backup_now(self) -> Path:
        """Write a new automatic backup and drop the oldest beyond KEEP_AUTO_BACKUPS; its path."""
        with self._store.locked():
            stamp = time.strftime(STAMP_FORMAT, time.gmtime())
            path = self.layout.backups_dir / f"auto-{stamp}.jsonl"
            n = 1
            while path.exists():  # two in one second (tests): keep both, in order
                n += 1
                path = self.layout.backups_dir / f"auto-{stamp}-{n:03d}.jsonl"
        # Not under the lock (unless the open holds it): saves go on while years of matches are
        # copied.
        with atomic_writer(path) as f:
            self._store.write_backup(f)
        with self._store.locked():
            for old in self.listed()[KEEP_AUTO_BACKUPS:]:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(old)
        return path
