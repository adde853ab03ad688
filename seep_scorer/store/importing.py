"""Import: a match file, or a backup file landing whole or not at all (see staging.py for the commit).

Why a module of its own: an import of years of matches must keep memory flat and
let saves go on, so it reads the backup twice (validate everything, then stage
one record at a time) and takes the store lock only to choose ids and to commit.
That is most of the store's logic by length, and none of a save's.

ImportMixin is part of TinyMatchRepository. It uses, of the repository: `layout`,
`_locked()`, `_index` (the IndexShards), `_put_entries()`, `_unused_id()`,
`_read_match_file()` and `create()`. Each staged match file gets its index line
(with its statistics contribution) written beside it from the staging replay,
so the commit indexes the files without replaying them again.
"""

from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path
from typing import IO

from ..rules import Match, MatchError, Standings
from .atomic import fsync_dir
from .backupfile import HEADER_PEEK_BYTES, MAX_BACKUP_BYTES, BackupRecord, looks_like_backup, read_backup
from .diskfaults import WriteFailed, capitalised, disk_trouble, write_failed
from .guards import check_container_budget, checked
from .layout import doc_id_of, is_match_id
from .jsonio import dumps
from .matchdb import write_match_file
from .matchfile import MAX_FILE_BYTES, loads_match
from .records import canonical_match, index_entry, valid_entry
from .repository import StoredMatch
from .staging import (COMMITTED, ImportStage, by_shard, claim_dead_stage, private_source, remove_stage, restage,
                      staged_files)
from .storage import DamagedFile, read_json_file

__all__ = ["ImportMixin"]


class ImportMixin:
    """import_file, import_file_ids and import_bytes, and the open's finishing of an import whose process died."""

    def import_file(self, path: str | os.PathLike) -> list[StoredMatch]:
        """Import a match file or a backup file, whole or not at all, and return the imported matches.

        Everything is validated before anything is written. The returned list holds
        every imported match: for a large backup, import_file_ids keeps memory flat.
        """
        return self._import_path(path, keep=True)

    def import_file_ids(self, path: str | os.PathLike) -> list[str]:
        """As import_file, returning only the new ids: memory stays flat however large the backup."""
        return self._import_path(path, keep=False)

    def import_bytes(self, data: bytes | str) -> list[StoredMatch]:
        if isinstance(data, str):
            data = data.encode("utf-8")
        return self._import_stream(io.BytesIO(data), len(data), copy=False, keep=True)

    def _import_path(self, path: str | os.PathLike, keep: bool) -> list:
        path = Path(path)
        try:
            size = path.stat().st_size
            f = open(path, "rb")
        except OSError as err:
            raise MatchError(f"cannot read {path}: {err.strerror or err}", field="file") from None
        with f:
            return self._import_stream(f, size, copy=True, keep=keep)

    def _import_stream(self, stream: IO[bytes], size: int, copy: bool, keep: bool) -> list:
        first = stream.readline(HEADER_PEEK_BYTES)
        stream.seek(0)
        if not looks_like_backup(first):
            stored = self._import_match_file(stream, size)
            return [stored if keep else stored.id]
        if size > MAX_BACKUP_BYTES:
            raise MatchError(f"the backup is {size // (1024 * 1024):,} MB, larger than any backup this app "
                             f"makes (at most {MAX_BACKUP_BYTES // (1024 ** 3)} GB)", field="file")
        try:
            return self._import_backup(stream, copy, keep)
        except OSError as err:
            raise write_failed(err, "the import") from None

    def _import_match_file(self, stream: IO[bytes], size: int) -> StoredMatch:
        if size > MAX_FILE_BYTES:
            raise MatchError(f"the file is {size // 1024:,} KB; a match file is at most "
                             f"{MAX_FILE_BYTES // (1024 * 1024)} MB", field="file")
        data = stream.read(MAX_FILE_BYTES + 1)
        try:
            check_container_budget(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            pass  # loads_match says where the bad byte is
        return self.create(checked(loads_match, data))

    def _import_backup(self, source: IO[bytes], copy: bool, keep: bool) -> list:
        """Validate every record, stage every match file, then make them all visible in one commit.

        The store lock is taken only to choose the ids and to commit, not while
        records are read, checked and staged, so saves go on during a long import.
        """
        with self._locked():  # an open (which removes dead stages) never sees this one before its lock
            stage = ImportStage(self.layout)
        try:
            with private_source(stage, source, copy) as stream:
                ids = self._choose_ids(self._validate_backup(stream))
                stream.seek(0)
                kept = self._stage_backup(stream, ids, stage, keep)
            with self._locked():
                renamed = self._rename_taken(stage)
                stage.mark_committed()
                try:
                    self._roll_forward(stage.folder)
                except OSError as err:
                    raise WriteFailed(f"{capitalised(disk_trouble(err))}: the import was interrupted. It is "
                                      "completed the next time the app opens its matches.", err.errno) from None
        finally:
            stage.close()
        if keep:
            return [dataclasses.replace(s, id=renamed.get(s.id, s.id)) for s in kept]
        return [renamed.get(mid, mid) for mid in kept]

    def _validate_backup(self, stream: IO[bytes]) -> list[str]:
        """Pass 1: every record in full, up to the form it is stored in. Only the ids are kept."""
        _, records = read_backup(stream)
        wanted = []
        for record in records:
            _stored_form(record)
            wanted.append(record.id)
        return wanted

    def _choose_ids(self, wanted: list[str]) -> list[str]:
        """The backup's ids where free, new ones where taken (importing a backup into its own store)."""
        with self._locked():
            taken: set[str] = set()
            ids = []
            for mid in wanted:
                if not is_match_id(mid) or mid in taken or self._index.get(mid) is not None:
                    mid = self._fresh_id(taken)
                taken.add(mid)
                ids.append(mid)
            return ids

    def _fresh_id(self, taken: set[str]) -> str:
        mid = self._unused_id()
        while mid in taken:
            mid = self._unused_id()
        return mid

    def _stage_backup(self, stream: IO[bytes], ids: list[str], stage: ImportStage, keep: bool) -> list:
        """Pass 2: each record's match file into the stage, one record in memory at a time."""
        _, records = read_backup(stream)
        kept: list = []
        for record, mid in zip(records, ids):
            canonical, as_dict, standings = _stored_form(record)
            stored = StoredMatch(mid, canonical, record.revision, record.created, record.updated, standings.finished)
            size = write_match_file(stored, as_dict, stage.file_for(mid, record.revision))
            # Its index line, from this replay, beside it: the commit then needs no third replay.
            with open(_line_file(stage.folder, mid, record.revision), "wb") as f:
                f.write(dumps(index_entry(stored, size, standings)).encode("utf-8"))
            kept.append(stored if keep else mid)
        return kept

    def _rename_taken(self, stage: ImportStage) -> dict[str, str]:
        """Under the lock, before the commit: ids taken since they were chosen (by another import) get new ones."""
        staged = staged_files(stage.folder)
        taken = {mid for mid, _ in staged}
        renamed: dict[str, str] = {}
        for prefix, files in by_shard(staged).items():
            present = self._index.entries(prefix)
            for mid, revision in files:
                if mid in present:
                    new = self._fresh_id(taken)
                    taken.add(new)
                    restage(stage.file_for(mid, revision), stage.file_for(new, revision), new)
                    renamed[mid] = new
        return renamed

    def _roll_forward(self, folder: Path) -> None:
        """Move a committed stage's match files into matches/, index them, drop the stage. Safe to repeat."""
        staged = staged_files(folder)
        for mid, revision in staged:
            os.replace(folder / f"{mid}.{revision}.json", self.layout.match_file(mid, revision))
        fsync_dir(self.layout.matches_dir)
        self._index.forget()  # not grown line by line: an import keeps memory flat; the next read reloads
        for prefix, files in by_shard(staged).items():
            entries = [e for e in (self._entry_of_file(folder, mid, revision) for mid, revision in files)
                       if e is not None]
            if entries:  # a file without its line (none, short of damage) gets one from the next open's reconcile
                self._put_entries(prefix, entries)
        remove_stage(folder)

    def _entry_of_file(self, folder: Path, mid: str, revision: int) -> dict | None:
        """The index line of a match file this import staged: the one written beside it, else from the file."""
        path = self.layout.match_file(mid, revision)
        try:
            size = path.stat().st_size
            line = read_json_file(_line_file(folder, mid, revision))
            if (isinstance(line, dict) and line.get("id") == mid and line.get("revision") == revision
                    and line.get("size") == size and valid_entry(line, str(doc_id_of(mid)))):
                return line
        except (OSError, DamagedFile):
            pass  # no line beside it (its id changed, or a crash cut it short): replay the file
        try:
            stored, standings = self._read_match_file(path, mid)
            return index_entry(stored, path.stat().st_size, standings)
        except (OSError, DamagedFile):
            return None

    def _finish_imports(self) -> None:
        """At open: an import whose process died is finished if it reached its commit point, else removed."""
        for folder in self.layout.import_stages():
            if not claim_dead_stage(folder):
                continue  # alive in another process (or thread): its own to finish
            if (folder / COMMITTED).exists():
                self._roll_forward(folder)
            else:
                remove_stage(folder)


def _line_file(folder: Path, mid: str, revision: int) -> Path:
    """Where a staged match file's index line waits for the commit (not a name staged_files() lists)."""
    return folder / f"{mid}.{revision}.line"


def _stored_form(record: BackupRecord) -> tuple[Match, dict, Standings]:
    """canonical_match for a backup record: refusals name the record."""
    try:
        return canonical_match(record.match)
    except MatchError as err:
        raise MatchError(f"match {record.number} of the backup: {err}", field="file") from None
