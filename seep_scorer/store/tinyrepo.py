"""MatchRepository over TinyDB: a small file per match, a sharded index, atomic writes, self-repair at open.

Why this layout (see layout.py): TinyDB rewrites a whole file on every write, so
a save must touch only small files. A save writes the match's own file (under
a new name carrying the revision, matchdb.py), then the index shard holding
that match's summary line (one of 256, chosen by a hash of the id, shards.py),
then removes the previous match file. Each step is atomic; after a crash between
steps the open sees two revisions of one match, or a file newer than its index
line, and finishes the job. Nothing a caller was told "saved" can be lost.

This module holds the repository's life cycle (open: clean up, migrate,
reconcile, back up; close), its locking, when repair runs (at open, and when a
read finds damage; how is repair.py), the MatchRepository operations and the
settings. Repair, import (importing.py, staging.py), export and backups as a
stream (export.py) and automatic backups (autobackup.py) are mixins of the one
class; migrations (migrations.py) see it only through their MigrationTarget.

All work is serialised by a thread lock (the web server serves several
sessions from threads) and, where the platform has it, an flock on `.lock`, so
the command line can run beside the server. The lock is never held while
writing to a stream outside the store (a backup to a pipe nobody reads, say).
"""

from __future__ import annotations

import contextlib
import os
import threading
from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from datetime import datetime as datetime_type
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb import TinyDB

from ..rules import Match, Standings
from ..stats import Stats, aggregate
from .atomic import remove_temp_files
from .autobackup import AutoBackupMixin
from .diskfaults import WriteFailed, disk_writes
from .export import ExportMixin
from .history import select
from .importing import ImportMixin
from .indexview import IndexView
from .layout import Layout, is_match_id, new_match_id, next_revision, shard_of
from .matchdb import read_match, write_match_file
from .migrations import current_schema, has_legacy_store, migrate
from .notices import store_file_restored
from .records import canonical_match, index_entry, now_iso, setting_value
from .repair import RepairMixin
from .repository import (
    KnownNames,
    MatchNotFound,
    MatchPage,
    MatchQuery,
    MatchSummary,
    StaleRevision,
    StoredMatch,
    StoreError,
)
from .shards import IndexShards
from .storage import DamagedFile, open_db, put_first_doc

try:
    import fcntl
except ImportError:  # Windows: one process at a time is the user's business there
    fcntl = None

__all__ = [
    "TinyMatchRepository",
    "WriteFailed",
]  # WriteFailed: what a write the disk refuses raises


class TinyMatchRepository(RepairMixin, ImportMixin, ExportMixin, AutoBackupMixin):
    """The app's match store in one data folder. Get it from `open_repository()`, not directly."""

    def __init__(
        self, data_dir: Path, on_close: Callable[[TinyMatchRepository], None] | None = None
    ):
        """`on_close` is called with the repository once it is closed (the registry forgets it there)."""
        self.data_dir = Path(data_dir)
        self._on_close = on_close
        self.layout = Layout(self.data_dir)
        self.notices: list[str] = []
        self.closed = False
        self._lock = threading.RLock()
        self._depth = 0
        self._index = IndexShards(self.layout, self._rebuild_shard)
        self._view = IndexView()
        self._init_auto_backups()
        try:
            self.layout.create_folders()
            self._lock_handle = open(self.layout.lock_file, "a+b")
        except OSError as err:
            raise StoreError(
                "data_folder_unusable", folder=str(self.data_dir), reason=str(err.strerror or err)
            ) from None
        self._store_db = open_db(self.layout.store_file)
        try:
            with self._locked():
                self._open()
        except BaseException:
            self._close_files()
            raise

    # ----- locking and lifetime -----

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with self._lock:
            if self.closed:
                raise StoreError("store_closed")
            if self._depth == 0 and fcntl is not None:
                fcntl.flock(self._lock_handle.fileno(), fcntl.LOCK_EX)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and fcntl is not None:
                    fcntl.flock(self._lock_handle.fileno(), fcntl.LOCK_UN)

    def close(self) -> None:
        with self._lock:
            if not self.closed:
                self.closed = True
                self._close_files()
        if self._on_close is not None:
            self._on_close(self)

    def _close_files(self) -> None:
        self._index.close()
        self._store_db.close()
        with contextlib.suppress(OSError, AttributeError):
            self._lock_handle.close()

    # ----- open: clean up, migrate, reconcile, back up -----

    def _open(self) -> None:
        layout = self.layout
        for folder in (layout.root, layout.index_dir, layout.matches_dir, layout.backups_dir):
            remove_temp_files(folder)
        version = self._schema_at_open()
        current = current_schema()
        if version > current:
            raise StoreError(
                "store_newer", folder=str(self.data_dir), version=version, current=current
            )
        if version < current:
            migrate(_Migrating(self), version)
        self._finish_imports()
        self._reconcile()
        if self._auto_backup_due():
            self._backup_quietly()  # a full disk must not keep the matches from opening

    def _schema_at_open(self) -> int:
        try:
            meta = self._store_db.table("meta").get(doc_id=1)
            if meta is not None and not (type(meta.get("schema")) is int and meta["schema"] >= 1):
                raise DamagedFile(
                    self.layout.store_file,
                    "does not have the shape of a settings file: "
                    "it does not say which version of the store it is",
                )
            self._store_db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            return self._repair_store_file(damage)
        if meta is None:  # a new store, or schema 1, which had no store.json
            version = 1 if has_legacy_store(self.layout) else current_schema()
            if version > 1:
                self._set_schema(version)
            return version
        return meta["schema"]

    def _set_schema(self, version: int) -> None:
        put_first_doc(self._store_db, "meta", {"schema": version})

    def _repair_store_file(self, damage: DamagedFile) -> int:
        moved = self._move_aside(damage.path)
        settings, backup_time = self._settings_in_backups()
        # store.json names the schema; without it, the layout on disk tells.
        version = 1 if has_legacy_store(self.layout) else current_schema()
        self._store_db.close()
        self._store_db = open_db(self.layout.store_file)
        self._set_schema(version)
        if settings:
            put_first_doc(self._store_db, "settings", settings)
        self.notices.append(store_file_restored(damage.reason, moved, backup_time))
        return version

    # ----- files -----

    def _read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        """The match in a file, checked in full, and the standings of that one replay (for its index line)."""
        return read_match(path, mid)

    def _commit(
        self, stored: StoredMatch, match_dict: dict, old_revision: int | None, standings: Standings
    ) -> None:
        """Match file first, then its index line, then drop the old file: a crash anywhere is repaired at open."""
        size = write_match_file(
            stored, match_dict, self.layout.match_file(stored.id, stored.revision)
        )
        try:
            self._put_entry(stored, size, standings)
        except BaseException:
            # The caller hears "not saved": the next open must not pick this file as the newest revision.
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
        """The history and statistics view of the index as it is now (see indexview.py). Under the lock."""
        return self._view.refresh(self._index.cached_lines(), self._index.version)

    def list_matches(self) -> list[MatchSummary]:
        """In progress first, then newest first. Reads only the index (in memory), never a match file."""
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
        """The figures of stats.md from the contributions in the index: never a match file."""
        if since is not None and not isinstance(since, date):
            raise TypeError("since must be a date or None")
        if isinstance(since, datetime_type):
            since = since.date()
        with self._locked():
            view = self._current_view()
            stats, version, contributions = (
                view.cached_statistics(since),
                view.version,
                view.contributions,
            )
        if stats is None:  # folded outside the lock: saves from other phones do not wait for it
            stats = aggregate(contributions, since)
            with self._locked():
                view.keep_statistics(version, since, stats)
        # The lists are the caller's to sort; the cached figures stay as they are.
        return replace(
            stats,
            players=list(stats.players),
            partnerships=list(stats.partnerships),
            head_to_head=list(stats.head_to_head),
        )

    def get(self, match_id: str) -> StoredMatch:
        if not is_match_id(match_id):
            raise MatchNotFound(match_id)
        with self._locked():
            entry = self._index.get(match_id)
            if entry is None:
                raise MatchNotFound(match_id)
            try:
                return self._read_match_file(
                    self.layout.match_file(match_id, entry["revision"]), match_id
                )[0]
            except (FileNotFoundError, DamagedFile):
                pass
            stored = self._load(match_id, entry, self.layout.revisions_of(match_id))
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
        self._backup_if_due()
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
        self._backup_if_due()
        return stored

    def delete(self, match_id: str) -> StoredMatch:
        with self._locked():
            stored = self.get(match_id)
            # Index line first: a crash before the file goes only brings the match back.
            with disk_writes("deletion"):
                self._index.drop(match_id)
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
            # The index is enough: the open made it agree with the files, and every write keeps it so.
            if self._index.get(mid) is None:
                return mid

    # ----- settings -----

    def _settings(self) -> dict:
        try:
            doc = self._store_db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            self._repair_store_file(damage)
            doc = self._store_db.table("settings").get(doc_id=1)
        return dict(doc) if doc else {}

    def get_setting(self, key: str, default: Any = None) -> Any:
        with self._locked():
            return self._settings().get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        value = setting_value(key, value)
        with self._locked():
            settings = self._settings()
            settings[key] = value
            with disk_writes("setting"):
                put_first_doc(self._store_db, "settings", settings)


class _Migrating:
    """The repository as the migrations see it (migrations.MigrationTarget): what they need and nothing more."""

    def __init__(self, repo: TinyMatchRepository):
        self._repo = repo
        self.layout = repo.layout
        self.notices = repo.notices
        self.last_migration_backup: Path | None = None

    def stored_entry(self, match_id: str) -> dict | None:
        return self._repo._index.get(match_id)

    def commit_migrated(self, stored: StoredMatch, match_dict: dict, standings: Standings) -> None:
        self._repo._commit(stored, match_dict, None, standings)

    def index_lines_as_stored(self, prefix: str) -> dict[str, dict]:
        return self._repo._index.raw_lines(prefix)

    def index_line_from_files(self, match_id: str, revisions: list[int]) -> dict | None:
        for revision in revisions:
            path = self.layout.match_file(match_id, revision)
            try:
                stored, standings = self._repo._read_match_file(path, match_id)
                return index_entry(stored, path.stat().st_size, standings)
            except (OSError, DamagedFile):
                continue
        return None

    def write_index_shard(self, prefix: str, lines: dict[str, dict]) -> None:
        self._repo._index.replace(prefix, lines)

    def restore_lost_match(self, match_id: str) -> None:
        self._repo._load(match_id, None, [])

    def move_aside(self, path: Path) -> Path:
        return self._repo._move_aside(path)

    def set_setting(self, key: str, value: Any) -> None:
        self._repo.set_setting(key, value)

    def set_schema(self, version: int) -> None:
        self._repo._set_schema(version)
