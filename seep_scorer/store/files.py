"""The data folder and its files: where it is, where each piece of the store lives in it and what
match ids look like (`Layout`), and how a file is written there: crash-safe replacement, the
store's lock, the disk's refusals in plain words.

Crash-safe file replacement: temp file in the same folder, fsync, os.replace, fsync the folder.

A reader (or a process started after a crash) sees either the old file or the new
one, never a mixture: os.replace is atomic within one filesystem, and the fsyncs
make the new content and the rename durable before the caller is told "saved".
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import sys
import threading
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from seep_scorer.store.repository import StoreError

__all__ = [
    "WriteFailed",
    "disk_kind",
    "disk_trouble",
    "write_failed",
    "disk_writes",
    "StoreLock",
    "fsync_dir",
    "atomic_write_bytes",
    "remove_temp_files",
    "replace_quickly",
    "atomic_writer",
    "default_data_dir",
]

TEMP_PREFIX = ".tmp-"  # every temp file starts with this; anything so named at open is a leftover
PRIVATE = 0o600  # the store's own files: matches are nobody else's business
USUAL = (
    0o666  # a file the user asked for (export, backup): 0666 less the umask, as any program makes
)
# Bumped by every replacement. In the browser the files live in memory until flushed to IndexedDB:
# the UI (app/shell/handlers.py) flushes after a store call that moved it, before the user is told
# "saved".
replacements = 0


def fsync_dir(folder: str | os.PathLike) -> None:
    """Make a rename in `folder` durable. Windows cannot open folders; NTFS journals renames
    itself."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    with atomic_writer(path) as f:
        f.write(data)


def remove_temp_files(folder: str | os.PathLike) -> int:
    """Delete temp files a crashed writer left behind. They never hold acknowledged data."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return 0
    for entry in entries:
        if entry.name.startswith(TEMP_PREFIX) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed += 1
    return removed


def _new_temp_file(path: Path, mode: int) -> tuple[int, Path]:
    """A new temp file beside `path`, made with `mode` less the umask (mkstemp would always make
    0600)."""
    flags = (
        os.O_WRONLY
        | os.O_CREAT
        | os.O_EXCL
        | getattr(os, "O_BINARY", 0)
        | getattr(os, "O_NOFOLLOW", 0)
    )
    while True:
        tmp = path.parent / f"{TEMP_PREFIX}{path.name}.{secrets.token_hex(6)}"
        try:
            return os.open(tmp, flags, mode), tmp
        except FileExistsError:
            continue


def replace_quickly(path: str | os.PathLike, data: bytes) -> None:
    """Replace `path` by a new file holding `data`, with no fsync: for a hint that may be lost in a
    crash. A rename replaces whatever stood there (a link, a pipe) instead of writing through it."""
    global replacements
    path = Path(path)
    fd, tmp = _new_temp_file(path, PRIVATE)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        replacements += 1  # in the browser, a change to flush like any other
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike, mode: int = PRIVATE):
    """Stream into a temp file that replaces `path` only if the block finishes (for large backups).

    `mode` is the new file's permission bits, less the umask.
    """
    global replacements
    path = Path(path)
    fd, tmp = _new_temp_file(path, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        replacements += 1
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


# ---- the disk's refusals
# The disk refusing a write (full, read-only, no permission), told in plain words.
#
# Why apart: saves, imports and automatic backups all turn an
# OSError into the same sentences, and the UI and the command line show them as
# they are. `WriteFailed` keeps the errno so a caller can tell a full disk apart.


class WriteFailed(StoreError):
    """The disk refused a write (full, read-only, no permission); nothing was half-written."""

    def __init__(self, code: str, errno_: int | None, **params):
        super().__init__(code, **params)
        self.errno = errno_


def disk_kind(err: OSError) -> str:
    """What the disk refused, for the wording: full, read_only, denied or other."""
    if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "full"
    if err.errno == errno.EROFS:
        return "read_only"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "denied"
    return "other"


def disk_trouble(err: OSError) -> str:
    """What went wrong with the disk, in plain words, completing "The match was not saved because
    ..."."""
    if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the phone's storage is full"
    if err.errno == errno.EROFS:
        return "the storage is read-only"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "the app is not allowed to write in its data folder"
    return f"the storage refused the write ({err.strerror or err})"


def write_failed(err: OSError, what: str) -> WriteFailed:
    """`what` names what was not saved: new_match, change, deletion, put_back, setting, import."""
    return WriteFailed(
        "write_failed", err.errno, what=what, disk=disk_kind(err), detail=str(err.strerror or err)
    )


@contextmanager
def disk_writes(what: str) -> Iterator[None]:
    """An OSError from the disk becomes a WriteFailed saying `what` was not saved."""
    try:
        yield
    except OSError as err:
        raise write_failed(err, what) from None


# ---- the store lock
# The store lock: one store's work serialised, within this process and across processes.
#
# Why apart: the web server serves several sessions from threads,
# and the command line may run beside it, so every store operation holds a
# re-entrant thread lock and, where the platform has it, an flock on the store's
# `.lock` file (taken by the outermost hold only). Nothing else of the store is
# needed to know when it is held.

try:
    import fcntl
except ImportError:  # Windows: one process at a time is the user's business there
    fcntl = None


class StoreLock:
    """One store's lock, from the store's opening until close()."""

    def __init__(self, lock_file: Path):
        self._lock = threading.RLock()
        self._depth = 0  # holds in this process; the flock is taken by the outermost
        self.closed = False
        self._handle = open(lock_file, "a+b")  # OSError: the caller says which folder

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the lock (re-entrant); a store closed meanwhile is refused in plain words."""
        with self._lock:
            if self.closed:
                raise StoreError("store_closed")
            if self._depth == 0 and fcntl is not None:
                fcntl.flock(self._handle.fileno(), fcntl.LOCK_EX)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and fcntl is not None:
                    fcntl.flock(self._handle.fileno(), fcntl.LOCK_UN)

    def close(self, release: Callable[[], None]) -> None:
        """Once: mark the store closed and run `release` (close its files) under the thread lock,
        so no operation is half way through them; then let the lock file go."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
            try:
                release()
            finally:
                with contextlib.suppress(OSError):
                    self._handle.close()


# ---- where the data folder is
# Where the app keeps its data.

APP_NAME = "seep-scorer"
# In the browser (Pyodide) the store lives in a fixed folder that phone/storage.py backs with
# IndexedDB.
BROWSER_DATA_DIR = Path("/data") / APP_NAME


def default_data_dir() -> Path:
    """FLET_APP_STORAGE_DATA when set (Flet sets it on phones and under `flet run`), else the user
    data folder; in the browser, the folder the browser's storage is mounted on."""
    if sys.platform == "emscripten":
        return BROWSER_DATA_DIR
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    import platformdirs  # not shipped to the browser, which has no user folders

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# ---- where each piece lives
#
# Where each piece of the store lives in the data folder, and what match ids look like.
#
#     store.json            schema version and app settings (TinyDB)
#     index/<xy>.json       256 small TinyDBs, by a hash of the id: a summary line per match
#     index.generation      a random token, new on every index write (for other processes)
#     matches/<id>.<rev>.json  one TinyDB per match: settings, deals, metadata
#     backups/auto-*.jsonl  rolling automatic backups (backup file format)
#     backups/before-schema-*/  copy of the store taken before a migration
#     damaged/              files found damaged, moved aside (never deleted)
#     importing/<token>/    a backup import being staged: its match files, then its commit marker
#
# The revision in a match file's name lets the open after a crash tell, from the
# folder listing alone, which match files are newer than their index line.

ID_PATTERN = re.compile(r"[0-9a-f]{8}")
# The store writes revisions up to MAX_REVISION (10 digits), then starts again at 1 (next_revision).
# It reads longer ones too (up to 19 digits), so a file an older version wrote past 10 digits is
# adopted rather than missed, which would take its match off the list.
MAX_REVISION = 9_999_999_999
_MATCH_FILE = re.compile(r"([0-9a-f]{8})\.([1-9][0-9]{0,18})\.json")
SHARD_FILE = re.compile(r"[0-9a-f]{2}\.json")


def parse_match_file_name(name: str) -> tuple[str, int] | None:
    """(id, revision) from `<id>.<revision>.json`; None for any other name (a temp file, say)."""
    m = _MATCH_FILE.fullmatch(name)
    return (m.group(1), int(m.group(2))) if m else None


def next_revision(highest: int) -> int:
    """The revision after `highest`, never above MAX_REVISION. Past it, 1: a save only needs a
    revision other than the one a stale device holds, and the save removes the older files."""
    return highest + 1 if 0 <= highest < MAX_REVISION else 1


def is_match_id(value: object) -> bool:
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def new_match_id() -> str:
    """8 lowercase hex characters: URL-, file- and identifier-safe."""
    return secrets.token_hex(4)


def shard_of(match_id: str) -> str:
    """Which of the 256 index shards holds a match: a hash, so any spread of ids fills them
    evenly."""
    return f"{zlib.crc32(match_id.encode('ascii')) & 0xFF:02x}"


def doc_id_of(match_id: str) -> int:
    """The TinyDB document id of a match's index line: the id read as a number (+1, TinyDB ids start
    at 1)."""
    return int(match_id, 16) + 1


class Layout:
    def __init__(self, root: Path):
        self.root = root
        self.store_file = root / "store.json"
        self.index_dir = root / "index"
        self.generation_file = root / "index.generation"
        self.matches_dir = root / "matches"
        self.backups_dir = root / "backups"
        self.damaged_dir = root / "damaged"
        self.lock_file = root / ".lock"
        self.imports_dir = root / "importing"

    def holds_store(self) -> bool:
        """Whether the folder holds a store (even a damaged one), by the names only: nothing is
        read."""
        return any(os.path.lexists(p) for p in (self.store_file, self.index_dir, self.matches_dir))

    def create_folders(self) -> None:
        for folder in (
            self.root,
            self.index_dir,
            self.matches_dir,
            self.backups_dir,
            self.damaged_dir,
        ):
            folder.mkdir(parents=True, exist_ok=True)

    def move_aside(self, path: Path, stamp: str) -> Path:
        """Move a damaged file into damaged/ as <stamp>-<its path, dashed>. Never deletes; returns
        where it went."""
        name = path.relative_to(self.root).as_posix().replace("/", "-")
        dest = self.damaged_dir / f"{stamp}-{name}"
        n = 1
        while dest.exists():
            n += 1
            dest = self.damaged_dir / f"{stamp}-{n}-{name}"
        os.replace(path, dest)
        fsync_dir(self.damaged_dir)
        fsync_dir(path.parent)
        return dest

    def match_file(self, match_id: str, revision: int) -> Path:
        return self.matches_dir / f"{match_id}.{revision}.json"

    def shard_file(self, prefix: str) -> Path:
        return self.index_dir / f"{prefix}.json"

    def shard_prefixes(self) -> list[str]:
        return sorted(name[:2] for name in os.listdir(self.index_dir) if SHARD_FILE.fullmatch(name))

    def scan_match_files(self, shard: str | None = None) -> dict[str, dict[int, int]]:
        """{match id: {revision: file size}} for every match file, or those of one shard (one folder
        listing)."""
        found: dict[str, dict[int, int]] = {}
        with os.scandir(self.matches_dir) as entries:
            for entry in entries:
                m = _MATCH_FILE.fullmatch(entry.name)
                if m and (shard is None or shard_of(m.group(1)) == shard):
                    try:
                        # -1 for a link, pipe or folder: no index line matches it, so the open reads
                        # it (and sets it aside) rather than trusting a size that is not the file's.
                        size = entry.stat().st_size if entry.is_file(follow_symlinks=False) else -1
                    except FileNotFoundError:
                        continue
                    found.setdefault(m.group(1), {})[int(m.group(2))] = size
        return found

    def import_stages(self) -> list[Path]:
        """The staging folders of imports under way, or left by a process that died."""
        try:
            return sorted(
                p for p in self.imports_dir.iterdir() if p.is_dir() and not p.is_symlink()
            )
        except FileNotFoundError:
            return []

    def revisions_of(self, match_id: str) -> list[int]:
        """Revisions on disk for one match, newest first."""
        revs = []
        for path in self.matches_dir.glob(f"{match_id}.*.json"):
            m = _MATCH_FILE.fullmatch(path.name)
            if m and m.group(1) == match_id:
                revs.append(int(m.group(2)))
        return sorted(revs, reverse=True)
