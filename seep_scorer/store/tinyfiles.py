"""The store's TinyDB files: the storage that never rewrites a file in place, and a match's own
file, matches/<id>.<revision>.json, a one-document TinyDB written whole and read back checked.

TinyDB's JSONStorage truncates and rewrites the file: a crash mid-write leaves it unreadable.
`AtomicJSONStorage` goes through atomic_write_bytes (files.py). Reading raises DamagedFile with
a plain-words reason for an empty, truncated, non-UTF-8, non-JSON or wrongly shaped file, so the
repository can move it aside and repair.

Saves, repair, imports (which stage match files in a folder of their own) and backups all read
or write match files, and each needs the same guarantees: a write is one atomic replace, and a
read either gives a match that adds up or raises DamagedFile with the reason in plain words.
A match stored before names and notes had one rule (rules.names) is read with its texts
tidied (`stored_match_from_dict`).

The document: {"id", "revision", "created", "updated", "finished", "match": <match file dict>}.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from seep_scorer.matchfile import match_from_dict
from seep_scorer.matchfile.guards import checked
from seep_scorer.matchfile.jsonio import MAX_FILE_DEPTH, JSONRefused, TooDeep, dumps, loads
from seep_scorer.rules import Match, MatchError, Standings, replay
from seep_scorer.rules.names import BIDI_CONTROLS, tidied
from seep_scorer.store.files import atomic_write_bytes
from seep_scorer.store.records import is_iso
from seep_scorer.store.repository import (
    StoredMatch,
)

__all__ = [
    "DamagedFile",
    "open_regular",
    "read_json_file",
    "dumps_compact",
    "AtomicJSONStorage",
    "open_db",
    "put_first_doc",
    "StrayCopy",
    "read_match_file",
    "read_match",
    "write_match_file",
    "read_raw_doc",
    "stored_match_from_dict",
    "tidied_texts",
]

MAX_STORE_FILE_BYTES = (
    8 * 1024 * 1024
)  # a match file is at most ~5 MB (matchfile.MAX_FILE_BYTES) plus metadata


class DamagedFile(Exception):
    """A store file exists but cannot be used. `reason` completes "it ...": "is empty"."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = Path(path), reason


# Never wait on a pipe nor follow a link out of the folder: either would hang the store with its
# lock held, or read (and later replace) a file that is not the store's.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading if it is a regular file. FileNotFoundError if absent; DamagedFile
    for a symbolic link, a pipe, a device, a socket or a folder in its place."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as err:
        if err.errno == errno.ELOOP or os.path.islink(path):
            raise DamagedFile(path, "is a symbolic link, which the app never makes") from None
        if err.errno in (errno.ENXIO, errno.EISDIR, errno.EOPNOTSUPP):  # a socket, a folder
            raise DamagedFile(path, _NOT_REGULAR) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DamagedFile(path, _NOT_REGULAR)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


_NOT_REGULAR = "is not a regular file (a pipe, a device or a folder stands in its place)"


def read_json_file(
    path: Path, max_bytes: int = MAX_STORE_FILE_BYTES, max_depth: int = MAX_FILE_DEPTH
) -> Any:
    """The JSON value in `path`. FileNotFoundError if absent, DamagedFile if unusable."""
    with open_regular(path) as f:
        # Ask for the file's own size (plus one byte, to see it grow past the limit), not the limit:
        # read(n) sets n bytes aside first, and most store files are a few kilobytes.
        data = f.read(min(os.fstat(f.fileno()).st_size, max_bytes) + 1)
    if len(data) > max_bytes:
        raise DamagedFile(
            path,
            f"is larger than {max_bytes // (1024 * 1024)} MB, far larger than the app ever writes",
        )
    if not data.strip():
        raise DamagedFile(path, "is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile(path, "is not UTF-8 text (it holds bytes the app never writes)") from None
    try:
        return loads(text, max_depth, unique_keys=False)  # the store's own file: dumps wrote it
    except TooDeep as refused:
        raise DamagedFile(
            path, f"is nested far too deeply to be a store file (more than {refused.limit} levels)"
        ) from None
    except JSONRefused as refused:
        raise DamagedFile(path, str(refused)) from None
    except ValueError:
        raise DamagedFile(path, "is cut short or garbled (not valid JSON)") from None


def dumps_compact(value: Any) -> bytes:
    """Compact UTF-8 JSON; ValueError for NaN or Infinity, which the next read would refuse."""
    return dumps(value).encode("utf-8")


class AtomicJSONStorage(Storage):
    """One JSON file per TinyDB database, replaced atomically on every write."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.last_size: int | None = None  # bytes of the last write, recorded in the index

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            tables = read_json_file(self.path)
        except FileNotFoundError:
            return None
        # TinyDB expects {table: {doc_id: document}}; anything else would crash deep inside it.
        if not isinstance(tables, dict) or not all(
            isinstance(t, dict) and all(isinstance(doc, dict) for doc in t.values())
            for t in tables.values()
        ):
            raise DamagedFile(self.path, "does not have the shape of a store file")
        return tables

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        payload = dumps_compact(data)
        atomic_write_bytes(self.path, payload)
        self.last_size = len(payload)


def open_db(path: Path) -> TinyDB:
    return TinyDB(path, storage=AtomicJSONStorage)


def put_first_doc(db: TinyDB, table_name: str, doc: dict) -> None:
    """Document 1 of a table, in one write (TinyDB's upsert writes twice when the document is
    new)."""
    table = db.table(table_name)
    if table.contains(doc_id=1):
        table.update(doc, doc_ids=[1])
    else:
        table.insert(Document(doc, doc_id=1))


# ---- a match's own file


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


# ---- texts stored before the rule
# Matches stored before names and notes had one rule (rules.names) still open, their texts tidied.
#
# The store's own files and backups were written when names could hold invisible
# characters (U+200B, U+FEFF, direction marks, U+2028) and notes any control
# character. Refusing them now would call those matches damaged and lose them, so
# the store reads such a match, and restores such a backup, with those characters
# taken out (rules.names.tidied); its next save writes the tidy texts. Only what the
# earlier rule allowed is tidied: a name with a control character is still refused.
# Match files (import, `score`) are refused: they are input, and the message says where.

TEXT_CODES = frozenset(("name_control", "note_control"))


def stored_match_from_dict(obj: object) -> Match:
    """match_from_dict for the store's own files (checked: every failure a MatchError); a match
    whose only fault is a text the rule now refuses is read with its texts tidied."""
    try:
        return checked(match_from_dict, obj)
    except MatchError as err:
        if err.code not in TEXT_CODES:
            raise
        tidy = tidied_texts(obj)
        if tidy is None:
            raise
        return checked(match_from_dict, tidy)


def _tidied_name(name: object) -> object:
    """A name the earlier rule let through (no control or bidi control character), tidied; any other
    value as it is, for the ordinary read to refuse."""
    if not isinstance(name, str) or not BIDI_CONTROLS.isdisjoint(name):
        return name
    import unicodedata

    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return name
    return tidied(name)


def tidied_texts(obj: object) -> dict | None:
    """A copy of a match file's dict with its team and player names and deal notes tidied; None
    if it has none to tidy (or is not shaped like a match: the ordinary read says what is
    wrong)."""
    if not isinstance(obj, dict):
        return None
    out, changed = dict(obj), False
    teams = obj.get("teams")
    if isinstance(teams, list):
        new_teams = []
        for team in teams:
            if isinstance(team, dict):
                team = dict(team)
                team["name"] = _tidied_name(team.get("name"))
                if isinstance(team.get("players"), list):
                    team["players"] = [_tidied_name(p) for p in team["players"]]
                changed |= team != obj["teams"][len(new_teams)]
            new_teams.append(team)
        out["teams"] = new_teams
    deals = obj.get("deals")
    if isinstance(deals, list):
        new_deals = []
        for deal in deals:
            if isinstance(deal, dict) and isinstance(deal.get("note"), str):
                note = tidied(deal["note"], line_breaks=True)
                if note != deal["note"]:
                    deal, changed = {**deal, "note": note}, True
            new_deals.append(deal)
        out["deals"] = new_deals
    return out if changed else None
