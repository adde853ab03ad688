"""Import: a match file, or a backup file landing whole or not at all (staged, then committed:
below).

Why a module of its own: an import of years of matches must keep memory flat and
let saves go on, so it reads the backup twice (validate everything, then stage
one record at a time) and takes the store lock only briefly: to check the ids a
shard at a time, to write the commit marker; the import is then decided, and its
commit (below) moves and indexes the staged files a shard at a time.
Each staged match file gets its index line (with its statistics contribution)
written beside it from the staging replay, so the commit indexes the files
without replaying them again.

Importer sees the store only through ImportTarget, defined here because the
import is its consumer; the repository hands it an adapter (store/tinyrepo.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import secrets
import shutil
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import IO, Iterable, Iterator, Protocol

from seep_scorer.matchfile import MAX_FILE_BYTES, loads_match
from seep_scorer.matchfile.guards import check_container_budget, checked
from seep_scorer.matchfile.jsonio import dumps
from seep_scorer.rules import Match, MatchError, Standings
from seep_scorer.store.backup.file import (
    HEADER_PEEK_BYTES,
    MAX_BACKUP_BYTES,
    BackupRecord,
    is_present,
    looks_like_backup,
    read_backup,
)
from seep_scorer.store.events.backup import (
    checked_events,
    claim_event_ids,
    drop_restored_events,
    finish_staged_events,
    refuse_foreign_matches,
    retagged,
    stage_events,
)
from seep_scorer.store.files import (
    Layout,
    WriteFailed,
    atomic_write_bytes,
    disk_kind,
    disk_writes,
    doc_id_of,
    fsync_dir,
    is_match_id,
    parse_match_file_name,
    shard_of,
    write_failed,
)
from seep_scorer.store.index import IndexShards
from seep_scorer.store.records import canonical_match, index_entry, valid_entry
from seep_scorer.store.repository import StoredMatch
from seep_scorer.store.tinyfiles import (
    AtomicJSONStorage,
    DamagedFile,
    read_json_file,
    write_match_file,
)

__all__ = [
    "ImportTarget",
    "Importer",
    "CHUNK",
    "CommitTarget",
    "ImportCommit",
    "line_file",
    "COMMITTED",
    "ImportStage",
    "claim_dead_stage",
    "remove_stage",
    "staged_files",
    "by_shard",
    "restage",
    "private_source",
]

# ---- the commit
# An import's commit: a committed stage's match files moved into matches/ and indexed, and undone.
#
# Why apart: once an import has written its commit marker
# (staging, below), it is decided, and what is left is to move its files in and index
# them, by its own process or, after a crash, by the next open; undoing it
# (remove_imported) walks the same shards the same way. Both take the store lock
# only briefly, a shard (at most CHUNK files) at a time, one index write each, so
# every phone's save goes on during a long import, and leave a match saved since
# alone. The reading, checking and staging of an import is `Importer`.
#
# ImportCommit sees the store only through CommitTarget, defined here because
# the commit is its consumer; the repository hands it an adapter (store/tinyrepo.py).

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


# ---- the staging folder
# A backup import's staging folder, importing/<token>/, and what makes the import land whole or not
# at all.
#
# Why apart: the commit protocol must hold across a crash at any
# point, and across processes (the command line beside the server), so it is
# kept in one place. An import copies its file into its stage, writes its match
# files there, then, under the store lock, writes the COMMITTED marker: the commit
# point. From there on the import is finished, by its own process or, if that
# died, by the next open (roll forward); an open finding a stage without the
# marker whose process died removes it. A live stage is told from a dead one by
# an flock on its .lock file (and, within this process, by _LIVE_STAGES).

try:
    import fcntl
except ImportError:  # Windows: one process at a time is the user's business there
    fcntl = None


COMMITTED = "committed"  # in an import's stage: the import is decided, the open finishes it
_LIVE_STAGES: set[Path] = (
    set()
)  # this process's stages; where there is no flock (Windows), the only guard


class ImportStage:
    """One import's own folder, importing/<token>/: a copy of its file, its match files, then the
    commit marker.

    The importing process holds an flock on the stage's .lock while it works, so an
    open elsewhere tells a live import (left alone) from one whose process died.
    Make one under the store lock: an open then never sees the folder unlocked.
    """

    def __init__(self, layout: Layout):
        self.folder = layout.imports_dir / secrets.token_hex(8)
        self.folder.mkdir(parents=True)
        self.committed = False
        self._handle = open(self.folder / ".lock", "a+b")
        if fcntl is not None:
            fcntl.flock(
                self._handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB
            )  # a new file: always free
        _LIVE_STAGES.add(self.folder)

    def file_for(self, mid: str, revision: int) -> Path:
        return self.folder / f"{mid}.{revision}.json"

    def mark_committed(self) -> None:
        """The commit point: from here on the import is finished, by this process or by the next
        open."""
        atomic_write_bytes(self.folder / COMMITTED, b"")
        self.committed = True

    def close(self) -> None:
        """Remove the stage unless it is committed (then it is gone already, or left for the next
        open)."""
        self._handle.close()
        if not self.committed:
            remove_stage(self.folder)
        _LIVE_STAGES.discard(self.folder)


def claim_dead_stage(folder: Path) -> bool:
    """Whether the stage's import is dead. Call under the store lock: stages are made under it."""
    if folder in _LIVE_STAGES:
        return False
    if fcntl is None:
        return True
    try:
        with open(folder / ".lock", "a+b") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # held: the importing process is alive (or the stage is being removed)
        return False
    return True


def remove_stage(folder: Path) -> None:
    """Remove a stage and everything in it."""
    # The marker first: a stage half removed must never look committed with files missing.
    with contextlib.suppress(FileNotFoundError):
        os.unlink(folder / COMMITTED)
    shutil.rmtree(folder, ignore_errors=True)


def staged_files(folder: Path) -> list[tuple[str, int]]:
    """(id, revision) of every match file in a stage."""
    with os.scandir(folder) as entries:
        return [parsed for entry in entries if (parsed := parse_match_file_name(entry.name))]


def by_shard(files: list[tuple[str, int]]) -> dict[str, list[tuple[str, int]]]:
    """Staged files grouped by index shard, in shard order: one index write per shard."""
    grouped: dict[str, list[tuple[str, int]]] = {}
    for mid, revision in files:
        grouped.setdefault(shard_of(mid), []).append((mid, revision))
    return dict(sorted(grouped.items()))


def restage(old: Path, new: Path, new_id: str) -> None:
    """Give a staged match file a new id (taken by another import since it was chosen)."""
    tables = read_json_file(old)
    tables["match"]["1"]["id"] = new_id
    AtomicJSONStorage(new).write(tables)
    os.unlink(old)


@contextmanager
def private_source(stage: ImportStage, source: IO[bytes], copy: bool) -> Iterator[IO[bytes]]:
    """The backup to read twice: a copy in the stage, so the file cannot change between the
    passes."""
    if not copy:
        yield source
        return
    with open(stage.folder / "source", "w+b") as private:
        shutil.copyfileobj(source, private, 64 * 1024)
        private.seek(0)
        yield private


# ---- the import


class ImportTarget(CommitTarget, Protocol):
    """What an import may use of the store, and nothing more: what its commit uses
    (CommitTarget), and the save of a new match (a match file is imported as one)."""

    def create(self, match: Match) -> StoredMatch:
        """Validate and store a new match (a match file's import)."""


class Importer:
    """import_file, import_file_ids and import_bytes: everything read and checked, then staged,
    then handed to its commit (importcommit.ImportCommit)."""

    def __init__(self, store: ImportTarget, commit: ImportCommit):
        self._store = store
        self._commit = commit
        self.layout = store.layout

    def import_file(self, path: str | os.PathLike) -> list[StoredMatch]:
        """Import a match file or a backup file, whole or not at all; the imported matches.

        Everything is validated before anything is written. The returned list holds
        every imported match: for a large backup, import_file_ids keeps memory flat.
        """
        return self._import_path(path, keep=True)

    def import_file_ids(self, path: str | os.PathLike, skip_present: bool = False) -> list[str]:
        """As import_file, returning only the new ids: memory stays flat however large the backup.
        `skip_present` as for import_bytes."""
        return self._import_path(path, keep=False, skip_present=skip_present)

    def import_bytes(
        self, data: bytes | str, skip_damaged: bool = False, skip_present: bool = False
    ) -> list[StoredMatch]:
        """As import_file; with `skip_damaged`, a backup's records that an import refuses are left
        out and the good ones imported (whole or not at all), rather than refusing the backup.
        With `skip_present`, a backup's match already here (see is_present) is left out, not
        added again as a copy that would count every deal of it twice."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        return self._import_stream(
            io.BytesIO(data),
            len(data),
            copy=False,
            keep=True,
            skip=skip_damaged,
            skip_present=skip_present,
        )

    def _import_path(self, path: str | os.PathLike, keep: bool, skip_present: bool = False) -> list:
        path = Path(path)
        try:
            size = path.stat().st_size
            f = open(path, "rb")
        except OSError as err:
            raise MatchError(
                code="file_unreadable",
                params={"path": str(path), "reason": str(err.strerror or err)},
                field="file",
            ) from None
        with f:
            return self._import_stream(f, size, copy=True, keep=keep, skip_present=skip_present)

    def _import_stream(
        self,
        stream: IO[bytes],
        size: int,
        copy: bool,
        keep: bool,
        skip: bool = False,
        skip_present: bool = False,
    ) -> list:
        first = stream.readline(HEADER_PEEK_BYTES)
        stream.seek(0)
        if not looks_like_backup(first):
            stored = self._import_match_file(stream, size)
            return [stored if keep else stored.id]
        if size > MAX_BACKUP_BYTES:
            raise MatchError(
                code="backup_too_large",
                params={"size": size // (1024 * 1024), "max": MAX_BACKUP_BYTES // (1024**3)},
                field="file",
            )
        try:
            return self._import_backup(stream, copy, keep, skip, skip_present)
        except OSError as err:
            raise write_failed(err, "import") from None

    def _import_match_file(self, stream: IO[bytes], size: int) -> StoredMatch:
        if size > MAX_FILE_BYTES:
            raise MatchError(
                code="file_too_large",
                params={"size": size // 1024, "max": MAX_FILE_BYTES // (1024 * 1024)},
                field="file",
            )
        data = stream.read(MAX_FILE_BYTES + 1)
        try:
            check_container_budget(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            pass  # loads_match says where the bad byte is
        return self._store.create(checked(loads_match, data))

    def _import_backup(
        self,
        source: IO[bytes],
        copy: bool,
        keep: bool,
        skip: bool = False,
        skip_present: bool = False,
    ) -> list:
        """Validate every record, stage every match file, decide the import in one step (the
        marker), then move them in (ImportCommit.roll_forward).

        The store lock is never held while records are read, checked and staged, and only a
        shard at a time while ids are chosen and the commit moves the files in, so saves go on
        during a long import (100,000 matches held it 22 s in one piece at the commit).
        """
        # An open (which removes dead stages) never sees this one before its lock.
        with self._store.locked():
            stage = ImportStage(self.layout)
        try:
            with private_source(stage, source, copy) as stream:
                wanted, events = self._validate_backup(stream, skip)
                ids = self._choose_ids(wanted, skip_present)
                retag = claim_event_ids(self.layout.root, events)
                stream.seek(0)
                kept = self._stage_backup(stream, ids, stage, keep, skip, retag)
            stage_events(stage.folder, events, _backup_ids(wanted, ids))
            with self._store.locked():
                stage.mark_committed()
            try:
                renamed = self._commit.roll_forward(stage.folder)
            except OSError as err:
                raise WriteFailed(
                    "import_interrupted",
                    err.errno,
                    disk=disk_kind(err),
                    detail=str(err.strerror or err),
                ) from None
        finally:
            stage.close()
        if keep:
            return [dataclasses.replace(s, id=renamed.get(s.id, s.id)) for s in kept]
        return [renamed.get(mid, mid) for mid in kept]

    def _validate_backup(
        self, stream: IO[bytes], skip: bool
    ) -> tuple[list[tuple[str, str] | None], list]:
        """Pass 1: every record in full, up to the form it is stored in. Only the ids and
        creation times are kept (None for a damaged record, when skipping those); and the
        backup's events, checked in full (a damaged one refuses the backup, even when skipping
        damaged matches)."""
        raw_events: list = []
        _, records = read_backup(stream, [] if skip else None, raw_events)
        wanted: list[tuple[str, str] | None] = []
        for record in records:
            if record is not None:
                try:
                    _stored_form(record)
                except MatchError:
                    if not skip:
                        raise
                    record = None
            wanted.append(None if record is None else (record.id, record.created))
        if not any(wanted) and skip:
            raise MatchError(code="backup_none_readable", field="file")
        events = checked_events(raw_events)
        own = {item[0] for item in wanted if item is not None}
        for (line_no, _), event in zip(raw_events, events):
            refuse_foreign_matches(event, own, self._stored_ids, f"line {line_no}")
        return wanted, events

    def _stored_ids(self, mids: set[str]) -> set[str]:
        """Those of `mids` that name a match of this store (a shard read at a time)."""
        asked: dict[str, set[str]] = {}
        for mid in mids:
            if is_match_id(mid):
                asked.setdefault(shard_of(mid), set()).add(mid)
        found: set[str] = set()
        for prefix, wanted in sorted(asked.items()):
            with self._store.locked():
                found |= wanted & self._store.index.entries(prefix).keys()
        return found

    def _choose_ids(
        self, wanted: list[tuple[str, str] | None], skip_present: bool = False
    ) -> list[str | None]:
        """The backup's ids where free, new ones where taken (a backup into its own store);
        with `skip_present`, None (left out) for a match already here (is_present).

        The index is read a shard at a time, the lock released between: an id taken after
        its shard was read gets a new one at the commit (`ImportCommit`).
        """
        asked: dict[str, set[str]] = {}
        for item in wanted:
            if item is not None and is_match_id(item[0]):
                asked.setdefault(shard_of(item[0]), set()).add(item[0])
        stored: dict[str, str] = {}  # id -> its creation time, of the asked ids stored here
        for prefix, mids in sorted(asked.items()):
            with self._store.locked():
                entries = self._store.index.entries(prefix)
                stored |= {mid: entries[mid]["created"] for mid in mids & entries.keys()}
        taken: set[str] = set()
        ids = []
        for item in wanted:
            if item is None or (skip_present and is_present(item, stored)):
                ids.append(None)  # a damaged record, or a match already here: left out
                continue
            mid = item[0]
            if not is_match_id(mid) or mid in taken or mid in stored:
                with self._store.locked():
                    mid = self._commit.fresh_id(taken)
            taken.add(mid)
            ids.append(mid)
        return ids

    def _stage_backup(
        self,
        stream: IO[bytes],
        ids: list[str | None],
        stage: ImportStage,
        keep: bool,
        skip: bool,
        retag: dict[str, str],
    ) -> list:
        """Pass 2: each record's match file into the stage, one record in memory at a time; a
        match of an event that comes in under a new id tagged with that id (`retag`)."""
        _, records = read_backup(stream, [] if skip else None)
        kept: list = []
        for record, mid in zip(records, ids):
            if mid is None:
                continue  # damaged: pass 1 left it out
            if record.id in retag:
                record = dataclasses.replace(record, match=retagged(record.match, retag[record.id]))
            canonical, as_dict, standings = _stored_form(record)
            stored = StoredMatch(
                mid, canonical, record.revision, record.created, record.updated, standings.finished
            )
            size = write_match_file(stored, as_dict, stage.file_for(mid, record.revision))
            # Its index line, from this replay, beside it: the commit then needs no third replay.
            with open(line_file(stage.folder, mid, record.revision), "wb") as f:
                f.write(dumps(index_entry(stored, size, standings)).encode("utf-8"))
            kept.append(stored if keep else mid)
        return kept


def _backup_ids(wanted: list, ids: list) -> dict[str, str]:
    """Each backup match id -> the id this import gives it (its own, for one left out as here)."""
    given = {}
    for item, mid in zip(wanted, ids):
        if item is not None:
            given[item[0]] = item[0] if mid is None else mid
    return given


def _stored_form(record: BackupRecord) -> tuple[Match, dict, Standings]:
    """canonical_match for a backup record: refusals name the record."""
    try:
        return canonical_match(record.match)
    except MatchError as err:
        raise MatchError(
            code="backup_match_n", params={"number": record.number, "cause": err}, field="file"
        ) from None
