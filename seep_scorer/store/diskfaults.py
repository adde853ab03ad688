"""The disk refusing a write (full, read-only, no permission), told in plain words.

Why a module of its own: saves, imports and automatic backups all turn an
OSError into the same sentences, and the UI and the command line show them as
they are. `WriteFailed` keeps the errno so a caller can tell a full disk apart.
"""

from __future__ import annotations

import errno
from contextlib import contextmanager
from typing import Iterator

from .repository import StoreError

__all__ = ["WriteFailed", "disk_trouble", "write_failed", "disk_writes", "capitalised"]


class WriteFailed(StoreError):
    """The disk refused a write (full, read-only, no permission); nothing was half-written."""

    def __init__(self, message: str, errno_: int | None):
        super().__init__(message)
        self.errno = errno_


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


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def write_failed(err: OSError, what: str) -> WriteFailed:
    """`what` completes "... was not saved": "the change", "the new match"."""
    advice = " Free some space and try again." if err.errno == errno.ENOSPC else ""
    return WriteFailed(
        f"{capitalised(disk_trouble(err))}: {what} was not saved.{advice} "
        "Everything saved before is safe.",
        err.errno,
    )


@contextmanager
def disk_writes(what: str) -> Iterator[None]:
    """An OSError from the disk becomes a plain-words WriteFailed saying `what` was not saved."""
    try:
        yield
    except OSError as err:
        raise write_failed(err, what) from None
