"""The match store: matches, settings, import and export, on TinyDB (see tinyrepo.py for the design).

Use `open_repository()`; the UI and the command line see only the MatchRepository
interface plus the export/import helpers of the object it returns.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from .datadir import default_data_dir
from .repository import MatchNotFound, MatchRepository, MatchSummary, StaleRevision, StoredMatch, StoreError

_registry: dict[Path, "TinyMatchRepository"] = {}
_registry_lock = threading.RLock()  # re-entrant: close() forgets itself from inside open_repository(fresh=True)


def _resolve(data_dir: str | os.PathLike | None) -> Path:
    path = default_data_dir() if data_dir is None or data_dir == "" else Path(data_dir)
    return path.expanduser().resolve()


def open_repository(data_dir: str | os.PathLike | None = None, *, fresh: bool = False) -> "TinyMatchRepository":
    """The one repository of a data folder in this process (TinyDB allows one instance per file).

    `fresh=True` closes the open one, if any, and opens the folder again (as a new start of the app would).
    """
    from .tinyrepo import TinyMatchRepository

    path = _resolve(data_dir)
    with _registry_lock:
        repo = _registry.get(path)
        if repo is not None and (fresh or repo.closed):
            _registry.pop(path, None)
            repo.close()
            repo = None
        if repo is None:
            repo = TinyMatchRepository(path)
            _registry[path] = repo
        return repo


def _forget(repo) -> None:
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


def __getattr__(name):
    if name in ("TinyMatchRepository", "WriteFailed"):
        from . import tinyrepo

        return getattr(tinyrepo, name)
    raise AttributeError(name)


__all__ = ["open_repository", "default_data_dir", "close_all", "MatchRepository", "StoredMatch", "MatchSummary",
           "StaleRevision", "MatchNotFound", "StoreError", "TinyMatchRepository", "WriteFailed"]
