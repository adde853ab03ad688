"""Store schema versions and the ordered migrations between them, run at open after a backup.

Schema 1 (everything in one TinyDB file, seep-scorer.json) was never written by a
  release: there is no migration from it (a store.json naming it is refused in
  plain words, and a seep-scorer.json is not the store's).
Schema 2: store.json + index/<xy>.json + matches/<id>.<rev>.json (layout.py).
Schema 3: the same files; each index line also holds the match's players, its
  winner and its statistics contribution (records.py). The migration rebuilds
  every index line from the match files.

To add schema N+1: write `migrate_N_to_N1(target)` and append (N, it) to
MIGRATIONS. A migration must be safe to run again on a half-migrated store (a
crash during it reruns it at the next open).

A migration sees the store only through MigrationTarget, defined here because
the migrations are its consumer: exactly what they need, never the repository's
private parts. The repository hands them an adapter (adapters.py).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Callable, Protocol

from .atomic import fsync_dir
from .layout import Layout, is_match_id, shard_of
from .repository import StoreError
from .storage import DamagedFile, open_regular

__all__ = [
    "MigrationTarget",
    "MIGRATIONS",
    "current_schema",
    "migrate",
    "migrate_2_to_3",
    "backup_before_migration",
]


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
