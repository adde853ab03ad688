"""The index: 256 small TinyDB files (index/<xy>.json), each holding the summary lines of its matches.

Why shards: TinyDB rewrites a whole file on every write, so one index file
would make every save rewrite every match's summary. A hash of the id picks the
shard (layout.shard_of), so a save rewrites one file of a few kilobytes however
long the history, and the matches list reads the index only, never a match file.

This module reads, checks, writes and drops index lines. A shard found damaged
is closed and handed to the `rebuild` callback, which moves it aside and
rebuilds it from the match files (the repository's repair knows how).
"""

from __future__ import annotations

from typing import Callable, Iterator

from tinydb import TinyDB
from tinydb.table import Document

from .layout import Layout, doc_id_of, shard_of
from .records import valid_entry
from .storage import DamagedFile, open_db

__all__ = ["IndexShards", "Rebuild"]

# (shard prefix, the damage found) -> the shard's index lines, rebuilt: {id: line}
Rebuild = Callable[[str, DamagedFile], dict[str, dict]]


class IndexShards:
    """The index shards of one store, each opened on first use and kept open until close()."""

    def __init__(self, layout: Layout, rebuild: Rebuild):
        self.layout = layout
        self._rebuild = rebuild
        self._dbs: dict[str, TinyDB] = {}

    def db(self, prefix: str) -> TinyDB:
        """The open TinyDB of one shard (created empty on first write)."""
        db = self._dbs.get(prefix)
        if db is None:
            db = self._dbs[prefix] = open_db(self.layout.shard_file(prefix))
        return db

    def close(self) -> None:
        for db in self._dbs.values():
            db.close()
        self._dbs.clear()

    def entries(self, prefix: str) -> dict[str, dict]:
        """{id: index line} of one shard; a damaged shard is rebuilt (see `rebuild`)."""
        path = self.layout.shard_file(prefix)
        try:
            raw = self.db(prefix).storage.read() or {}
            table = raw.get("matches", {})
            if not all(valid_entry(e, k) and shard_of(e["id"]) == prefix for k, e in table.items()):
                raise DamagedFile(path, "does not have the shape of the list of matches")
            return {e["id"]: e for e in table.values()}
        except DamagedFile as damage:
            self._dbs.pop(prefix).close()
            return self._rebuild(prefix, damage)

    def all_entries(self) -> Iterator[dict]:
        """Every index line, a shard at a time."""
        for prefix in self.layout.shard_prefixes():
            yield from self.entries(prefix).values()

    def get(self, mid: str) -> dict | None:
        """The index line of one match, or None when it is not stored."""
        prefix = shard_of(mid)
        try:
            entry = self.db(prefix).table("matches").get(doc_id=doc_id_of(mid))
            if entry is not None and not valid_entry(dict(entry), str(doc_id_of(mid))):
                raise DamagedFile(self.layout.shard_file(prefix), "does not have the shape of the list of matches")
        except DamagedFile:
            return self.entries(prefix).get(mid)
        return None if entry is None else dict(entry)

    def put(self, prefix: str, entries: list[dict]) -> None:
        """Add or replace index lines of one shard, in as few writes as TinyDB allows."""
        present = self.entries(prefix)  # also repairs a damaged shard before writing over it
        table = self.db(prefix).table("matches")
        fresh = [Document(e, doc_id=doc_id_of(e["id"])) for e in entries if e["id"] not in present]
        if fresh:
            table.insert_multiple(fresh)  # one shard write for a whole import
        for e in entries:
            if e["id"] in present:
                table.update(e, doc_ids=[doc_id_of(e["id"])])  # every field: a full replace

    def drop(self, mid: str) -> None:
        prefix = shard_of(mid)
        if mid in self.entries(prefix):
            self.db(prefix).table("matches").remove(doc_ids=[doc_id_of(mid)])
