"""store.json: which schema the store is at, and the settings; put right when found damaged.

Why a module of its own: the settings file is the one file that is neither a
match nor the index, and its repair is its own (the settings come back from the
newest automatic backup holding them, or go back to their defaults, with a
notice; the matches are not affected).

StoreFile sees the store only through StoreFileTarget, defined here because it
is its consumer; the repository hands it an adapter (adapters.py). Its callers
hold the store lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from .layout import Layout
from .migrations import current_schema
from .notices import store_file_restored
from .storage import DamagedFile, open_db, put_first_doc

__all__ = ["StoreFile", "StoreFileTarget"]


class StoreFileTarget(Protocol):
    """What the settings file may use of the store, and nothing more."""

    layout: Layout
    notices: list[str]  # a repaired settings file is told here

    def move_aside(self, path: Path) -> Path:
        """Move a damaged file into damaged/ (never deleting it) and return where it went."""

    def settings_in_backups(self) -> tuple[dict | None, str | None]:
        """The settings of the newest automatic backup holding them, and that backup's time."""


class StoreFile:
    """The schema version and the settings of one store (store.json), open until close()."""

    def __init__(self, store: StoreFileTarget):
        self._store = store
        self.layout = store.layout
        self._db = open_db(self.layout.store_file)

    def close(self) -> None:
        self._db.close()

    def schema_at_open(self) -> int:
        """The store's schema; a new store is written as the current one, a damaged file put
        right."""
        try:
            meta = self._db.table("meta").get(doc_id=1)
            if meta is not None and not (type(meta.get("schema")) is int and meta["schema"] >= 1):
                raise DamagedFile(
                    self.layout.store_file,
                    "does not have the shape of a settings file: "
                    "it does not say which version of the store it is",
                )
            self._db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            return self._repair(damage)
        if meta is None:  # a new store
            self.set_schema(current_schema())
            return current_schema()
        return meta["schema"]

    def set_schema(self, version: int) -> None:
        put_first_doc(self._db, "meta", {"schema": version})

    def settings(self) -> dict:
        try:
            doc = self._db.table("settings").get(doc_id=1)
        except DamagedFile as damage:
            self._repair(damage)
            doc = self._db.table("settings").get(doc_id=1)
        return dict(doc) if doc else {}

    def put_settings(self, settings: dict) -> None:
        put_first_doc(self._db, "settings", settings)

    def _repair(self, damage: DamagedFile) -> int:
        moved = self._store.move_aside(damage.path)
        settings, backup_time = self._store.settings_in_backups()
        # store.json named the schema: the files of every schema since have the current layout.
        version = current_schema()
        self._db.close()
        self._db = open_db(self.layout.store_file)
        self.set_schema(version)
        if settings:
            self.put_settings(settings)
        self._store.notices.append(store_file_restored(damage.reason, moved, backup_time))
        return version
