"""A match's own file, matches/<id>.<revision>.json: a one-document TinyDB, written whole, read back
checked.

Why a module of its own: saves, repair, imports (which stage match files in a
folder of their own) and backups all read or write these files, and each needs
the same guarantees: a write is one atomic replace, and a read either gives a
match that adds up or raises DamagedFile with the reason in plain words.

The document: {"id", "revision", "created", "updated", "finished", "match": <match file dict>}.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..rules import MatchError, Standings, replay
from .oldtexts import stored_match_from_dict
from .records import is_iso
from .repository import StoredMatch
from .storage import AtomicJSONStorage, DamagedFile, read_json_file

__all__ = ["read_match_file", "read_match", "write_match_file", "read_raw_doc", "StrayCopy"]


class StrayCopy(DamagedFile):
    """A match's file under another revision's name (a copy a sync tool or a person made):
    `revision` is the one it holds."""

    def __init__(self, path: Path, revision: int):
        super().__init__(path, f"is a copy of revision {revision} under another name")
        self.revision = revision


def read_match_file(path: Path, mid: str) -> StoredMatch:
    """The match in `path`, checked in full (a replay). FileNotFoundError if absent, DamagedFile
    if unusable."""
    return read_match(path, mid)[0]


def read_match(path: Path, mid: str) -> tuple[StoredMatch, Standings]:
    """read_match_file, and the standings of its replay (an index line needs them: no second
    replay)."""
    revision = int(path.name.split(".")[1])  # <id>.<revision>.json
    tables = AtomicJSONStorage(path).read()
    if tables is None:  # gone (another repair replaced it): not damage, nothing to move aside
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    doc = tables.get("match", {}).get("1")
    if doc is None:
        raise DamagedFile(path, "holds no match")
    if doc.get("id") == mid and type(doc.get("revision")) is int and doc["revision"] != revision:
        raise StrayCopy(path, doc["revision"])
    if not (
        doc.get("id") == mid
        and doc.get("revision") == revision
        and is_iso(doc.get("created"))
        and is_iso(doc.get("updated"))
        and isinstance(doc.get("match"), dict)
    ):
        raise DamagedFile(path, "does not have the shape of a match file")
    try:
        match = stored_match_from_dict(doc["match"])  # texts from before their rule: tidied
        standings = replay(match)
    except MatchError as err:
        raise DamagedFile(path, f"holds a match that does not add up: {err}") from None
    return StoredMatch(
        mid, match, doc["revision"], doc["created"], doc["updated"], standings.finished
    ), standings


def write_match_file(stored: StoredMatch, match_dict: dict, path: Path) -> int:
    """Write the match's file in one atomic replace; returns its size in bytes (for its index
    line)."""
    doc = {
        "id": stored.id,
        "revision": stored.revision,
        "created": stored.created,
        "updated": stored.updated,
        "finished": stored.finished,
        "match": match_dict,
    }
    # The whole database in one atomic write: TinyDB's upsert would write an empty table first.
    storage = AtomicJSONStorage(path)
    storage.write({"match": {"1": doc}})
    return storage.last_size


def read_raw_doc(path: Path) -> dict:
    """The file's document as stored, no replay and no check of its fields (a backup copies it as it
    is).

    Raises OSError, DamagedFile, or KeyError/TypeError when the file is not shaped like a match
    file.
    """
    doc = read_json_file(path)["match"]["1"]
    if not isinstance(doc, dict):
        raise TypeError("not a document")
    return doc
