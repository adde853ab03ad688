"""One open repository per data folder in this process: open_repository(), close_all().

Why a module of its own: TinyDB allows one instance per file, so every part of
the app that opens a folder must get the same repository. The registry depends
on the repository, never the other way round: a repository is told how to
leave the registry through its `on_close` callback.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from seep_scorer.store.files import Layout, default_data_dir
from seep_scorer.store.repository import StoreError

if TYPE_CHECKING:
    from seep_scorer.store.tinyrepo import TinyMatchRepository

# tinyrepo (and TinyDB) load on the first open, not on `import seep_scorer.store`: commands such as
# `seep-scorer score` read match files and never open the store.

__all__ = ["open_repository", "close_all", "NoStore"]


class NoStore(StoreError):
    """The folder holds no store, and the caller only reads: nothing was created there."""

    def __init__(self, folder: Path):
        super().__init__("no_store", folder=str(folder))
        self.folder = folder


_registry: dict[Path, "TinyMatchRepository"] = {}
_registry_lock = (
    threading.RLock()
)  # re-entrant: close() forgets itself from inside open_repository(fresh=True)


def _resolve(data_dir: str | os.PathLike | None) -> Path:
    path = default_data_dir() if data_dir is None or data_dir == "" else Path(data_dir)
    return path.expanduser().resolve()


def open_repository(
    data_dir: str | os.PathLike | None = None, *, fresh: bool = False, create: bool = True
) -> "TinyMatchRepository":
    """The one repository of a data folder in this process (TinyDB allows one instance per file).

    `fresh=True` closes the open one, if any, and opens the folder again (as a new start of the app
    would). `create=False` (commands that only read) raises NoStore, writing nothing, where no
    store is.
    """
    path = _resolve(data_dir)
    with _registry_lock:
        repo = _registry.get(path)
        if repo is not None and (fresh or repo.closed):
            _registry.pop(path, None)
            repo.close()
            repo = None
        if repo is None:
            # A file where the folder should be is not "no store": the open says it cannot be used.
            if not create and not path.is_file() and not Layout(path).holds_store():
                raise NoStore(path)
            from seep_scorer.store.tinyrepo import TinyMatchRepository

            repo = TinyMatchRepository(path, on_close=_forget)
            _registry[path] = repo
        return repo


def _forget(repo: "TinyMatchRepository") -> None:
    """A repository closed: the registry hands out a new instance for its folder after this."""
    with _registry_lock:
        for path, known in list(_registry.items()):
            if known is repo:
                _registry.pop(path, None)


def close_all() -> None:
    """Close every open repository (tests, shutdown)."""
    with _registry_lock:
        repos = list(_registry.values())
        _registry.clear()
    for repo in repos:
        repo.close()
