"""Repair: a match file, an index shard or a crash's leftovers, found at open or on a read, put
right.

Why a module of its own: what the store does about damage is one policy, the
heart of "nothing a caller was told saved is lost", and it is easier to check
in one place. A damaged file is never deleted: it is moved to damaged/ under a
dated name. A match then comes back from an older revision left by a crash, or
from the newest automatic backup holding it, under a higher revision (so a
device holding the damaged one reloads); the user is told, in plain words, by
a notice. An index shard is rebuilt from the match files. At open, the index is
brought in line with the match files a shard at a time (after a crash between
the steps of a save).

Repair sees the store only through RepairTarget, defined here because the
repair is its consumer; the repository, which decides when repair runs (at open,
and when a read finds damage), hands it an adapter (store/tinyrepo.py).
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Protocol

from seep_scorer.matchfile import match_to_dict
from seep_scorer.rules import Standings, replay
from seep_scorer.store.backup.auto import STAMP_FORMAT
from seep_scorer.store.backup.file import BackupRecord
from seep_scorer.store.files import MAX_REVISION, Layout, fsync_dir, next_revision, shard_of
from seep_scorer.store.index import IndexShards
from seep_scorer.store.records import now_iso
from seep_scorer.store.repository import StoredMatch
from seep_scorer.store.schema import index_rebuilt, match_label, match_lost, match_restored
from seep_scorer.store.tinyfiles import DamagedFile, StrayCopy

__all__ = ["Repair", "RepairTarget"]


class RepairTarget(Protocol):
    """What the repair may use of the store, and nothing more."""

    layout: Layout
    notices: list[str]  # what the user is told of each repair
    index: IndexShards  # the index lines it checks, puts right and drops

    def read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        """The match in a file, checked in full (raises FileNotFoundError or DamagedFile)."""

    def commit(
        self, stored: StoredMatch, match_dict: dict, old_revision: int | None, standings: Standings
    ) -> None:
        """Store a match as a save does: its file, then its index line, then the old file goes."""

    def put_entry(self, stored: StoredMatch, size: int, standings: Standings) -> None:
        """Write the index line of a match file that reads back whole."""

    def find_in_backups(self, mid: str) -> tuple[BackupRecord, str] | None:
        """The match in the newest automatic backup holding it, and that backup's time."""


class Repair:
    """Reconciling index and match files at open, restoring damaged matches, rebuilding damaged
    shards."""

    def __init__(self, store: RepairTarget):
        self._store = store
        self.layout = store.layout
        self.shards_rebuilt = 0  # shards rebuilt so far: the open's listing is stale after one

    def reconcile(self) -> None:
        """Bring the index in line with the match files (after a crash) and check what is cheap to
        check."""
        files_by_shard: dict[str, dict[str, dict[int, int]]] = {}
        for mid, revs in self.layout.scan_match_files().items():
            files_by_shard.setdefault(shard_of(mid), {})[mid] = revs
        # A shard at a time: the open holds one shard's index lines, not the whole store's.
        # What is read here is what the history and the statistics need first.
        self._store.index.start_caching()
        for prefix in sorted(set(self.layout.shard_prefixes()) | files_by_shard.keys()):
            rebuilds = self.shards_rebuilt
            entries = self._store.index.entries(prefix)
            self._store.index.adopt(prefix, entries)
            files = files_by_shard.pop(prefix, {})
            if self.shards_rebuilt != rebuilds:
                # The rebuild repaired match files (restored ones get new names): listing stale.
                files = self.layout.scan_match_files(prefix)
            self._reconcile_shard(entries, files)

    def _reconcile_shard(self, entries: dict[str, dict], files: dict[str, dict[int, int]]) -> None:
        for mid, revs in files.items():
            entry = entries.get(mid)
            newest = max(revs)
            if (
                len(revs) == 1
                and entry is not None
                and entry["revision"] == newest
                and entry["size"] == revs[newest]
            ):
                continue  # the common case: file and index line agree
            stored = self.load(mid, entry, sorted(revs, reverse=True))
            if stored is not None:
                for rev in revs:
                    if rev != stored.revision:
                        with contextlib.suppress(FileNotFoundError):
                            os.unlink(self.layout.match_file(mid, rev))
        for mid in entries.keys() - files.keys():
            self.load(
                mid, entries[mid], []
            )  # index line without a file: restore from backup, or drop it

    def rebuild_shard(self, prefix: str, damage: DamagedFile) -> dict[str, dict]:
        """A damaged shard: moved aside and rebuilt from the match files, repairing those as
        needed."""
        self.shards_rebuilt = self.shards_rebuilt + 1
        moved = self.move_aside(damage.path)
        rebuilt = {}
        for mid, revs in self.layout.scan_match_files(prefix).items():
            stored = self.load(mid, None, sorted(revs, reverse=True))
            if stored is not None:
                rebuilt[mid] = self._store.index.get(mid)
        self._store.notices.append(index_rebuilt(damage.reason, moved))
        return {k: v for k, v in rebuilt.items() if v is not None}

    def move_aside(self, path: Path) -> Path:
        return self.layout.move_aside(path, time.strftime(STAMP_FORMAT, time.gmtime()))

    def load(self, mid: str, entry: dict | None, revs: list[int]) -> StoredMatch | None:
        """The newest readable revision of a match, repairing as needed; its index line is made to
        agree.

        `revs` are the revisions on disk, newest first. Damaged files are moved
        aside; then an older revision left by a crash, then the newest automatic
        backup holding the match, stand in. None if nothing can restore it.
        """
        strays: dict[int, Path] = {}  # copies under another name, by the revision they hold
        try:
            return self._load_files(mid, entry, revs, strays)
        finally:
            for path in strays.values():  # second copies of a revision: kept aside, no save is lost
                with contextlib.suppress(OSError):
                    self.move_aside(path)

    def _load_files(self, mid, entry, revs, strays) -> StoredMatch | None:
        damaged: list[tuple[Path, str]] = []
        pending = list(revs)
        while pending:
            rev = pending.pop(0)
            path = self.layout.match_file(mid, rev)
            try:
                stored, standings = self._store.read_match_file(path, mid)
            except FileNotFoundError:
                stored = None
            except StrayCopy as stray:
                if stray.revision in pending:  # that revision's own file is read first
                    strays[stray.revision] = path
                    continue
                if not 1 <= stray.revision <= MAX_REVISION:
                    damaged.append((self.move_aside(path), stray.reason))
                    continue
                strays[stray.revision] = path  # the only copy left: adopted under its own name
                stored = None
            except DamagedFile as damage:
                try:
                    damaged.append((self.move_aside(path), damage.reason))
                except FileNotFoundError:
                    pass  # gone since it was read: nothing left to keep aside
                stored = None
            if stored is None:
                # A copy of a revision whose own file is gone or damaged stands in for it.
                wanted = (
                    rev if rev in strays else next((r for r in strays if r not in pending), None)
                )
                if wanted is not None:
                    os.replace(strays.pop(wanted), self.layout.match_file(mid, wanted))
                    fsync_dir(self.layout.matches_dir)
                    pending = sorted({*pending, wanted}, reverse=True)
                continue
            if not damaged:
                if (
                    entry is None
                    or entry["revision"] != stored.revision
                    or entry["size"] != path.stat().st_size
                ):
                    self._store.put_entry(stored, path.stat().st_size, standings)
                return stored
            return self._reinstate(mid, stored, standings, entry, revs, damaged, "previous", None)
        reason = damaged[0][1] if damaged else "is missing"
        label = match_label(entry["teams"] if entry else None, mid)
        found = self._store.find_in_backups(mid)
        if found is not None:
            record, backup_time = found
            standings = replay(record.match)
            stored = StoredMatch(
                mid,
                record.match,
                record.revision,
                record.created,
                record.updated,
                standings.finished,
            )
            if not damaged:
                damaged.append((None, reason))
            return self._reinstate(
                mid, stored, standings, entry, revs, damaged, "backup", backup_time
            )
        self._store.index.drop(mid)
        self._store.notices.append(match_lost(label, reason, damaged[0][0] if damaged else None))
        return None

    def _reinstate(
        self, mid, stored, standings, entry, revs, damaged, source, backup_time
    ) -> StoredMatch:
        # A higher revision than any seen: a device holding the damaged revision must reload.
        highest = max([stored.revision, *(revs or [0]), entry["revision"] if entry else 0])
        revision = next_revision(highest)
        stored = StoredMatch(
            mid, stored.match, revision, stored.created, now_iso(), stored.finished
        )
        self._store.commit(stored, match_to_dict(stored.match), None, standings)
        for rev in revs:
            if rev != revision:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.layout.match_file(mid, rev))
        label = match_label(entry["teams"] if entry else [t.name for t in stored.match.teams], mid)
        moved, reason = damaged[0]
        self._store.notices.append(match_restored(label, reason, moved, source, backup_time))
        return stored
