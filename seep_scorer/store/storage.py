"""TinyDB storage that never rewrites in place, and reports damage instead of crashing.

TinyDB's JSONStorage truncates and rewrites the file: a crash mid-write leaves
it unreadable. This one goes through atomic_write_bytes. Reading raises
DamagedFile with a plain-words reason for an empty, truncated, non-UTF-8,
non-JSON or wrongly shaped file, so the repository can move it aside and repair.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from ..matchfile.jsonio import MAX_FILE_DEPTH, JSONRefused, TooDeep, dumps, loads
from .atomic import atomic_write_bytes

MAX_STORE_FILE_BYTES = (
    8 * 1024 * 1024
)  # a match file is at most ~5 MB (matchfile.MAX_FILE_BYTES) plus metadata


class DamagedFile(Exception):
    """A store file exists but cannot be used. `reason` completes "it ...": "is empty"."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = Path(path), reason


# Never wait on a pipe nor follow a link out of the folder: either would hang the store with its
# lock held, or read (and later replace) a file that is not the store's.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading if it is a regular file. FileNotFoundError if absent; DamagedFile
    for a symbolic link, a pipe, a device, a socket or a folder in its place."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as err:
        if err.errno == errno.ELOOP or os.path.islink(path):
            raise DamagedFile(path, "is a symbolic link, which the app never makes") from None
        if err.errno in (errno.ENXIO, errno.EISDIR, errno.EOPNOTSUPP):  # a socket, a folder
            raise DamagedFile(path, _NOT_REGULAR) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DamagedFile(path, _NOT_REGULAR)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


_NOT_REGULAR = "is not a regular file (a pipe, a device or a folder stands in its place)"


def read_json_file(
    path: Path, max_bytes: int = MAX_STORE_FILE_BYTES, max_depth: int = MAX_FILE_DEPTH
) -> Any:
    """The JSON value in `path`. FileNotFoundError if absent, DamagedFile if unusable."""
    with open_regular(path) as f:
        # Ask for the file's own size (plus one byte, to see it grow past the limit), not the limit:
        # read(n) sets n bytes aside first, and most store files are a few kilobytes.
        data = f.read(min(os.fstat(f.fileno()).st_size, max_bytes) + 1)
    if len(data) > max_bytes:
        raise DamagedFile(
            path,
            f"is larger than {max_bytes // (1024 * 1024)} MB, far larger than the app ever writes",
        )
    if not data.strip():
        raise DamagedFile(path, "is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile(path, "is not UTF-8 text (it holds bytes the app never writes)") from None
    try:
        return loads(text, max_depth, unique_keys=False)  # the store's own file: dumps wrote it
    except TooDeep as refused:
        raise DamagedFile(
            path, f"is nested far too deeply to be a store file (more than {refused.limit} levels)"
        ) from None
    except JSONRefused as refused:
        raise DamagedFile(path, str(refused)) from None
    except ValueError:
        raise DamagedFile(path, "is cut short or garbled (not valid JSON)") from None


def dumps_compact(value: Any) -> bytes:
    """Compact UTF-8 JSON; ValueError for NaN or Infinity, which the next read would refuse."""
    return dumps(value).encode("utf-8")


class AtomicJSONStorage(Storage):
    """One JSON file per TinyDB database, replaced atomically on every write."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.last_size: int | None = None  # bytes of the last write, recorded in the index

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            tables = read_json_file(self.path)
        except FileNotFoundError:
            return None
        # TinyDB expects {table: {doc_id: document}}; anything else would crash deep inside it.
        if not isinstance(tables, dict) or not all(
            isinstance(t, dict) and all(isinstance(doc, dict) for doc in t.values())
            for t in tables.values()
        ):
            raise DamagedFile(self.path, "does not have the shape of a store file")
        return tables

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        payload = dumps_compact(data)
        atomic_write_bytes(self.path, payload)
        self.last_size = len(payload)


def open_db(path: Path) -> TinyDB:
    return TinyDB(path, storage=AtomicJSONStorage)


def put_first_doc(db: TinyDB, table_name: str, doc: dict) -> None:
    """Document 1 of a table, in one write (TinyDB's upsert writes twice when the document is
    new)."""
    table = db.table(table_name)
    if table.contains(doc_id=1):
        table.update(doc, doc_ids=[1])
    else:
        table.insert(Document(doc, doc_id=1))
