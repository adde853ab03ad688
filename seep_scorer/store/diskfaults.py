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

__all__ = ["WriteFailed", "disk_kind", "disk_trouble", "write_failed", "disk_writes"]


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
