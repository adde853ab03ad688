"""An import's commit: a committed stage's match files moved into matches/ and indexed, and undone.

Why a module of its own: once an import has written its commit marker
(staging.py), it is decided, and what is left is to move its files in and index
them, by its own process or, after a crash, by the next open; undoing it
(remove_imported) walks the same shards the same way. Both take the store lock
only briefly, a shard (at most CHUNK files) at a time, one index write each, so
every phone's save goes on during a long import, and leave a match saved since
alone. The reading, checking and staging of an import is importing.py.

ImportCommit sees the store only through CommitTarget, defined here because
the commit is its consumer; the repository hands it an adapter (adapters.py).
"""

from __future__ import annotations

import contextlib
import os
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Iterable, Protocol

from ..rules import Standings
from .atomic import fsync_dir
from .diskfaults import disk_writes
from .eventrestore import drop_restored_events, finish_staged_events
from .layout import Layout, doc_id_of, shard_of
from .records import index_entry, valid_entry
from .repository import StoredMatch
from .shards import IndexShards
from .staging import (
    COMMITTED,
    by_shard,
    claim_dead_stage,
    remove_stage,
    restage,
    staged_files,
)
from .storage import DamagedFile, read_json_file

__all__ = ["CHUNK", "CommitTarget", "ImportCommit", "line_file"]

# Files moved in (or an import's matches removed) under one hold of the store lock: a hold of
# 390 files (a 100,000-match import's shard) took 3 s on a busy machine, 64 take a few tenths.
CHUNK = 64


class CommitTarget(Protocol):
    """What an import's commit and its undo may use of the store, and nothing more."""

    layout: Layout
    index: IndexShards  # the lines of the shards it moves files into, or removes them from

    def locked(self) -> AbstractContextManager[None]:
        """The store lock (re-entrant): held a shard at a time, never for the whole import."""

    def put_entries(self, prefix: str, entries: list[dict]) -> None:
        """Write these index lines into one shard, in one write."""

    def unused_id(self) -> str:
        """A new match id not in the index (under the lock)."""

    def read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        """The match in a file, checked in full (raises OSError or DamagedFile)."""


class ImportCommit:
    """roll_forward (a committed stage into the store), finish_imports (the open's) and
    remove_imported (an import undone)."""

    def __init__(self, store: CommitTarget):
        self._store = store
        self.layout = store.layout
        self.restored_events: list[str] = []  # the events the last commit stored (their ids)

    def fresh_id(self, taken: set[str]) -> str:
        """A new id, neither stored nor in `taken` (under the lock)."""
        mid = self._store.unused_id()
        while mid in taken:
            mid = self._store.unused_id()
        return mid

    def roll_forward(self, folder: Path) -> dict[str, str]:
        """Move a committed stage's match files into matches/ and index them, then drop the stage.

        A shard at a time, each under the lock and the lock released between, so every
        phone's save goes on during a long commit: the import is decided already (the
        marker), and an open finishes it after a crash. Safe to repeat. Returns the ids
        changed because another import or a new match took them since they were chosen.
        """
        staged = staged_files(folder)
        taken = {mid for mid, _ in staged}
        renamed: dict[str, str] = {}
        with self._store.locked():
            # Not grown line by line: an import keeps memory flat; the next read reloads.
            self._store.index.forget()
        for prefix, files in by_shard(staged).items():
            for start in range(0, len(files), CHUNK):
                chunk = files[start : start + CHUNK]
                # Read before the lock is taken: it is held only to move the files and index them.
                lines = {mid: _staged_line(folder, mid, revision) for mid, revision in chunk}
                with self._store.locked():
                    renamed.update(self._commit_chunk(folder, prefix, chunk, lines, taken))
        # A backup's events, once its matches are in (before the stage goes: a crash here and
        # the next open stores them, never twice).
        self.restored_events = finish_staged_events(folder, self.layout.root, renamed)
        remove_stage(folder)
        return renamed

    def _commit_chunk(
        self,
        folder: Path,
        prefix: str,
        files: list[tuple[str, int]],
        lines: dict[str, dict | None],
        taken: set[str],
    ) -> dict[str, str]:
        """Under the lock: staged files of one shard into matches/, their lines in one write."""
        present = self._store.index.entries(prefix)
        renamed: dict[str, str] = {}
        entries: dict[str, list[dict]] = {}  # by shard: a new id may belong to another one
        moved = []
        for mid, revision in files:
            line = lines.get(mid)
            if mid in present:  # taken since it was chosen: a new id, its index line replayed
                new = self.fresh_id(taken)
                taken.add(new)
                restage(folder / f"{mid}.{revision}.json", folder / f"{new}.{revision}.json", new)
                renamed[mid], mid, line = new, new, None
            os.replace(folder / f"{mid}.{revision}.json", self.layout.match_file(mid, revision))
            moved.append((mid, revision, line))
        fsync_dir(self.layout.matches_dir)
        for mid, revision, line in moved:
            entry = line or self._replayed_entry(mid, revision)
            # A file without its line (none, short of damage): the next open's reconcile.
            if entry is not None:
                entries.setdefault(shard_of(mid), []).append(entry)
        for shard, found in sorted(entries.items()):
            self._store.put_entries(shard, found)
        return renamed

    def remove_imported(self, imported: Iterable[tuple[str, int]]) -> tuple[int, list[str]]:
        """Undo an import: remove each (id, revision) it added that is still at that revision.

        A match saved since (another phone recorded a deal in it) is kept, and its id is
        returned; one deleted since is passed over. A shard at a time, one index write
        each, the lock released between: saves go on while a large import is undone.
        Returns how many were removed and the ids kept.
        """
        removed, kept, dropped = 0, [], set()
        chunks = (
            (prefix, files[at : at + CHUNK])
            for prefix, files in by_shard(list(imported)).items()
            for at in range(0, len(files), CHUNK)
        )
        for prefix, files in chunks:
            with self._store.locked():
                present = self._store.index.entries(prefix)
                here = [(mid, rev) for mid, rev in files if mid in present]
                gone = [(mid, rev) for mid, rev in here if present[mid]["revision"] == rev]
                kept += [mid for mid, rev in here if present[mid]["revision"] != rev]
                if gone:
                    # Index lines first, as a delete does: a crash before the files go brings
                    # them back, no more.
                    with disk_writes("the deletion"):
                        self._store.index.drop_many(prefix, [mid for mid, _ in gone])
                    for mid, rev in gone:
                        # Removed already; the open removes a file left behind.
                        with contextlib.suppress(OSError):
                            os.unlink(self.layout.match_file(mid, rev))
                removed += len(gone)
                dropped.update(mid for mid, _ in gone)
        drop_restored_events(self.layout.root, dropped)
        return removed, kept

    def _replayed_entry(self, mid: str, revision: int) -> dict | None:
        """The index line of a match file moved in without a usable line beside it."""
        path = self.layout.match_file(mid, revision)
        try:
            stored, standings = self._store.read_match_file(path, mid)
            return index_entry(stored, path.stat().st_size, standings)
        except (OSError, DamagedFile):
            return None

    def finish_imports(self) -> None:
        """At open: an import whose process died is finished if it reached its commit point, else
        removed."""
        for folder in self.layout.import_stages():
            if not claim_dead_stage(folder):
                continue  # alive in another process (or thread): its own to finish
            if (folder / COMMITTED).exists():
                self.roll_forward(folder)
            else:
                remove_stage(folder)


def line_file(folder: Path, mid: str, revision: int) -> Path:
    """Where a staged match file's index line waits for the commit (not a name staged_files()
    lists)."""
    return folder / f"{mid}.{revision}.line"


def _staged_line(folder: Path, mid: str, revision: int) -> dict | None:
    """The index line written beside a staged match file, if it is that file's (None: replay it)."""
    try:
        size = (folder / f"{mid}.{revision}.json").stat().st_size
        line = read_json_file(line_file(folder, mid, revision))
    except (OSError, DamagedFile):
        return None  # no line beside it (a crash cut it short): the file is replayed
    if (
        isinstance(line, dict)
        and line.get("id") == mid
        and line.get("revision") == revision
        and line.get("size") == size
        and valid_entry(line, str(doc_id_of(mid)))
    ):
        return line
    return None
