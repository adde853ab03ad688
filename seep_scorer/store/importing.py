"""Import: a match file, or a backup file landing whole or not at all (staging.py, importcommit.py).

Why a module of its own: an import of years of matches must keep memory flat and
let saves go on, so it reads the backup twice (validate everything, then stage
one record at a time) and takes the store lock only briefly: to check the ids a
shard at a time, to write the commit marker; the import is then decided, and its
commit (importcommit.py) moves and indexes the staged files a shard at a time.
Each staged match file gets its index line (with its statistics contribution)
written beside it from the staging replay, so the commit indexes the files
without replaying them again.

Importer sees the store only through ImportTarget, defined here because the
import is its consumer; the repository hands it an adapter (adapters.py).
"""

from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path
from typing import IO, Protocol

from ..matchfile import MAX_FILE_BYTES, loads_match
from ..matchfile.guards import check_container_budget, checked
from ..matchfile.jsonio import dumps
from ..rules import Match, MatchError, Standings
from .backupfile import (
    HEADER_PEEK_BYTES,
    MAX_BACKUP_BYTES,
    BackupRecord,
    is_present,
    looks_like_backup,
    read_backup,
)
from .diskfaults import WriteFailed, disk_kind, write_failed
from .eventrestore import (
    checked_events,
    claim_event_ids,
    refuse_foreign_matches,
    retagged,
    stage_events,
)
from .importcommit import CommitTarget, ImportCommit, line_file
from .layout import is_match_id, shard_of
from .matchdb import write_match_file
from .records import canonical_match, index_entry
from .repository import StoredMatch
from .staging import ImportStage, private_source

__all__ = ["ImportTarget", "Importer"]


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
        its shard was read gets a new one at the commit (importcommit.py).
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
