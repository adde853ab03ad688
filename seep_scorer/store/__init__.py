"""The match store: matches, settings, import and export, on TinyDB (see tinyrepo.py for the design).

Use `open_repository()` (the TinyDB repository, `tinyrepo.TinyMatchRepository`, loads on the
first open, so commands that only read match files never load it); the UI and the command line see only the MatchRepository
interface plus the export/import helpers of the object it returns.
"""

from __future__ import annotations

from .datadir import default_data_dir
from .diskfaults import WriteFailed
from .registry import close_all, open_repository
from .repository import MatchNotFound, MatchRepository, MatchSummary, StaleRevision, StoredMatch, StoreError

__all__ = ["open_repository", "default_data_dir", "close_all", "MatchRepository", "StoredMatch", "MatchSummary",
           "StaleRevision", "MatchNotFound", "StoreError", "WriteFailed"]
