"""Store schema versions and the ordered migrations between them, run at open after a backup.

Schema 1: everything in one TinyDB file, `seep-scorer.json`, tables "matches"
  ({id, created, updated, revision, match: <match file dict>}) and "settings"
  ({key, value}). The obvious TinyDB layout, and the one the issue rules out:
  every save rewrote all history. No release wrote it; it is here so a store in
  that shape (early builds, hand-made files) opens, and so migrations are
  exercised from the first schema on.
Schema 2: store.json + index/<xy>.json + matches/<id>.<rev>.json (layout.py).
Schema 3: the same files; each index line also holds the match's players, its
  winner and its statistics contribution (records.py). The migration rebuilds
  every index line from the match files.

To add schema N+1: write `migrate_N_to_N1(target)` and append (N, it) to
MIGRATIONS. A migration must be safe to run again on a half-migrated store (a
crash during it reruns it at the next open).

A migration sees the store only through MigrationTarget, defined here because
the migrations are its consumer: exactly what they need, never the repository's
private parts. The repository hands them an object that implements it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path
from typing import Any, Callable, Protocol

from ..rules import MatchError, Standings
from .atomic import fsync_dir
from .guards import checked
from .layout import Layout, is_match_id, shard_of
from .matchfile import match_from_dict
from .notices import (
    match_label,
    old_match_new_id,
    old_match_skipped,
    old_store_unreadable,
    stored_as_label,
)
from .records import canonical_match, is_iso
from .repository import StoredMatch, StoreError
from .storage import DamagedFile, open_regular, read_json_file

__all__ = [
    "MigrationTarget",
    "MIGRATIONS",
    "LEGACY_FILE",
    "MAX_MIGRATED_REVISION",
    "current_schema",
    "has_legacy_store",
    "migrate",
    "migrate_1_to_2",
    "migrate_2_to_3",
    "backup_before_migration",
]

LEGACY_FILE = "seep-scorer.json"
# Revisions only order saves of one match; a legacy one above this is cut down to it. Match file names
# carry at most 10 digits (layout.MAX_REVISION), and this leaves nine billion saves before that limit.
MAX_MIGRATED_REVISION = 10**9
# About the parser's own bound: a record deeper than a match may be is skipped on its own by
# match_from_dict, so one bad record does not make the whole old store unreadable.
LEGACY_MAX_DEPTH = 1000


class MigrationTarget(Protocol):
    """What a migration may use of the store, and nothing more."""

    layout: Layout
    notices: list[str]  # what the user is told once the store is open
    last_migration_backup: (
        Path | None
    )  # the copy of the store taken before this run of migrations (set by migrate)

    def stored_entry(self, match_id: str) -> dict | None:
        """The index line stored under this id (is the id taken, and by what), or None when it is free."""

    def commit_migrated(self, stored: StoredMatch, match_dict: dict, standings: Standings) -> None:
        """Store a migrated match: its match file, then its index line (crash-safe, as any save).

        `standings` is the replay of `stored.match` (the index line is built from it)."""

    def index_lines_as_stored(self, prefix: str) -> dict[str, dict]:
        """One index shard's lines as they are on disk, of any schema, unchecked: {id: line} ({} if unreadable)."""

    def index_line_from_files(self, match_id: str, revisions: list[int]) -> dict | None:
        """The current index line of a match, built from the newest of its files (`revisions`, newest first)
        that reads back whole; None when none does (the open's repair then takes over)."""

    def write_index_shard(self, prefix: str, lines: dict[str, dict]) -> None:
        """Replace one index shard, whatever it held, with `lines` ({id: line}), in one atomic write."""

    def restore_lost_match(self, match_id: str) -> None:
        """A match that had an index line but has no file: restored from the automatic backups, or reported lost."""

    def move_aside(self, path: Path) -> Path:
        """Move an unreadable file into damaged/ (never deleting it) and return where it went."""

    def set_setting(self, key: str, value: Any) -> None: ...

    def set_schema(self, version: int) -> None:
        """Record that the store is now at schema `version`."""


def has_legacy_store(layout: Layout) -> bool:
    return (layout.root / LEGACY_FILE).exists()


def migrate_1_to_2(target: MigrationTarget) -> None:
    legacy = target.layout.root / LEGACY_FILE
    try:
        tables = read_json_file(legacy, max_bytes=1024**3, max_depth=LEGACY_MAX_DEPTH)
        if not isinstance(tables, dict):
            raise DamagedFile(legacy, "does not have the shape of a store file")
    except FileNotFoundError:
        return  # an earlier run of this migration finished its work
    except DamagedFile as damage:
        target.notices.append(old_store_unreadable(damage.reason, target.move_aside(legacy)))
        return
    backup = target.last_migration_backup
    matches = tables.get("matches")
    matches = matches if isinstance(matches, dict) else {}
    taken: set[str] = set()  # ids given out by this run
    for key, doc in matches.items():
        label = stored_as_label(_shown(key))
        try:
            if not isinstance(doc, dict):
                raise MatchError(code="not_object")
            old_id = doc.get("id")
            label = match_label(None, _shown(old_id)) if isinstance(old_id, str) else label
            revision = doc.get("revision", 1)
            if type(revision) is not int or revision < 1:
                raise MatchError(code="revision_bad", field="revision")
            revision = min(revision, MAX_MIGRATED_REVISION)
            if not (is_iso(doc.get("created")) and is_iso(doc.get("updated"))):
                raise MatchError(code="time_bad", params={"key": "created", "value": ""})
            match, as_dict, standings = canonical_match(checked(match_from_dict, doc.get("match")))
        except (MatchError, RecursionError) as err:
            target.notices.append(old_match_skipped(label, str(err), backup))
            continue
        mid, first_choice = _migrated_id(target, old_id, key, doc, revision, taken)
        if mid != first_choice:
            named = match_label(
                [t.name for t in match.teams], _shown(old_id if isinstance(old_id, str) else key)
            )
            target.notices.append(old_match_new_id(named, mid))
        taken.add(mid)
        stored = StoredMatch(
            mid, match, revision, doc["created"], doc["updated"], standings.finished
        )
        target.commit_migrated(stored, as_dict, standings)
    settings = {}
    for doc in (
        (tables.get("settings") or {}).values() if isinstance(tables.get("settings"), dict) else ()
    ):
        if isinstance(doc, dict) and isinstance(doc.get("key"), str) and "value" in doc:
            settings[doc["key"]] = doc["value"]
    for key, value in settings.items():
        target.set_setting(key, value)
    os.unlink(legacy)  # its copy is in the pre-migration backup
    fsync_dir(target.layout.root)


def _shown(value) -> str:
    """An old id or key as it may appear in a notice: notices reach terminals, so no control characters."""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= 40 and text.isprintable() else ascii(text)[:40]


def _migrated_id(
    target: MigrationTarget, old_id, key: str, doc: dict, revision: int, taken: set[str]
) -> tuple[str, str]:
    """The id a legacy record gets, and the one it would get were it alone: (id, first choice).

    The first choice is its own id, or for an id of another shape one derived from
    it. When that is taken (two records with one id: the later one would overwrite
    the earlier), the next candidates are derived too, never random, so a rerun
    after a crash picks the same id. An id already in the store is free to reuse
    only when it holds this record from an earlier, interrupted run.
    """
    n = 0
    while True:
        if n == 0 and is_match_id(old_id):
            candidate = old_id
        else:
            seed = f"{old_id}|{key}" if n == 0 else f"{old_id}|{key}|{n}"
            candidate = hashlib.sha256(seed.encode()).hexdigest()[:8]
        if n == 0:
            first_choice = candidate
        if candidate not in taken:
            entry = target.stored_entry(candidate)
            if entry is None or (entry["created"], entry["updated"], entry["revision"]) == (
                doc["created"],
                doc["updated"],
                revision,
            ):
                return candidate, first_choice
        n += 1


def migrate_2_to_3(target: MigrationTarget) -> None:
    """Every index line rebuilt from the match files, with players, winner and statistics contribution.

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
    (1, migrate_1_to_2),
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
    """Run every migration from `version` to the current schema, in order, after one full backup."""
    target.last_migration_backup = backup_before_migration(target.layout, version)
    for from_version, step in MIGRATIONS:
        if from_version < version:
            continue
        if from_version != version:
            raise StoreError("store_version_unknown", version=version)
        step(target)
        version = from_version + 1
        target.set_schema(version)
