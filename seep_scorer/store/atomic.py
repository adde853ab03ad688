"""Crash-safe file replacement: temp file in the same folder, fsync, os.replace, fsync the folder.

A reader (or a process started after a crash) sees either the old file or the new
one, never a mixture: os.replace is atomic within one filesystem, and the fsyncs
make the new content and the rename durable before the caller is told "saved".
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

TEMP_PREFIX = ".tmp-"  # every temp file starts with this; anything so named at open is a leftover
PRIVATE = 0o600  # the store's own files: matches are nobody else's business
USUAL = (
    0o666  # a file the user asked for (export, backup): 0666 less the umask, as any program makes
)
# Bumped by every replacement. In the browser the files live in memory until flushed to IndexedDB:
# the UI (viewmodels/base.py) flushes after a store call that moved it, before the user is told
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
