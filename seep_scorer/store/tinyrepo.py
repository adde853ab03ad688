"""MatchRepository over TinyDB: a small file per match, a sharded index, atomic writes, self-repair at open.

Why this layout (see layout.py): TinyDB rewrites a whole file on every write, so
a save must touch only small files. A save writes the match's own file (under
a new name carrying the revision), then the index shard holding that match's
summary line (one of 256, chosen by a hash of the id), then
removes the previous match file. Each step is atomic; after a crash between
steps the open sees two revisions of one match, or a file newer than its index
line, and finishes the job. Nothing a caller was told "saved" can be lost.

All work is serialised by a thread lock (the web server serves several
sessions from threads) and, where the platform has it, an flock on `.lock`, so
the command line can run beside the server.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import threading
import time
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import IO, Any, Iterator

from tinydb import TinyDB
from tinydb.table import Document

from ..rules import Match, MatchError, replay
from . import backupfile, migrations, notices
from .atomic import atomic_writer, fsync_dir, remove_temp_files, TEMP_PREFIX
from .dealcsv import deal_table_csv
from .guards import check_container_budget, checked
from .layout import Layout, doc_id_of, is_match_id, new_match_id, shard_of
from .matchfile import MAX_FILE_BYTES, dumps_match, loads_match, match_from_dict, match_to_dict
from .repository import MatchNotFound, MatchSummary, StaleRevision, StoredMatch, StoreError
from .storage import AtomicJSONStorage, DamagedFile, open_db, read_json_file

try:
    import fcntl
except ImportError:  # Windows: one process at a time is the user's business there
    fcntl = None

AUTO_BACKUP_EVERY = timedelta(hours=24)
KEEP_AUTO_BACKUPS = 7
BACKUP_CHECK_INTERVAL = 3600.0  # seconds between checks for a due backup, on save
MAX_SETTING_KEY = 100
MAX_SETTING_BYTES = 64 * 1024
_TIMESTAMP_FORMAT = "%Y%m%dT%H%M%SZ"


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _is_iso(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _valid_entry(e: Any, doc_id: str) -> bool:
    return (isinstance(e, dict) and is_match_id(e.get("id")) and str(doc_id_of(e["id"])) == doc_id
            and isinstance(e.get("teams"), list) and len(e["teams"]) == 2 and all(isinstance(t, str) for t in e["teams"])
            and type(e.get("deals")) is int and e["deals"] >= 0 and type(e.get("revision")) is int and e["revision"] >= 1
            and type(e.get("size")) is int and isinstance(e.get("finished"), bool)
            and _is_iso(e.get("created")) and _is_iso(e.get("updated")))


def _entry(stored: StoredMatch, size: int) -> dict:
    return {"id": stored.id, "teams": [t.name for t in stored.match.teams], "deals": len(stored.match.deals),
            "created": stored.created, "updated": stored.updated, "finished": stored.finished,
            "revision": stored.revision, "size": size}


def _summary(e: dict) -> MatchSummary:
    return MatchSummary(e["id"], (e["teams"][0], e["teams"][1]), e["deals"], e["created"], e["updated"],
                        e["finished"], e["revision"])


def _put_doc(db: TinyDB, table_name: str, doc: dict) -> None:
    """Document 1 of a table, in one write (TinyDB's upsert writes twice when the document is new)."""
    table = db.table(table_name)
    if table.contains(doc_id=1):
        table.update(doc, doc_ids=[1])
    else:
        table.insert(Document(doc, doc_id=1))


def canonical_match(match: Any) -> tuple[Match, dict, bool]:
    """The match exactly as it will read back, its file dict, and whether it is finished.

    Going through the file format here means a save can never store something
    that the next read would call damaged (a 200-character team name, say).
    """
    if not isinstance(match, Match):
        raise MatchError("is not a match", field="match")
    try:
        text = json.dumps(match_to_dict(match), ensure_ascii=False)
    except (TypeError, ValueError) as err:
        raise MatchError(f"holds a value that cannot be stored ({err})", field="match") from None
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise MatchError("is too large to store", field="match")
    as_dict = json.loads(text)
    canonical = checked(match_from_dict, as_dict)
    return canonical, as_dict, replay(canonical).finished


class TinyMatchRepository:
    """The app's match store in one data folder. Get it from `open_repository()`, not directly."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self.layout = Layout(self.data_dir)
        self.notices: list[str] = []
        self.closed = False
        self._lock = threading.RLock()
        self._depth = 0
        self._shards: dict[str, TinyDB] = {}
        # A server can run for weeks: saves check (at most hourly) whether the daily backup is due.
        self._next_backup_check = time.monotonic() + BACKUP_CHECK_INTERVAL
        self._backup_thread: threading.Thread | None = None
        try:
            self.layout.create_folders()
            self._lock_handle = open(self.layout.lock_file, "a+b")
        except OSError as err:
            raise StoreError(f"The data folder {self.data_dir} cannot be used: {err.strerror or err}.") from None
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
                raise StoreError("The match store has been closed.")
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
        from . import _forget  # the registry hands out a new instance after this

        _forget(self)

    def _close_files(self) -> None:
        for db in self._shards.values():
            db.close()
        self._shards.clear()
        self._store_db.close()
        with contextlib.suppress(OSError, AttributeError):
            self._lock_handle.close()

    # ----- open: clean up, migrate, reconcile, back up -----

    def _open(self) -> None:
        layout = self.layout
        for folder in (layout.root, layout.index_dir, layout.matches_dir, layout.backups_dir):
            remove_temp_files(folder)
        version = self._schema_at_open()
        current = migrations.current_schema()
        if version > current:
            raise StoreError(f"The matches in {self.data_dir} were saved by a newer version of Seep Scorer "
                             f"(store version {version}; this one reads up to {current}). Update the app to open them.")
        if version < current:
            migrations.migrate(self, version)
        self._reconcile()
        if self._auto_backup_due():
            self.backup_now()

    def _schema_at_open(self) -> int:
        try:
            meta = self._store_db.table("meta").get(doc_id=1)
            if meta is not None and not (type(meta.get("schema")) is int and meta["schema"] >= 1):
                raise DamagedFile(self.layout.store_file, "does not have the shape of a settings file: "
                                  "it does not say which version of the store it is")
            self._store_db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            return self._repair_store_file(damage)
        if meta is None:  # a new store, or schema 1, which had no store.json
            version = 1 if migrations.has_legacy_store(self.layout) else migrations.current_schema()
            if version > 1:
                self._set_schema(version)
            return version
        return meta["schema"]

    def _set_schema(self, version: int) -> None:
        _put_doc(self._store_db, "meta", {"schema": version})

    def _repair_store_file(self, damage: DamagedFile) -> int:
        moved = self._move_aside(damage.path)
        settings, backup_time = None, None
        for path in self.auto_backups():
            with open(path, "rb") as f:
                settings = backupfile.read_header_settings(f)
            if settings is not None:
                backup_time = self._backup_time(path)
                break
        # store.json names the schema; without it, the layout on disk tells.
        version = 1 if migrations.has_legacy_store(self.layout) else migrations.current_schema()
        self._store_db.close()
        self._store_db = open_db(self.layout.store_file)
        self._set_schema(version)
        if settings:
            _put_doc(self._store_db, "settings", settings)
        self.notices.append(notices.store_file_restored(damage.reason, moved, backup_time))
        return version

    def _reconcile(self) -> None:
        """Bring the index in line with the match files (after a crash) and check what is cheap to check."""
        entries: dict[str, dict] = {}
        for prefix in self.layout.shard_prefixes():
            entries.update(self._shard_entries(prefix))
        files = self.layout.scan_match_files()
        for mid, revs in files.items():
            entry = entries.get(mid)
            newest = max(revs)
            if len(revs) == 1 and entry is not None and entry["revision"] == newest and entry["size"] == revs[newest]:
                continue  # the common case: file and index line agree
            stored = self._load(mid, entry, sorted(revs, reverse=True))
            if stored is not None:
                for rev in revs:
                    if rev != stored.revision:
                        with contextlib.suppress(FileNotFoundError):
                            os.unlink(self.layout.match_file(mid, rev))
        for mid in entries.keys() - files.keys():
            self._load(mid, entries[mid], [])  # index line without a file: restore from backup, or drop it

    # ----- damage -----

    def _move_aside(self, path: Path) -> Path:
        """Move a damaged file into damaged/ under a dated name. Never deletes."""
        stamp = time.strftime(_TIMESTAMP_FORMAT, time.gmtime())
        name = path.relative_to(self.data_dir).as_posix().replace("/", "-")
        dest = self.layout.damaged_dir / f"{stamp}-{name}"
        n = 1
        while dest.exists():
            n += 1
            dest = self.layout.damaged_dir / f"{stamp}-{n}-{name}"
        os.replace(path, dest)
        fsync_dir(self.layout.damaged_dir)
        fsync_dir(path.parent)
        return dest

    def _load(self, mid: str, entry: dict | None, revs: list[int]) -> StoredMatch | None:
        """The newest readable revision of a match, repairing as needed; the index line is made to agree.

        `revs` are the revisions on disk, newest first. Damaged files are moved
        aside; then an older revision left by a crash, then the newest automatic
        backup holding the match, stand in. None if nothing can restore it.
        """
        damaged: list[tuple[Path, str]] = []
        for rev in revs:
            path = self.layout.match_file(mid, rev)
            try:
                stored = self._read_match_file(path, mid)
            except FileNotFoundError:
                continue
            except DamagedFile as damage:
                damaged.append((self._move_aside(path), damage.reason))
                continue
            if not damaged:
                if entry is None or entry["revision"] != stored.revision or entry["size"] != path.stat().st_size:
                    self._put_entry(stored, path.stat().st_size)
                return stored
            return self._reinstate(mid, stored, entry, revs, damaged, "previous", None)
        reason = damaged[0][1] if damaged else "is missing"
        label = notices.match_label(entry["teams"] if entry else None, mid)
        found = self._find_in_backups(mid)
        if found is not None:
            record, backup_time = found
            stored = StoredMatch(mid, record.match, record.revision, record.created, record.updated,
                                 replay(record.match).finished)
            if not damaged:
                damaged.append((None, reason))
            return self._reinstate(mid, stored, entry, revs, damaged, "backup", backup_time)
        self._drop_entry(mid)
        self.notices.append(notices.match_lost(label, reason, damaged[0][0] if damaged else None))
        return None

    def _reinstate(self, mid, stored, entry, revs, damaged, source, backup_time) -> StoredMatch:
        # A higher revision than any seen: a device holding the damaged revision must reload.
        revision = max([stored.revision, *(revs or [0]), entry["revision"] if entry else 0]) + 1
        stored = StoredMatch(mid, stored.match, revision, stored.created, now_iso(), stored.finished)
        self._commit(stored, match_to_dict(stored.match), old_revision=None)
        for rev in revs:
            if rev != revision:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.layout.match_file(mid, rev))
        label = notices.match_label(entry["teams"] if entry else [t.name for t in stored.match.teams], mid)
        moved, reason = damaged[0]
        self.notices.append(notices.match_restored(label, reason, moved, source, backup_time))
        return stored

    def _find_in_backups(self, mid: str) -> tuple[backupfile.BackupRecord, str] | None:
        for path in self.auto_backups():
            try:
                with open(path, "rb") as f:
                    record = backupfile.find_record(f, mid)
            except OSError:
                continue
            if record is not None:
                return record, self._backup_time(path)
        return None

    # ----- files -----

    def _read_match_file(self, path: Path, mid: str) -> StoredMatch:
        revision = int(path.name.split(".")[1])  # <id>.<revision>.json
        db = open_db(path)  # short-lived: one instance per file at a time, under the lock
        try:
            doc = db.table("match").get(doc_id=1)
        finally:
            db.close()
        if doc is None:
            raise DamagedFile(path, "holds no match")
        if not (doc.get("id") == mid and doc.get("revision") == revision and _is_iso(doc.get("created"))
                and _is_iso(doc.get("updated")) and isinstance(doc.get("match"), dict)):
            raise DamagedFile(path, "does not have the shape of a match file")
        try:
            match = checked(match_from_dict, doc["match"])
            finished = replay(match).finished
        except MatchError as err:
            raise DamagedFile(path, f"holds a match that does not add up: {err}") from None
        return StoredMatch(mid, match, doc["revision"], doc["created"], doc["updated"], finished)

    def _write_match_file(self, stored: StoredMatch, match_dict: dict) -> int:
        doc = {"id": stored.id, "revision": stored.revision, "created": stored.created, "updated": stored.updated,
               "finished": stored.finished, "match": match_dict}
        # The whole database in one atomic write: TinyDB's upsert would write an empty table first.
        storage = AtomicJSONStorage(self.layout.match_file(stored.id, stored.revision))
        storage.write({"match": {"1": doc}})
        return storage.last_size

    def _commit(self, stored: StoredMatch, match_dict: dict, old_revision: int | None) -> None:
        """Match file first, then its index line, then drop the old file: a crash anywhere is repaired at open."""
        size = self._write_match_file(stored, match_dict)
        self._put_entry(stored, size)
        if old_revision is not None and old_revision != stored.revision:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.layout.match_file(stored.id, old_revision))

    # ----- index shards -----

    def _shard(self, prefix: str) -> TinyDB:
        db = self._shards.get(prefix)
        if db is None:
            db = self._shards[prefix] = open_db(self.layout.shard_file(prefix))
        return db

    def _shard_entries(self, prefix: str) -> dict[str, dict]:
        """{id: index line} of one shard; a damaged shard is moved aside and rebuilt from the match files."""
        path = self.layout.shard_file(prefix)
        try:
            raw = self._shard(prefix).storage.read() or {}
            table = raw.get("matches", {})
            if not all(_valid_entry(e, k) and shard_of(e["id"]) == prefix for k, e in table.items()):
                raise DamagedFile(path, "does not have the shape of the list of matches")
            return {e["id"]: e for e in table.values()}
        except DamagedFile as damage:
            moved = self._move_aside(damage.path)
            self._shards.pop(prefix).close()
            rebuilt = {}
            for mid, revs in self.layout.scan_match_files(prefix).items():
                stored = self._load(mid, None, sorted(revs, reverse=True))
                if stored is not None:
                    rebuilt[mid] = self._get_entry(mid)
            self.notices.append(notices.index_rebuilt(damage.reason, moved))
            return {k: v for k, v in rebuilt.items() if v is not None}

    def _get_entry(self, mid: str) -> dict | None:
        prefix = self.layout.shard_prefix(mid)
        try:
            entry = self._shard(prefix).table("matches").get(doc_id=doc_id_of(mid))
            if entry is not None and not _valid_entry(dict(entry), str(doc_id_of(mid))):
                raise DamagedFile(self.layout.shard_file(prefix), "does not have the shape of the list of matches")
        except DamagedFile:
            return self._shard_entries(prefix).get(mid)
        return None if entry is None else dict(entry)

    def _put_entry(self, stored: StoredMatch, size: int) -> None:
        self._put_entries(self.layout.shard_prefix(stored.id), [_entry(stored, size)])

    def _put_entries(self, prefix: str, entries: list[dict]) -> None:
        present = self._shard_entries(prefix)  # also repairs a damaged shard before writing over it
        table = self._shard(prefix).table("matches")
        fresh = [Document(e, doc_id=doc_id_of(e["id"])) for e in entries if e["id"] not in present]
        if fresh:
            table.insert_multiple(fresh)  # one shard write for a whole import
        for e in entries:
            if e["id"] in present:
                table.update(e, doc_ids=[doc_id_of(e["id"])])  # every field: a full replace

    def _drop_entry(self, mid: str) -> None:
        prefix = self.layout.shard_prefix(mid)
        if mid in self._shard_entries(prefix):
            self._shard(prefix).table("matches").remove(doc_ids=[doc_id_of(mid)])

    # ----- MatchRepository -----

    def list_matches(self) -> list[MatchSummary]:
        """In progress first, then newest first. Reads only the index, never a match file."""
        with self._locked():
            entries = []
            for prefix in self.layout.shard_prefixes():
                entries.extend(self._shard_entries(prefix).values())
        summaries = [_summary(e) for e in entries]
        summaries.sort(key=lambda s: s.updated, reverse=True)
        summaries.sort(key=lambda s: s.finished)  # stable: keeps newest first within each group
        return summaries

    def get(self, match_id: str) -> StoredMatch:
        if not is_match_id(match_id):
            raise MatchNotFound(match_id)
        with self._locked():
            entry = self._get_entry(match_id)
            if entry is None:
                raise MatchNotFound(match_id)
            try:
                return self._read_match_file(self.layout.match_file(match_id, entry["revision"]), match_id)
            except (FileNotFoundError, DamagedFile):
                pass
            stored = self._load(match_id, entry, self.layout.revisions_of(match_id))
            if stored is None:
                raise StoreError(self.notices[-1])
            return stored

    def create(self, match: Match) -> StoredMatch:
        canonical, as_dict, finished = canonical_match(match)
        with self._locked():
            mid = self._unused_id()
            now = now_iso()
            stored = StoredMatch(mid, canonical, 1, now, now, finished)
            self._commit(stored, as_dict, old_revision=None)
        self._backup_if_due()
        return stored

    def save(self, match_id: str, match: Match, base_revision: int) -> StoredMatch:
        if not is_match_id(match_id):
            raise MatchNotFound(match_id)
        canonical, as_dict, finished = canonical_match(match)
        with self._locked():
            entry = self._get_entry(match_id)
            if entry is None:
                raise MatchNotFound(match_id)
            if entry["revision"] != base_revision:
                raise StaleRevision(match_id, base_revision, entry["revision"])
            stored = StoredMatch(match_id, canonical, base_revision + 1, entry["created"], now_iso(), finished)
            self._commit(stored, as_dict, old_revision=base_revision)
        self._backup_if_due()
        return stored

    def delete(self, match_id: str) -> StoredMatch:
        with self._locked():
            stored = self.get(match_id)
            # Index line first: a crash before the file goes only brings the match back.
            self._drop_entry(match_id)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.layout.match_file(match_id, stored.revision))
            return stored

    def restore(self, stored: StoredMatch) -> StoredMatch:
        if not is_match_id(stored.id):
            raise StoreError(f"{stored.id!r} is not a match id.")
        canonical, as_dict, finished = canonical_match(stored.match)
        with self._locked():
            if self._get_entry(stored.id) is not None:
                raise StoreError(f"A match with id {stored.id} is already stored; it was not restored twice.")
            back = StoredMatch(stored.id, canonical, stored.revision, stored.created, stored.updated, finished)
            self._commit(back, as_dict, old_revision=None)
            return back

    def _unused_id(self) -> str:
        while True:
            mid = new_match_id()
            # The index is enough: the open made it agree with the files, and every write keeps it so.
            if self._get_entry(mid) is None:
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
        if not isinstance(key, str) or not 1 <= len(key) <= MAX_SETTING_KEY:
            raise StoreError(f"A setting's name is text of 1 to {MAX_SETTING_KEY} characters.")
        try:
            size = len(json.dumps(value, allow_nan=False))
        except (TypeError, ValueError):
            raise StoreError(f"The setting {key!r} must be a JSON value (text, number, true/false, list or object).") from None
        if size > MAX_SETTING_BYTES:
            raise StoreError(f"The setting {key!r} is too large to store.")
        with self._locked():
            settings = self._settings()
            settings[key] = json.loads(json.dumps(value))
            _put_doc(self._store_db, "settings", settings)

    # ----- export -----

    def export_match_text(self, match_id: str) -> str:
        """The match as a match file (format seep-match, version 1)."""
        return dumps_match(self.get(match_id).match)

    def export_csv(self, match_id: str) -> str:
        return deal_table_csv(self.get(match_id).match)

    def _backup_lines(self) -> Iterator[bytes]:
        with self._locked():
            yield backupfile.header_line(now_iso(), migrations.current_schema(), self._settings())
            entries: list[dict] = []
            for prefix in self.layout.shard_prefixes():
                entries.extend(self._shard_entries(prefix).values())
            count = 0
            for e in sorted(entries, key=lambda e: e["id"]):
                line = self._raw_record_line(e)
                if line is None:  # unreadable as it is: go through the repairing read
                    try:
                        line = backupfile.record_line(self.get(e["id"]))
                    except StoreError:
                        continue  # damaged beyond repair: the notice says so, the backup goes on
                yield line
                count += 1
            yield backupfile.end_line(count)

    def _raw_record_line(self, entry: dict) -> bytes | None:
        """A backup line straight from the match file: no replay, so a backup of years of matches stays quick.

        Only the file's shape is checked; a restore or an import validates in full.
        """
        path = self.layout.match_file(entry["id"], entry["revision"])
        try:
            doc = read_json_file(path)["match"]["1"]
            if doc["id"] != entry["id"] or not isinstance(doc["match"], dict):
                return None
            return backupfile.raw_record_line(doc["id"], doc["revision"], doc["created"], doc["updated"], doc["match"])
        except (OSError, DamagedFile, KeyError, TypeError):
            return None

    def write_backup(self, out: IO[bytes]) -> None:
        """Every match and the settings, in the backup file format, to a binary stream."""
        for line in self._backup_lines():
            out.write(line)

    def export_backup_text(self) -> str:
        buffer = io.BytesIO()
        self.write_backup(buffer)
        return buffer.getvalue().decode("utf-8")

    # ----- automatic backups -----

    def auto_backups(self) -> list[Path]:
        """The automatic backups, newest first."""
        return sorted(self.layout.backups_dir.glob("auto-*.jsonl"), reverse=True)

    @staticmethod
    def _backup_time(path: Path) -> str:
        stamp = path.name[len("auto-"):len("auto-") + 16]
        try:
            when = datetime.strptime(stamp, _TIMESTAMP_FORMAT).replace(tzinfo=timezone.utc)
        except ValueError:
            when = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
        return when.isoformat(timespec="seconds").replace("+00:00", "Z")

    def _auto_backup_due(self) -> bool:
        if not self.layout.shard_prefixes():
            return False  # nothing to back up yet
        newest = self.auto_backups()
        if not newest:
            return True
        made = datetime.fromisoformat(self._backup_time(newest[0]))
        return datetime.now(timezone.utc) - made >= AUTO_BACKUP_EVERY

    def _backup_if_due(self) -> None:
        """Start the daily automatic backup in the background when it is due (checked at most hourly)."""
        now = time.monotonic()
        if now < self._next_backup_check or (self._backup_thread and self._backup_thread.is_alive()):
            return
        self._next_backup_check = now + BACKUP_CHECK_INTERVAL
        if self._auto_backup_due():
            self._backup_thread = threading.Thread(target=self._backup_quietly, name="seep-auto-backup", daemon=True)
            self._backup_thread.start()

    def _backup_quietly(self) -> None:
        try:
            self.backup_now()
        except (OSError, StoreError) as err:  # the data is safe; only this extra copy failed
            self.notices.append(f"The automatic backup could not be written ({err}); your matches are safe.")

    def backup_now(self) -> Path:
        """Write a new automatic backup and drop the oldest beyond KEEP_AUTO_BACKUPS. Returns its path."""
        with self._locked():
            stamp = time.strftime(_TIMESTAMP_FORMAT, time.gmtime())
            path = self.layout.backups_dir / f"auto-{stamp}.jsonl"
            n = 1
            while path.exists():  # two in one second (tests): keep both, in order
                n += 1
                path = self.layout.backups_dir / f"auto-{stamp}-{n:03d}.jsonl"
            with atomic_writer(path) as f:
                self.write_backup(f)
            for old in self.auto_backups()[KEEP_AUTO_BACKUPS:]:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(old)
            return path

    # ----- import -----

    def import_file(self, path: str | os.PathLike) -> list[StoredMatch]:
        """Import a match file or a backup file. Everything is validated before anything is written."""
        path = Path(path)
        try:
            size = path.stat().st_size
            f = open(path, "rb")
        except OSError as err:
            raise MatchError(f"cannot read {path}: {err.strerror or err}", field="file") from None
        with f:
            return self._import_stream(f, size, staged=True)

    def import_bytes(self, data: bytes | str) -> list[StoredMatch]:
        if isinstance(data, str):
            data = data.encode("utf-8")
        return self._import_stream(io.BytesIO(data), len(data), staged=False)

    def _import_stream(self, stream: IO[bytes], size: int, staged: bool) -> list[StoredMatch]:
        first = stream.readline(backupfile.HEADER_PEEK_BYTES)
        stream.seek(0)
        if not backupfile.looks_like_backup(first):
            if size > MAX_FILE_BYTES:
                raise MatchError(f"the file is {size // 1024:,} KB; a match file is at most "
                                 f"{MAX_FILE_BYTES // (1024 * 1024)} MB", field="file")
            data = stream.read(MAX_FILE_BYTES + 1)
            try:
                check_container_budget(data.decode("utf-8-sig"))
            except UnicodeDecodeError:
                pass  # loads_match says where the bad byte is
            return [self.create(checked(loads_match, data))]
        if size > backupfile.MAX_BACKUP_BYTES:
            raise MatchError(f"the backup is {size // (1024 * 1024):,} MB, larger than any backup this app "
                             f"makes (at most {backupfile.MAX_BACKUP_BYTES // (1024 ** 3)} GB)", field="file")
        if not staged:
            return self._import_backup(stream)
        # Validate and write from a private copy, so the file cannot change between the two passes.
        with self._staging_copy(stream) as copy:
            return self._import_backup(copy)

    @contextmanager
    def _staging_copy(self, stream: IO[bytes]) -> Iterator[IO[bytes]]:
        path = self.data_dir / f"{TEMP_PREFIX}import-{os.getpid()}-{threading.get_ident()}"
        try:
            with open(path, "w+b") as copy:
                shutil.copyfileobj(stream, copy, 1024 * 1024)
                copy.seek(0)
                yield copy
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)

    def _import_backup(self, stream: IO[bytes]) -> list[StoredMatch]:
        # Pass 1: validate every record, keeping only ids (memory of one match at a time).
        _, records = backupfile.read_backup(stream)
        for _ in records:
            pass
        # Pass 2: write. Match files first, then each touched index shard once.
        stream.seek(0)
        _, records = backupfile.read_backup(stream)
        imported: list[StoredMatch] = []
        with self._locked():
            taken: set[str] = set()
            by_shard: dict[str, list[dict]] = {}
            for record in records:
                mid = record.id
                if not is_match_id(mid) or mid in taken or self._get_entry(mid) is not None:
                    mid = self._unused_id()
                    while mid in taken:
                        mid = self._unused_id()
                taken.add(mid)
                canonical, as_dict, finished = canonical_match(record.match)
                stored = StoredMatch(mid, canonical, record.revision, record.created, record.updated, finished)
                size = self._write_match_file(stored, as_dict)
                by_shard.setdefault(self.layout.shard_prefix(mid), []).append(_entry(stored, size))
                imported.append(stored)
            for prefix, entries in by_shard.items():
                self._put_entries(prefix, entries)
        return imported
