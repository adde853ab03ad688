"""The match store: matches, settings, import and export, on TinyDB (see tinyrepo.py for the
design).

Use `open_repository()` (the TinyDB repository, `tinyrepo.TinyMatchRepository`, loads on the
first open, so commands that only read match files never load it); the UI and the command line
see only the MatchRepository interface plus the export/import helpers of the object it returns.

Names load on first use (module __getattr__): `seep-scorer list` imports little of it, and
must not pay for platformdirs, the registry and the repository interface (with the statistics).
"""

from __future__ import annotations

_WHERE = {
    "open_repository": "registry",
    "close_all": "registry",
    "default_data_dir": "datadir",
    "WriteFailed": "diskfaults",
    "MatchNotFound": "repository",
    "MatchRepository": "repository",
    "MatchSummary": "repository",
    "StaleRevision": "repository",
    "StoredMatch": "repository",
    "StoreError": "repository",
    "NoStore": "registry",
}

__all__ = [
    "open_repository",
    "default_data_dir",
    "close_all",
    "MatchRepository",
    "StoredMatch",
    "MatchSummary",
    "StaleRevision",
    "MatchNotFound",
    "StoreError",
    "WriteFailed",
    "NoStore",
]


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import (
        import_module,
    )  # here: importlib (with warnings) is more than `score` imports of the store

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
