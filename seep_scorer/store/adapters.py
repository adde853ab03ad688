"""The repository as each of its collaborators sees it: one small adapter per Protocol.

Why adapters: each collaborator (automatic backups, repair, import, export,
the settings file, migrations) owns a Protocol naming exactly what it uses of the store, and gets
one of these instead of the repository, so none of them reaches into another's
private state. Each adapter forwards to the repository's own methods at call
time, so what the repository does (its lock, say) is what they get.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import IO, Any

from ..rules import Match, Standings
from .backupfile import BackupRecord
from .indexview import IndexView
from .layout import Layout
from .records import index_entry
from .repository import StoredMatch
from .shards import IndexShards
from .storage import DamagedFile

__all__ = [
    "BackingUp",
    "Exporting",
    "Importing",
    "Migrating",
    "Repairing",
    "StoreFiling",
    "Viewing",
]


class _Adapter:
    """What every adapter gives: the store's folders, its notices and its lock."""

    def __init__(self, repo: Any):
        self._repo = repo  # a tinyrepo.TinyMatchRepository (not imported: that would be a cycle)

    @property
    def layout(self) -> Layout:
        return self._repo.layout

    @property
    def notices(self) -> list[str]:
        return self._repo.notices

    def locked(self) -> AbstractContextManager[None]:
        return self._repo._locked()


class BackingUp(_Adapter):
    """The repository as the automatic backups see it (autobackup.BackedUpStore)."""

    def write_backup(self, out: IO[bytes]) -> None:
        self._repo.write_backup(out)


class Repairing(_Adapter):
    """The repository as the repair sees it (repair.RepairTarget)."""

    @property
    def index(self) -> IndexShards:
        return self._repo._index

    def read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        return self._repo._read_match_file(path, mid)

    def commit(
        self, stored: StoredMatch, match_dict: dict, old_revision: int | None, standings: Standings
    ) -> None:
        self._repo._commit(stored, match_dict, old_revision, standings)

    def put_entry(self, stored: StoredMatch, size: int, standings: Standings) -> None:
        self._repo._put_entry(stored, size, standings)

    def find_in_backups(self, mid: str) -> tuple[BackupRecord, str] | None:
        return self._repo.auto_backup.find_match(mid)


class Exporting(_Adapter):
    """The repository as the export sees it (export.ExportSource)."""

    @property
    def index(self) -> IndexShards:
        return self._repo._index

    def settings(self) -> dict:
        return self._repo._store_file.settings()

    def get(self, match_id: str) -> StoredMatch:
        return self._repo.get(match_id)


class Importing(_Adapter):
    """The repository as an import and its commit see it (importing.ImportTarget, which holds
    importcommit.CommitTarget)."""

    @property
    def index(self) -> IndexShards:
        return self._repo._index

    def put_entries(self, prefix: str, entries: list[dict]) -> None:
        self._repo._put_entries(prefix, entries)

    def unused_id(self) -> str:
        return self._repo._unused_id()

    def read_match_file(self, path: Path, mid: str) -> tuple[StoredMatch, Standings]:
        return self._repo._read_match_file(path, mid)

    def create(self, match: Match) -> StoredMatch:
        return self._repo.create(match)


class Migrating(_Adapter):
    """The repository as the migrations see it (migrations.MigrationTarget)."""

    def __init__(self, repo: Any):
        super().__init__(repo)
        self.last_migration_backup: Path | None = None

    def index_lines_as_stored(self, prefix: str) -> dict[str, dict]:
        return self._repo._index.raw_lines(prefix)

    def index_line_from_files(self, match_id: str, revisions: list[int]) -> dict | None:
        for revision in revisions:
            path = self.layout.match_file(match_id, revision)
            try:
                stored, standings = self._repo._read_match_file(path, match_id)
                return index_entry(stored, path.stat().st_size, standings)
            except (OSError, DamagedFile):
                continue
        return None

    def write_index_shard(self, prefix: str, lines: dict[str, dict]) -> None:
        self._repo._index.replace(prefix, lines)

    def restore_lost_match(self, match_id: str) -> None:
        self._repo._repair.load(match_id, None, [])

    def set_schema(self, version: int) -> None:
        self._repo._store_file.set_schema(version)


class StoreFiling(_Adapter):
    """The repository as its settings file sees it (storefile.StoreFileTarget)."""

    def move_aside(self, path: Path) -> Path:
        return self._repo._repair.move_aside(path)

    def settings_in_backups(self) -> tuple[dict | None, str | None]:
        return self._repo.auto_backup.find_settings()


class Viewing(_Adapter):
    """The repository as the statistics see it (statsreads.ViewSource)."""

    def current_view(self) -> IndexView:
        return self._repo._current_view()
