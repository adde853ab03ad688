"""The TinyDB repository, the matches it just saved, and the adapters its collaborators see it
through.

MatchRepository over TinyDB: a small file per match, a sharded index, atomic writes, self-repair
at open.

Why this layout (see store/files.py): TinyDB rewrites a whole file on every write, so
a save must touch only small files. A save writes the match's own file (under
a new name carrying the revision, store/tinyfiles.py), then the index shard holding
that match's summary line (one of 256, chosen by a hash of the id, store/index.py),
then removes the previous match file. Each step is atomic; after a crash between
steps the open sees two revisions of one match, or a file newer than its index
line, and finishes the job. Nothing a caller was told "saved" can be lost.

This module holds the repository's life cycle (open: clean up, migrate,
reconcile, back up; close), its locking, when repair runs (at open, and when a
read finds damage), the MatchRepository operations and the settings. The rest
is done by small collaborators it composes, each seeing the repository only
through a Protocol it owns, implemented by an adapter (below): repair
(repair.py), import and its commit (store/backup/imports.py, store/backup/imports.py), export and
backups as a stream (store/backup/exports.py), automatic backups (store/backup/auto.py), the
settings file (store/schema.py) and migrations (store/schema.py).

All work is serialised by a thread lock (the web server serves several
sessions from threads) and, where the platform has it, an flock on `.lock`, so
the command line can run beside the server. The lock is never held while
writing to a stream outside the store (a backup to a pipe nobody reads, say).
"""

from __future__ import annotations

import contextlib
import os
from collections import OrderedDict
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import IO, Any, Callable, Iterable

from tinydb import TinyDB

from seep_scorer.rules import Match, Standings
from seep_scorer.stats import Stats
from seep_scorer.stats.ratings import PlayerRating, Surprise
from seep_scorer.store.backup.auto import AutoBackups
from seep_scorer.store.backup.exports import Export
from seep_scorer.store.backup.file import BackupRecord
from seep_scorer.store.backup.imports import ImportCommit, Importer
from seep_scorer.store.files import (
    Layout,
    StoreLock,
    WriteFailed,
    disk_writes,
    is_match_id,
    new_match_id,
    next_revision,
    remove_temp_files,
    shard_of,
)
from seep_scorer.store.index import IndexShards, IndexView, select
from seep_scorer.store.records import canonical_match, index_entry, now_iso, setting_value
from seep_scorer.store.repair import Repair
from seep_scorer.store.repository import (
    KnownNames,
    MatchNotFound,
    MatchPage,
    MatchQuery,
    MatchSummary,
    StaleRevision,
    StoredMatch,
    StoreError,
)
from seep_scorer.store.schema import StoreFile, current_schema, migrate
from seep_scorer.store.statistics import RatingKeeper, StatisticsReader
from seep_scorer.store.tinyfiles import DamagedFile, read_match, write_match_file

__all__ = [
    "TinyMatchRepository",
    "WriteFailed",
    "RecentMatches",
    "BackingUp",
    "Exporting",
    "Importing",
    "Migrating",
    "Repairing",
    "StoreFiling",
    "Viewing",
]


class TinyMatchRepository:
    """The app's match store in one data folder. Get it from `open_repository()`, not directly."""

    def __init__(
        self, data_dir: Path, on_close: Callable[[TinyMatchRepository], None] | None = None
    ):
        """`on_close` is called with the repository once it is closed (the registry forgets it
        there)."""
        self.data_dir = Path(data_dir)
        self._on_close = on_close
        self.layout = Layout(self.data_dir)
        self.notices: list[str] = []
        # Late-bound: each looks the repository's own method up when called, as a call on the
        # repository would (a test may replace one).
        inner = Internals(
            locked=lambda: self._locked(),
            index=lambda: self._index,
            read_match_file=lambda path, mid: self._read_match_file(path, mid),
            commit=lambda *args: self._commit(*args),
            put_entry=lambda *args: self._put_entry(*args),
            put_entries=lambda *args: self._put_entries(*args),
            unused_id=lambda: self._unused_id(),
            current_view=lambda: self._current_view(),
            repair=lambda: self._repair,
            store_file=lambda: self._store_file,
        )
        # Import (backup/imports.py), its commit and its undo.
        self._import_commit = ImportCommit(Importing(self, inner))
        self._import = Importer(Importing(self, inner), self._import_commit)
        self._export = Export(Exporting(self, inner))  # match files, CSV and backups out
        # Damage found and put right (repair.py); a damaged index shard is rebuilt by it.
        self._inner = inner
        self._repair = Repair(Repairing(self, inner))
        self._index = IndexShards(self.layout, self._repair.rebuild_shard)
        self._recent = RecentMatches()  # read back by every phone at the table
        self._view = IndexView()
        ratings = RatingKeeper(self.data_dir, writable=lambda: not self.closed)
        self._statistics = StatisticsReader(Viewing(self, inner), ratings)
        # The daily automatic backups (store/backup/auto.py): when they are taken, and where.
        self.auto_backup = AutoBackups(BackingUp(self, inner))
        try:
            self.layout.create_folders()
            self._store_lock = StoreLock(self.layout.lock_file)  # store/files.py
        except OSError as err:
            raise StoreError(
                "data_folder_unusable", folder=str(self.data_dir), reason=str(err.strerror or err)
            ) from None
        self._store_file = StoreFile(
            StoreFiling(self, inner)
        )  # the schema and settings (store/schema.py)
        try:
            with self._locked():
                self._open()
        except BaseException:
            self._store_lock.close(self._close_files)
            raise

    # ----- locking and lifetime -----

    def _locked(self) -> AbstractContextManager[None]:
        return self._store_lock.held()

    @property
    def closed(self) -> bool:
        return self._store_lock.closed

    def close(self) -> None:
        self._store_lock.close(self._close_files)
        if self._on_close is not None:
            self._on_close(self)

    def _close_files(self) -> None:
        self._index.close()
        self._store_file.close()

    # ----- open: clean up, migrate, reconcile, back up -----

    def _open(self) -> None:
        layout = self.layout
        for folder in (layout.root, layout.index_dir, layout.matches_dir, layout.backups_dir):
            remove_temp_files(folder)
        version = self._store_file.schema_at_open()
        current = current_schema()
        if version > current:
            raise StoreError(
                "store_newer", folder=str(self.data_dir), version=version, current=current
            )
        if version < current:
            migrate(Migrating(self, self._inner), version)
        self._import_commit.finish_imports()
        self._repair.reconcile()
        if self.auto_backup.due():
            self.auto_backup.backup_quietly()  # a full disk must not keep the matches from opening

    # ----- files -----

    def _read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        """The match in a file, checked in full, and the standings of that one replay (for its
        index line)."""
        return read_match(path, mid)

    def _commit(
        self, stored: StoredMatch, match_dict: dict, old_revision: int | None, standings: Standings
    ) -> None:
        """Match file first, then its index line, then drop the old file: a crash anywhere is
        repaired at open."""
        size = write_match_file(
            stored, match_dict, self.layout.match_file(stored.id, stored.revision)
        )
        try:
            self._put_entry(stored, size, standings)
        except BaseException:
            # The caller hears "not saved": the next open must not pick this file as the newest
            # revision.
            with contextlib.suppress(OSError):
                os.unlink(self.layout.match_file(stored.id, stored.revision))
            raise
        if old_revision is not None and old_revision != stored.revision:
            with contextlib.suppress(OSError):  # saved already; the open removes a file left behind
                os.unlink(self.layout.match_file(stored.id, old_revision))

    # ----- index shards -----

    def _shard(self, prefix: str) -> TinyDB:
        return self._index.db(prefix)

    def _put_entry(self, stored: StoredMatch, size: int, standings: Standings) -> None:
        self._put_entries(shard_of(stored.id), [index_entry(stored, size, standings)])

    def _put_entries(self, prefix: str, entries: list[dict]) -> None:
        self._index.put(prefix, entries)

    # ----- MatchRepository -----

    def _current_view(self) -> IndexView:
        """The history and statistics view of the index as it is now (see store/index.py). Under
        the lock."""
        return self._view.refresh(self._index.cached_lines(), self._index.version)

    def list_matches(self) -> list[MatchSummary]:
        """In progress first, then newest first. Reads only the index (in memory), never a match
        file."""
        with self._locked():
            return list(self._current_view().ordered)

    def find_matches(self, query: MatchQuery) -> MatchPage:
        with self._locked():
            view = self._current_view()
            ordered, keys = view.ordered, view.keys
        return select(ordered, query, keys)

    def known_names(self) -> KnownNames:
        with self._locked():
            return self._current_view().known_names()

    def statistics(self, since: date | None = None) -> Stats:
        return self._statistics.statistics(since)

    def rating_history(self, player: str) -> list[tuple[str, PlayerRating]]:
        return self._statistics.rating_history(player)

    def rating_surprises(self, player: str) -> tuple[list[Surprise], list[Surprise]]:
        return self._statistics.rating_surprises(player)

    def get(self, match_id: str) -> StoredMatch:
        if not is_match_id(match_id):
            raise MatchNotFound(match_id)
        with self._locked():
            entry = self._index.get(match_id)
            if entry is None:
                raise MatchNotFound(match_id)
            recent = self._recent.get(entry)
            if recent is not None:
                return recent
            try:
                return self._read_match_file(
                    self.layout.match_file(match_id, entry["revision"]), match_id
                )[0]
            except (FileNotFoundError, DamagedFile):
                pass
            stored = self._repair.load(match_id, entry, self.layout.revisions_of(match_id))
            if stored is None:
                notice = self.notices[-1]
                raise StoreError(notice.code, **notice.params)
            return stored

    def create(self, match: Match) -> StoredMatch:
        canonical, as_dict, standings = canonical_match(match)
        with self._locked():
            mid = self._unused_id()
            now = now_iso()
            stored = StoredMatch(mid, canonical, 1, now, now, standings.finished)
            with disk_writes("new_match"):
                self._commit(stored, as_dict, None, standings)
        self.auto_backup.backup_if_due()
        return stored

    def save(self, match_id: str, match: Match, base_revision: int) -> StoredMatch:
        if not is_match_id(match_id):
            raise MatchNotFound(match_id)
        canonical, as_dict, standings = canonical_match(match)
        with self._locked():
            entry = self._index.get(match_id)
            if entry is None:
                raise MatchNotFound(match_id)
            if entry["revision"] != base_revision:
                raise StaleRevision(match_id, base_revision, entry["revision"])
            stored = StoredMatch(
                match_id,
                canonical,
                next_revision(base_revision),
                entry["created"],
                now_iso(),
                standings.finished,
            )
            with disk_writes("change"):
                self._commit(stored, as_dict, base_revision, standings)
            self._recent.keep(stored)
        self.auto_backup.backup_if_due()
        return stored

    def delete(self, match_id: str) -> StoredMatch:
        with self._locked():
            stored = self.get(match_id)
            # Index line first: a crash before the file goes only brings the match back.
            with disk_writes("deletion"):
                self._index.drop(match_id)
            self._recent.forget(match_id)
            with contextlib.suppress(
                OSError
            ):  # deleted already; the open removes a file left behind
                os.unlink(self.layout.match_file(match_id, stored.revision))
            return stored

    def restore(self, stored: StoredMatch) -> StoredMatch:
        if not is_match_id(stored.id):
            raise StoreError("not_match_id", id=str(stored.id)[:80])
        canonical, as_dict, standings = canonical_match(stored.match)
        with self._locked():
            if self._index.get(stored.id) is not None:
                raise StoreError("already_stored", id=stored.id)
            back = StoredMatch(
                stored.id,
                canonical,
                stored.revision,
                stored.created,
                stored.updated,
                standings.finished,
            )
            with disk_writes("put_back"):
                self._commit(back, as_dict, None, standings)
            return back

    def _unused_id(self) -> str:
        while True:
            mid = new_match_id()
            # The index is enough: the open made it agree with the files; every write keeps it so.
            if self._index.get(mid) is None:
                return mid

    # ----- import (store/backup/imports.py, store/backup/imports.py) -----

    def import_file(self, path: str | os.PathLike) -> list[StoredMatch]:
        """Import a match file or a backup file, whole or not at all; the imported matches."""
        return self._import.import_file(path)

    def import_file_ids(self, path: str | os.PathLike, skip_present: bool = False) -> list[str]:
        """As import_file, returning only the new ids: memory stays flat however large the
        backup. `skip_present` as for import_bytes."""
        return self._import.import_file_ids(path, skip_present)

    def import_bytes(
        self, data: bytes | str, skip_damaged: bool = False, skip_present: bool = False
    ) -> list[StoredMatch]:
        """A match file's or a backup's content, imported whole or not at all (see
        store/backup/imports.py)."""
        return self._import.import_bytes(data, skip_damaged, skip_present)

    def remove_imported(self, imported: Iterable[tuple[str, int]]) -> tuple[int, list[str]]:
        """Undo an import: each (id, revision) still at that revision is removed; how many were,
        and the ids kept because they were saved since."""
        return self._import_commit.remove_imported(imported)

    # ----- export (store/backup/exports.py) -----

    def export_match_text(self, match_id: str) -> str:
        """The match as a match file (format seep-match, version 1)."""
        return self._export.export_match_text(match_id)

    def export_csv(self, match_id: str) -> str:
        """The deal table as CSV."""
        return self._export.export_csv(match_id)

    def write_backup(self, out: IO[bytes]) -> None:
        """Every match and the settings, in the backup file format, to a binary stream (one match
        in memory at a time; the store lock is never held while a line is written)."""
        self._export.write_backup(out)

    def export_backup_text(self) -> str:
        """The backup (as write_backup writes it) as text."""
        return self._export.export_backup_text()

    # ----- automatic backups (store/backup/auto.py) -----

    def auto_backups(self) -> list[Path]:
        """The automatic backups, newest first."""
        return self.auto_backup.listed()

    def backup_now(self) -> Path:
        """Write a new automatic backup now (the oldest beyond the kept number go). Returns its
        path."""
        return self.auto_backup.backup_now()

    # ----- settings -----

    def get_setting(self, key: str, default: Any = None) -> Any:
        with self._locked():
            return self._store_file.settings().get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        value = setting_value(key, value)
        with self._locked():
            settings = self._store_file.settings()
            settings[key] = value
            with disk_writes("setting"):
                self._store_file.put_settings(settings)


# ---- the matches just saved
# The matches this process saved last, each as its newest revision.
#
# Why: in a hall, a save is read back at once by every other phone of that table and by the
# boards, each in its own session. A revision's file never changes once written (the next save
# writes the next revision's file), so the match just saved serves those reads as it is: they read
# no file and replay nothing, and take the store's lock only for the index lookup (issue 24). Only
# saves are kept, so reading many matches (an import, the history) keeps nothing.


class RecentMatches:
    def __init__(self, size: int = 128):
        self._size = size
        self._kept: OrderedDict[str, StoredMatch] = OrderedDict()  # by id, newest save last

    def get(self, entry: dict) -> StoredMatch | None:
        """The match an index line names, if this process saved that very revision. The time of
        the save too: a match deleted and another made with its id starts again at revision 1."""
        stored = self._kept.get(entry["id"])
        if stored is None or (stored.revision, stored.updated) != (
            entry["revision"],
            entry.get("updated"),
        ):
            return None
        return stored

    def keep(self, stored: StoredMatch) -> None:
        self._kept[stored.id] = stored
        self._kept.move_to_end(stored.id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)

    def forget(self, match_id: str) -> None:
        self._kept.pop(match_id, None)


# ---- the adapters
# The repository as each of its collaborators sees it: one small adapter per Protocol.
#
# Why adapters: each collaborator (automatic backups, repair, import, export,
# the settings file, migrations) owns a Protocol naming exactly what it uses of the store, and gets
# one of these instead of the repository. What an adapter needs of the repository's own workings
# (its lock, its index, writing a match) the repository lends it explicitly (`Internals`), so no
# adapter reaches into the repository's private members. Each forwards at call time, so what the
# repository does (its lock, say) is what they get.


@dataclass(frozen=True)
class Internals:
    """What the repository lends its collaborators' adapters of its own workings: each a
    function, called when used (the index and the repair exist once the repository is built)."""

    locked: Callable[[], AbstractContextManager[None]]
    index: Callable[[], IndexShards]
    read_match_file: Callable[[Path, str], tuple[StoredMatch, Standings]]
    commit: Callable[[StoredMatch, dict, int | None, Standings], None]
    put_entry: Callable[[StoredMatch, int, Standings], None]
    put_entries: Callable[[str, list[dict]], None]
    unused_id: Callable[[], str]
    current_view: Callable[[], IndexView]
    repair: Callable[[], Any]
    store_file: Callable[[], Any]


class _Adapter:
    """What every adapter gives: the store's folders, its notices and its lock."""

    def __init__(self, repo: Any, inner: Internals):
        self._repo = repo  # the TinyMatchRepository, through its public methods only
        self._inner = inner

    @property
    def layout(self) -> Layout:
        return self._repo.layout

    @property
    def notices(self) -> list[str]:
        return self._repo.notices

    def locked(self) -> AbstractContextManager[None]:
        return self._inner.locked()


class BackingUp(_Adapter):
    """The repository as the automatic backups see it (autobackup.BackedUpStore)."""

    def write_backup(self, out: IO[bytes]) -> None:
        self._repo.write_backup(out)


class Repairing(_Adapter):
    """The repository as the repair sees it (repair.RepairTarget)."""

    @property
    def index(self) -> IndexShards:
        return self._inner.index()

    def read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        return self._inner.read_match_file(path, mid)

    def commit(
        self, stored: StoredMatch, match_dict: dict, old_revision: int | None, standings: Standings
    ) -> None:
        self._inner.commit(stored, match_dict, old_revision, standings)

    def put_entry(self, stored: StoredMatch, size: int, standings: Standings) -> None:
        self._inner.put_entry(stored, size, standings)

    def find_in_backups(self, mid: str) -> tuple[BackupRecord, str] | None:
        return self._repo.auto_backup.find_match(mid)


class Exporting(_Adapter):
    """The repository as the export sees it (export.ExportSource)."""

    @property
    def index(self) -> IndexShards:
        return self._inner.index()

    def settings(self) -> dict:
        return self._inner.store_file().settings()

    def get(self, match_id: str) -> StoredMatch:
        return self._repo.get(match_id)


class Importing(_Adapter):
    """The repository as an import and its commit see it (importing.ImportTarget, which holds
    importcommit.CommitTarget)."""

    @property
    def index(self) -> IndexShards:
        return self._inner.index()

    def put_entries(self, prefix: str, entries: list[dict]) -> None:
        self._inner.put_entries(prefix, entries)

    def unused_id(self) -> str:
        return self._inner.unused_id()

    def read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        return self._inner.read_match_file(path, mid)

    def create(self, match: Match) -> StoredMatch:
        return self._repo.create(match)


class Migrating(_Adapter):
    """The repository as the migrations see it (migrations.MigrationTarget)."""

    def __init__(self, repo: Any, inner: Internals):
        super().__init__(repo, inner)
        self.last_migration_backup: Path | None = None

    def index_lines_as_stored(self, prefix: str) -> dict[str, dict]:
        return self._inner.index().raw_lines(prefix)

    def index_line_from_files(self, match_id: str, revisions: list[int]) -> dict | None:
        for revision in revisions:
            path = self.layout.match_file(match_id, revision)
            try:
                stored, standings = self._inner.read_match_file(path, match_id)
                return index_entry(stored, path.stat().st_size, standings)
            except (OSError, DamagedFile):
                continue
        return None

    def write_index_shard(self, prefix: str, lines: dict[str, dict]) -> None:
        self._inner.index().replace(prefix, lines)

    def restore_lost_match(self, match_id: str) -> None:
        self._inner.repair().load(match_id, None, [])

    def set_schema(self, version: int) -> None:
        self._inner.store_file().set_schema(version)


class StoreFiling(_Adapter):
    """The repository as its settings file sees it (storefile.StoreFileTarget)."""

    def move_aside(self, path: Path) -> Path:
        return self._inner.repair().move_aside(path)

    def settings_in_backups(self) -> tuple[dict | None, str | None]:
        return self._repo.auto_backup.find_settings()


class Viewing(_Adapter):
    """The repository as the statistics see it (statsreads.ViewSource)."""

    def current_view(self) -> IndexView:
        return self._inner.current_view()
