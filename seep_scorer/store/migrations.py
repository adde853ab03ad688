"""Store schema versions and the ordered migrations between them, run at open after a backup.

Schema 1: everything in one TinyDB file, `seep-scorer.json`, tables "matches"
  ({id, created, updated, revision, match: <match file dict>}) and "settings"
  ({key, value}). The obvious TinyDB layout, and the one the issue rules out:
  every save rewrote all history. No release wrote it; it is here so a store in
  that shape (early builds, hand-made files) opens, and so migrations are
  exercised from the first schema on.
Schema 2: store.json + index/<xy>.json + matches/<id>.<rev>.json (layout.py).

To add schema N+1: write `migrate_N_to_N1(repo)` and append (N, it) to
MIGRATIONS. A migration must be safe to run again on a half-migrated store (a
crash during it reruns it at the next open).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

from ..rules import MatchError, replay
from . import notices
from .atomic import fsync_dir
from .layout import Layout, is_match_id
from .matchfile import match_from_dict
from .repository import StoredMatch, StoreError
from .storage import DamagedFile, read_json_file

LEGACY_FILE = "seep-scorer.json"


def has_legacy_store(layout: Layout) -> bool:
    return (layout.root / LEGACY_FILE).exists()


def migrate_1_to_2(repo) -> None:
    from .tinyrepo import _is_iso, canonical_match

    legacy = repo.layout.root / LEGACY_FILE
    try:
        tables = read_json_file(legacy, max_bytes=1024 ** 3)
        if not isinstance(tables, dict):
            raise DamagedFile(legacy, "does not have the shape of a store file")
    except FileNotFoundError:
        return  # an earlier run of this migration finished its work
    except DamagedFile as damage:
        repo.notices.append(notices.old_store_unreadable(damage.reason, repo._move_aside(legacy)))
        return
    backup = repo.last_migration_backup
    matches = tables.get("matches")
    matches = matches if isinstance(matches, dict) else {}
    for key, doc in matches.items():
        label = f"the match stored as number {key}"
        try:
            if not isinstance(doc, dict):
                raise MatchError("it is not a JSON object")
            old_id = doc.get("id")
            label = f"the match {old_id}" if isinstance(old_id, str) else label
            # An id of another shape gets a new one, derived from the old so a rerun gives the same.
            mid = old_id if is_match_id(old_id) else hashlib.sha256(f"{old_id}|{key}".encode()).hexdigest()[:8]
            revision = doc.get("revision", 1)
            if type(revision) is not int or revision < 1:
                raise MatchError("its revision is not a whole number from 1")
            if not (_is_iso(doc.get("created")) and _is_iso(doc.get("updated"))):
                raise MatchError("its dates are not ISO 8601")
            match, as_dict, finished = canonical_match(match_from_dict(doc.get("match")))
        except (MatchError, RecursionError) as err:
            repo.notices.append(notices.old_match_skipped(label, str(err), backup))
            continue
        repo._commit(StoredMatch(mid, match, revision, doc["created"], doc["updated"], finished), as_dict, None)
    settings = {}
    for doc in (tables.get("settings") or {}).values() if isinstance(tables.get("settings"), dict) else ():
        if isinstance(doc, dict) and isinstance(doc.get("key"), str) and "value" in doc:
            settings[doc["key"]] = doc["value"]
    for key, value in settings.items():
        repo.set_setting(key, value)
    os.unlink(legacy)  # its copy is in the pre-migration backup
    fsync_dir(repo.layout.root)


# (from schema, migration to the next), in order.
MIGRATIONS: list[tuple[int, object]] = [(1, migrate_1_to_2)]


def current_schema() -> int:
    return MIGRATIONS[-1][0] + 1


def _copy_durably(src: Path, dest: Path) -> None:
    with open(src, "rb") as fin, open(dest, "wb") as fout:
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


def migrate(repo, version: int) -> None:
    """Run every migration from `version` to the current schema, in order, after one full backup."""
    repo.last_migration_backup = backup_before_migration(repo.layout, version)
    for from_version, step in MIGRATIONS:
        if from_version < version:
            continue
        if from_version != version:
            raise StoreError(f"There is no way to update a store of version {version}; the app cannot open it.")
        step(repo)
        version = from_version + 1
        repo._set_schema(version)
