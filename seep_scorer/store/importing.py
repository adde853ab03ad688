"""Import: a match file, or a backup file landing whole or not at all (see staging.py for the commit).

Why a module of its own: an import of years of matches must keep memory flat and
let saves go on, so it reads the backup twice (validate everything, then stage
one record at a time) and takes the store lock only briefly: to check the ids a
shard at a time, to write the commit marker, then to move and index the staged
files a shard (at most CHUNK files) at a time (the import is decided at the
marker; an open finishes it after a crash). Undoing an import (remove_imported)
goes the same way, one index write each, and leaves a match saved since alone.
That is most of the store's logic by length, and none of a save's.

ImportMixin is part of TinyMatchRepository. It uses, of the repository: `layout`,
`_locked()`, `_index` (the IndexShards), `_put_entries()`, `_unused_id()`,
`_read_match_file()` and `create()`. Each staged match file gets its index line
(with its statistics contribution) written beside it from the staging replay,
so the commit indexes the files without replaying them again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
from pathlib import Path
from typing import IO, Iterable

from ..rules import Match, MatchError, Standings
from .atomic import fsync_dir
from .backupfile import (
    HEADER_PEEK_BYTES,
    MAX_BACKUP_BYTES,
    BackupRecord,
    is_present,
    looks_like_backup,
    read_backup,
)
from .diskfaults import WriteFailed, disk_kind, disk_writes, write_failed
from .guards import check_container_budget, checked
from .jsonio import dumps
from .layout import doc_id_of, is_match_id, shard_of
from .matchdb import write_match_file
from .matchfile import MAX_FILE_BYTES, loads_match
from .records import canonical_match, index_entry, valid_entry
from .repository import StoredMatch
from .staging import (
    COMMITTED,
    ImportStage,
    by_shard,
    claim_dead_stage,
    private_source,
    remove_stage,
    restage,
    staged_files,
)
from .storage import DamagedFile, read_json_file

__all__ = ["ImportMixin"]

# Files moved in (or an import's matches removed) under one hold of the store lock: a hold of
# 390 files (a 100,000-match import's shard) took 3 s on a busy machine, 64 take a few tenths.
CHUNK = 64


class ImportMixin:
    """import_file, import_file_ids, import_bytes and remove_imported (undo), and the open's
    finishing of an import whose process died."""

    def import_file(self, path: str | os.PathLike) -> list[StoredMatch]:
        """Import a match file or a backup file, whole or not at all, and return the imported matches.

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
        return self.create(checked(loads_match, data))

    def _import_backup(
        self,
        source: IO[bytes],
        copy: bool,
        keep: bool,
        skip: bool = False,
        skip_present: bool = False,
    ) -> list:
        """Validate every record, stage every match file, decide the import in one step (the
        marker), then move them in (_roll_forward).

        The store lock is never held while records are read, checked and staged, and only a
        shard at a time while ids are chosen and the commit moves the files in, so saves go on
        during a long import (100,000 matches held it 22 s in one piece at the commit).
        """
        with (
            self._locked()
        ):  # an open (which removes dead stages) never sees this one before its lock
            stage = ImportStage(self.layout)
        try:
            with private_source(stage, source, copy) as stream:
                ids = self._choose_ids(self._validate_backup(stream, skip), skip_present)
                stream.seek(0)
                kept = self._stage_backup(stream, ids, stage, keep, skip)
            with self._locked():
                stage.mark_committed()
            try:
                renamed = self._roll_forward(stage.folder)
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

    def _validate_backup(self, stream: IO[bytes], skip: bool) -> list[tuple[str, str] | None]:
        """Pass 1: every record in full, up to the form it is stored in. Only the ids and
        creation times are kept (None for a damaged record, when skipping those)."""
        _, records = read_backup(stream, [] if skip else None)
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
        return wanted

    def _choose_ids(
        self, wanted: list[tuple[str, str] | None], skip_present: bool = False
    ) -> list[str | None]:
        """The backup's ids where free, new ones where taken (a backup into its own store);
        with `skip_present`, None (left out) for a match already here (is_present).

        The index is read a shard at a time, the lock released between: an id taken after
        its shard was read gets a new one at the commit (_commit_chunk).
        """
        asked: dict[str, set[str]] = {}
        for item in wanted:
            if item is not None and is_match_id(item[0]):
                asked.setdefault(shard_of(item[0]), set()).add(item[0])
        stored: dict[str, str] = {}  # id -> its creation time, of the asked ids stored here
        for prefix, mids in sorted(asked.items()):
            with self._locked():
                entries = self._index.entries(prefix)
                stored |= {mid: entries[mid]["created"] for mid in mids & entries.keys()}
        taken: set[str] = set()
        ids = []
        for item in wanted:
            if item is None or (skip_present and is_present(item, stored)):
                ids.append(None)  # a damaged record, or a match already here: left out
                continue
            mid = item[0]
            if not is_match_id(mid) or mid in taken or mid in stored:
                with self._locked():
                    mid = self._fresh_id(taken)
            taken.add(mid)
            ids.append(mid)
        return ids

    def _fresh_id(self, taken: set[str]) -> str:
        mid = self._unused_id()
        while mid in taken:
            mid = self._unused_id()
        return mid

    def _stage_backup(
        self, stream: IO[bytes], ids: list[str | None], stage: ImportStage, keep: bool, skip: bool
    ) -> list:
        """Pass 2: each record's match file into the stage, one record in memory at a time."""
        _, records = read_backup(stream, [] if skip else None)
        kept: list = []
        for record, mid in zip(records, ids):
            if mid is None:
                continue  # damaged: pass 1 left it out
            canonical, as_dict, standings = _stored_form(record)
            stored = StoredMatch(
                mid, canonical, record.revision, record.created, record.updated, standings.finished
            )
            size = write_match_file(stored, as_dict, stage.file_for(mid, record.revision))
            # Its index line, from this replay, beside it: the commit then needs no third replay.
            with open(_line_file(stage.folder, mid, record.revision), "wb") as f:
                f.write(dumps(index_entry(stored, size, standings)).encode("utf-8"))
            kept.append(stored if keep else mid)
        return kept

    def _roll_forward(self, folder: Path) -> dict[str, str]:
        """Move a committed stage's match files into matches/ and index them, then drop the stage.

        A shard at a time, each under the lock and the lock released between, so every
        phone's save goes on during a long commit: the import is decided already (the
        marker), and an open finishes it after a crash. Safe to repeat. Returns the ids
        changed because another import or a new match took them since they were chosen.
        """
        staged = staged_files(folder)
        taken = {mid for mid, _ in staged}
        renamed: dict[str, str] = {}
        with self._locked():
            # Not grown line by line: an import keeps memory flat; the next read reloads.
            self._index.forget()
        for prefix, files in by_shard(staged).items():
            for start in range(0, len(files), CHUNK):
                chunk = files[start : start + CHUNK]
                # Read before the lock is taken: it is held only to move the files and index them.
                lines = {mid: _staged_line(folder, mid, revision) for mid, revision in chunk}
                with self._locked():
                    renamed.update(self._commit_chunk(folder, prefix, chunk, lines, taken))
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
        present = self._index.entries(prefix)
        renamed: dict[str, str] = {}
        entries: dict[str, list[dict]] = {}  # by shard: a new id may belong to another one
        moved = []
        for mid, revision in files:
            line = lines.get(mid)
            if mid in present:  # taken since it was chosen: a new id, its index line replayed
                new = self._fresh_id(taken)
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
            self._put_entries(shard, found)
        return renamed

    def remove_imported(self, imported: Iterable[tuple[str, int]]) -> tuple[int, list[str]]:
        """Undo an import: remove each (id, revision) it added that is still at that revision.

        A match saved since (another phone recorded a deal in it) is kept, and its id is
        returned; one deleted since is passed over. A shard at a time, one index write
        each, the lock released between: saves go on while a large import is undone.
        Returns how many were removed and the ids kept.
        """
        removed, kept = 0, []
        chunks = (
            (prefix, files[at : at + CHUNK])
            for prefix, files in by_shard(list(imported)).items()
            for at in range(0, len(files), CHUNK)
        )
        for prefix, files in chunks:
            with self._locked():
                present = self._index.entries(prefix)
                here = [(mid, rev) for mid, rev in files if mid in present]
                gone = [(mid, rev) for mid, rev in here if present[mid]["revision"] == rev]
                kept += [mid for mid, rev in here if present[mid]["revision"] != rev]
                if gone:
                    # Index lines first, as a delete does: a crash before the files go brings
                    # them back, no more.
                    with disk_writes("deletion"):
                        self._index.drop_many(prefix, [mid for mid, _ in gone])
                    for mid, rev in gone:
                        # Removed already; the open removes a file left behind.
                        with contextlib.suppress(OSError):
                            os.unlink(self.layout.match_file(mid, rev))
                removed += len(gone)
        return removed, kept

    def _replayed_entry(self, mid: str, revision: int) -> dict | None:
        """The index line of a match file moved in without a usable line beside it."""
        path = self.layout.match_file(mid, revision)
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


def _staged_line(folder: Path, mid: str, revision: int) -> dict | None:
    """The index line written beside a staged match file, if it is that file's (None: replay it)."""
    try:
        size = (folder / f"{mid}.{revision}.json").stat().st_size
        line = read_json_file(_line_file(folder, mid, revision))
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


def _stored_form(record: BackupRecord) -> tuple[Match, dict, Standings]:
    """canonical_match for a backup record: refusals name the record."""
    try:
        return canonical_match(record.match)
    except MatchError as err:
        raise MatchError(
            code="backup_match_n", params={"number": record.number, "cause": err}, field="file"
        ) from None
