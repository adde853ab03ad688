"""The store lock: one store's work serialised, within this process and across processes.

Why a module of its own: the web server serves several sessions from threads,
and the command line may run beside it, so every store operation holds a
re-entrant thread lock and, where the platform has it, an flock on the store's
`.lock` file (taken by the outermost hold only). Nothing else of the store is
needed to know when it is held.
"""

from __future__ import annotations

import contextlib
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .repository import StoreError

try:
    import fcntl
except ImportError:  # Windows: one process at a time is the user's business there
    fcntl = None

__all__ = ["StoreLock"]


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
