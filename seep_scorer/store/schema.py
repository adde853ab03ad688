"""The store's schema: store.json (schema version and settings), the migrations between versions,
and the notices of what was repaired at open.

store.json: which schema the store is at, and the settings; put right when found damaged.

Why a module of its own: the settings file is the one file that is neither a
match nor the index, and its repair is its own (the settings come back from the
newest automatic backup holding them, or go back to their defaults, with a
notice; the matches are not affected).

StoreFile sees the store only through StoreFileTarget, defined here because it
is its consumer; the repository hands it an adapter (store/tinyrepo.py). Its callers
hold the store lock.
"""

from __future__ import annotations

import errno
import os
import shutil
import time
from pathlib import Path
from typing import Callable, Protocol

from seep_scorer.rules import errors
from seep_scorer.store.files import Layout, fsync_dir, is_match_id, shard_of
from seep_scorer.store.repository import StoreError
from seep_scorer.store.tinyfiles import DamagedFile, open_db, open_regular, put_first_doc

__all__ = [
    "StoreFile",
    "StoreFileTarget",
    "MigrationTarget",
    "MIGRATIONS",
    "current_schema",
    "migrate",
    "migrate_2_to_3",
    "backup_before_migration",
    "Notice",
    "MatchLabel",
    "match_label",
    "match_restored",
    "match_lost",
    "index_rebuilt",
    "store_file_restored",
    "auto_backup_failed",
]


class StoreFileTarget(Protocol):
    """What the settings file may use of the store, and nothing more."""

    layout: Layout
    notices: list[str]  # a repaired settings file is told here

    def move_aside(self, path: Path) -> Path:
        """Move a damaged file into damaged/ (never deleting it) and return where it went."""

    def settings_in_backups(self) -> tuple[dict | None, str | None]:
        """The settings of the newest automatic backup holding them, and that backup's time."""


class StoreFile:
    """The schema version and the settings of one store (store.json), open until close()."""

    def __init__(self, store: StoreFileTarget):
        self._store = store
        self.layout = store.layout
        self._db = open_db(self.layout.store_file)

    def close(self) -> None:
        self._db.close()

    def schema_at_open(self) -> int:
        """The store's schema; a new store is written as the current one, a damaged file put
        right."""
        try:
            meta = self._db.table("meta").get(doc_id=1)
            if meta is not None and not (type(meta.get("schema")) is int and meta["schema"] >= 1):
                raise DamagedFile(
                    self.layout.store_file,
                    "does not have the shape of a settings file: "
                    "it does not say which version of the store it is",
                )
            self._db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            return self._repair(damage)
        if meta is None:  # a new store
            self.set_schema(current_schema())
            return current_schema()
        return meta["schema"]

    def set_schema(self, version: int) -> None:
        put_first_doc(self._db, "meta", {"schema": version})

    def settings(self) -> dict:
        try:
            doc = self._db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            self._repair(damage)
            doc = self._db.table("settings").get(doc_id=1)
        return dict(doc) if doc else {}

    def put_settings(self, settings: dict) -> None:
        put_first_doc(self._db, "settings", settings)

    def _repair(self, damage: DamagedFile) -> int:
        moved = self._store.move_aside(damage.path)
        settings, backup_time = self._store.settings_in_backups()
        # store.json named the schema: the files of every schema since have the current layout.
        version = current_schema()
        self._db.close()
        self._db = open_db(self.layout.store_file)
        self.set_schema(version)
        if settings:
            self.put_settings(settings)
        self._store.notices.append(store_file_restored(damage.reason, moved, backup_time))
        return version


# ---- migrations
# Store schema versions and the ordered migrations between them, run at open after a backup.
#
# Schema 1 (everything in one TinyDB file, seep-scorer.json) was never written by a
#   release: there is no migration from it (a store.json naming it is refused in
#   plain words, and a seep-scorer.json is not the store's).
# Schema 2: store.json + index/<xy>.json + matches/<id>.<rev>.json (store/files.py).
# Schema 3: the same files; each index line also holds the match's players, its
#   winner and its statistics contribution (records.py). The migration rebuilds
#   every index line from the match files.
#
# To add schema N+1: write `migrate_N_to_N1(target)` and append (N, it) to
# MIGRATIONS. A migration must be safe to run again on a half-migrated store (a
# crash during it reruns it at the next open).
#
# A migration sees the store only through MigrationTarget, defined here because
# the migrations are its consumer: exactly what they need, never the repository's
# private parts. The repository hands them an adapter (store/tinyrepo.py).


class MigrationTarget(Protocol):
    """What a migration may use of the store, and nothing more."""

    layout: Layout
    # The copy of the store taken before this run of migrations (set by migrate).
    last_migration_backup: Path | None

    def index_lines_as_stored(self, prefix: str) -> dict[str, dict]:
        """One index shard's lines as they are on disk, of any schema, unchecked: {id: line}
        ({} if unreadable)."""

    def index_line_from_files(self, match_id: str, revisions: list[int]) -> dict | None:
        """The current index line of a match, built from the newest of its files (`revisions`,
        newest first) that reads back whole; None when none does (the open's repair then takes
        over)."""

    def write_index_shard(self, prefix: str, lines: dict[str, dict]) -> None:
        """Replace one index shard, whatever it held, with `lines` ({id: line}), in one atomic
        write."""

    def restore_lost_match(self, match_id: str) -> None:
        """A match that had an index line but has no file: restored from the automatic backups,
        or reported lost."""

    def set_schema(self, version: int) -> None:
        """Record that the store is now at schema `version`."""


def migrate_2_to_3(target: MigrationTarget) -> None:
    """Every index line rebuilt from the match files, with players, winner and statistics
    contribution.

    A shard at a time, each replaced whole: a crash leaves some shards rebuilt and
    some not, and a rerun simply rebuilds them all again (the files are the truth).
    """
    layout = target.layout
    files: dict[str, dict[str, list[int]]] = {}
    for mid, revs in layout.scan_match_files().items():
        files.setdefault(shard_of(mid), {})[mid] = sorted(revs, reverse=True)
    for prefix in sorted(set(layout.shard_prefixes()) | files.keys()):
        old = target.index_lines_as_stored(prefix)
        lines = {}
        for mid, revs in files.get(prefix, {}).items():
            line = target.index_line_from_files(mid, revs)
            if line is not None:
                lines[mid] = line
        target.write_index_shard(prefix, lines)
        for mid in sorted(old.keys() - files.get(prefix, {}).keys()):
            if is_match_id(mid) and shard_of(mid) == prefix:
                target.restore_lost_match(mid)  # as the open would have: from a backup, or a notice


# (from schema, migration to the next), in order.
MIGRATIONS: list[tuple[int, Callable[[MigrationTarget], None]]] = [
    (2, migrate_2_to_3),
]


def current_schema() -> int:
    return MIGRATIONS[-1][0] + 1


def _copy_durably(src: Path, dest: Path) -> None:
    """Copy a regular file; a pipe, device or link there is not the store's and is left out."""
    try:
        fin = open_regular(src)
    except DamagedFile:
        return  # a pipe would hang the copy with the store's lock held
    with fin, open(dest, "wb") as fout:
        shutil.copyfileobj(fin, fout, 1024 * 1024)
        fout.flush()
        os.fsync(fout.fileno())


def backup_before_migration(layout: Layout, version: int) -> Path:
    """A full copy of the store as it is, in backups/before-schema-<next>-<time>/."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    dest = layout.backups_dir / f"before-schema-{version + 1}-{stamp}"
    n = 1
    while dest.exists():
        n += 1
        dest = layout.backups_dir / f"before-schema-{version + 1}-{stamp}-{n}"
    skip = {layout.backups_dir, layout.damaged_dir, layout.lock_file}
    for folder, dirs, files in os.walk(layout.root):
        here = Path(folder)
        dirs[:] = [d for d in dirs if here / d not in skip]
        target = dest / here.relative_to(layout.root)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            if here / name not in skip:
                _copy_durably(here / name, target / name)
        fsync_dir(target)
    fsync_dir(layout.backups_dir)
    return dest


def migrate(target: MigrationTarget, version: int) -> None:
    """Run every migration from `version` to the current schema, in order, after one full backup.

    A version no migration starts from is refused before anything is copied or changed."""
    if version not in {from_version for from_version, _ in MIGRATIONS}:
        raise StoreError("store_version_unknown", version=version)
    target.last_migration_backup = backup_before_migration(target.layout, version)
    for from_version, step in MIGRATIONS:
        if from_version < version:
            continue
        step(target)
        version = from_version + 1
        target.set_schema(version)


# ---- repair notices
# What the store tells the user when it found and repaired damage at open: a code and its params.
#
# The words live in one place, seep_scorer.i18n.faults (the command line and the UI alike, through
# the gettext catalogs). The damage's reason and a failed write's cause are technical: they are kept
# as params (`reason`, `problem`, `why`) for the log and the command line's detail, never the phone.

# Every code a notice can carry; seep_scorer.i18n.faults has a sentence for each (tests/i18n).
NOTICE_CODES = (
    "match_restored",
    "match_lost",
    "index_rebuilt",
    "settings_restored",
    "auto_backup_failed",
)


class _Named:
    __slots__ = ("code", "params")

    def __init__(self, code: str, params: dict) -> None:
        self.code, self.params = code, params


class Notice(str):
    """A notice's English words (for logs, tests and scripts that read them as text), naming it by
    `code` and `params` (plain values: str, int, bool, None, a pair of team names)."""

    code: str
    params: dict

    def __new__(cls, code: str, **params) -> "Notice":
        named = _Named(code, params)
        text = errors.english(named) if errors.english else errors.plain(code, params)
        notice = super().__new__(cls, text)
        notice.code, notice.params = code, params
        return notice


class MatchLabel:
    """The match a notice is about: its `teams` when known, and its `match_id` (or, for an old
    store's match known only by its number there, `stored_as`)."""

    __slots__ = ("teams", "match_id", "stored_as")

    def __init__(self, teams, match_id: str, stored_as: bool = False) -> None:
        self.teams = (str(teams[0]), str(teams[1])) if teams else None
        self.match_id = str(match_id)
        self.stored_as = stored_as


def match_label(teams, match_id: str) -> MatchLabel:
    return MatchLabel(teams, match_id)


def _match(label: MatchLabel) -> dict:
    return {"teams": label.teams, "match_id": label.match_id, "stored_as": label.stored_as}


def _moved(moved: Path | None) -> str | None:
    return str(moved) if moved else None


def match_restored(
    label: MatchLabel, reason: str, moved: Path | None, source: str, backup_time: str | None
) -> Notice:
    return Notice(
        "match_restored",
        **_match(label),
        reason=reason,
        moved=_moved(moved),
        source=source,
        time=backup_time,
    )


def match_lost(label: MatchLabel, reason: str, moved: Path | None) -> Notice:
    return Notice("match_lost", **_match(label), reason=reason, moved=_moved(moved))


def index_rebuilt(reason: str, moved: Path) -> Notice:
    return Notice("index_rebuilt", reason=reason, moved=str(moved))


def store_file_restored(reason: str, moved: Path, backup_time: str | None) -> Notice:
    return Notice("settings_restored", reason=reason, moved=str(moved), time=backup_time)


def auto_backup_failed(why: str, err: BaseException) -> Notice:
    """`why` is the technical cause; `disk` names it for the user: full, read_only, denied or
    other."""
    number = getattr(err, "errno", None)
    disk = (
        {
            errno.ENOSPC: "full",
            getattr(errno, "EDQUOT", errno.ENOSPC): "full",
            errno.EROFS: "read_only",
            errno.EACCES: "denied",
            errno.EPERM: "denied",
        }.get(number, "other")
        if isinstance(err, OSError)
        else "other"
    )
    return Notice("auto_backup_failed", disk=disk, why=why)
