"""Pure helpers for the store's records: dates, index lines, summaries, a match in its stored form.

Why a module of its own: the repository, the index shards, imports and
migrations all build or check the same records, and none of that needs a file
or a lock. Kept pure (no I/O), these are cheap to test and safe to import from
anywhere in the store without pulling in the repository.

An index line is the summary of one match that a shard of the index holds:
    {"id", "teams": [a, b], "deals", "created", "updated", "finished", "revision", "size"}
where `size` is the byte size of the match file it was written from.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from ..rules import Match, MatchError, replay
from .jsonio import MAX_MATCH_DEPTH, JSONRefused, dumps, loads
from .guards import checked
from .layout import doc_id_of, is_match_id
from .matchfile import MAX_FILE_BYTES, match_from_dict, match_to_dict
from .repository import MatchSummary, StoredMatch, StoreError

__all__ = ["now_iso", "is_iso", "valid_entry", "index_entry", "summary_of", "canonical_match", "setting_value",
           "MAX_SETTING_KEY", "MAX_SETTING_BYTES"]

MAX_SETTING_KEY = 100
MAX_SETTING_BYTES = 64 * 1024


def now_iso() -> str:
    """The time now, ISO 8601 in UTC to the millisecond: the store's `created` and `updated`."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def is_iso(value: Any) -> bool:
    """Whether `value` is a date the store could have written (ISO 8601 text of sane length)."""
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def valid_entry(e: Any, doc_id: str) -> bool:
    """Whether `e` is a well-formed index line stored under TinyDB document id `doc_id`."""
    return (isinstance(e, dict) and is_match_id(e.get("id")) and str(doc_id_of(e["id"])) == doc_id
            and isinstance(e.get("teams"), list) and len(e["teams"]) == 2 and all(isinstance(t, str) for t in e["teams"])
            and type(e.get("deals")) is int and e["deals"] >= 0 and type(e.get("revision")) is int and e["revision"] >= 1
            and type(e.get("size")) is int and isinstance(e.get("finished"), bool)
            and is_iso(e.get("created")) and is_iso(e.get("updated")))


def index_entry(stored: StoredMatch, size: int) -> dict:
    """The index line of a stored match whose file is `size` bytes."""
    return {"id": stored.id, "teams": [t.name for t in stored.match.teams], "deals": len(stored.match.deals),
            "created": stored.created, "updated": stored.updated, "finished": stored.finished,
            "revision": stored.revision, "size": size}


def summary_of(e: dict) -> MatchSummary:
    """The MatchSummary an index line stands for."""
    return MatchSummary(e["id"], (e["teams"][0], e["teams"][1]), e["deals"], e["created"], e["updated"],
                        e["finished"], e["revision"])


def canonical_match(match: Any) -> tuple[Match, dict, bool]:
    """The match exactly as it will read back, its file dict, and whether it is finished.

    Going through the file format here means a save can never store something
    that the next read would call damaged (a 200-character team name, say).
    """
    if not isinstance(match, Match):
        raise MatchError("is not a match", field="match")
    try:
        text = dumps(match_to_dict(match))
    except MatchError:
        raise  # already in plain words (match_to_dict refuses what a read would refuse)
    except (TypeError, ValueError) as err:
        raise MatchError(f"holds a value that cannot be stored ({err})", field="match") from None
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise MatchError("is too large to store", field="match")
    try:
        as_dict = loads(text, max_depth=MAX_MATCH_DEPTH)
    except JSONRefused as err:
        raise MatchError(f"cannot be stored: it {err}", field="match") from None
    canonical = checked(match_from_dict, as_dict)
    return canonical, as_dict, replay(canonical).finished


def setting_value(key: Any, value: Any) -> Any:
    """A copy of a setting's value exactly as it will read back; StoreError for a bad name or value."""
    if not isinstance(key, str) or not 1 <= len(key) <= MAX_SETTING_KEY:
        raise StoreError(f"A setting's name is text of 1 to {MAX_SETTING_KEY} characters.")
    try:
        text = dumps(value)
        value = loads(text, max_depth=MAX_MATCH_DEPTH)
    except (TypeError, ValueError):
        raise StoreError(f"The setting {key!r} must be a JSON value (text, number, true/false, list or object).") from None
    if len(text) > MAX_SETTING_BYTES:
        raise StoreError(f"The setting {key!r} is too large to store.")
    return value
