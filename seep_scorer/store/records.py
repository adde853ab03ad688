"""Pure helpers for the store's records: dates, index lines, summaries, a match in its stored form.

Why a module of its own: the repository, the index shards, imports and
migrations all build or check the same records, and none of that needs a file
or a lock. Kept pure (no I/O), these are cheap to test and safe to import from
anywhere in the store without pulling in the repository.

An index line is the summary of one match that a shard of the index holds (schema 3):
    {"id", "teams": [a, b], "players": [[a1, a2], [b1, b2]], "deals", "created", "updated",
     "finished", "winner": 0 | 1 | "draw" | null, "revision", "size", "stats": <contribution>}
and `"stopped": true` only on a match the players stopped before its format ended it
(rules.stopped_early: the list says so, not who won); lines written before it lack the key.
where `size` is the byte size of the match file it was written from and `stats` is
the match's statistics contribution (stats.contribution_of), so the statistics and
the history's search never open a match file. All of it comes from one replay.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from seep_scorer.matchfile import MAX_FILE_BYTES, match_from_dict, match_to_dict
from seep_scorer.matchfile.guards import checked
from seep_scorer.matchfile.jsonio import MAX_MATCH_DEPTH, JSONRefused, dumps, loads
from seep_scorer.rules import SWEEP_KINDS, Match, MatchError, Standings, replay, stopped_early
from seep_scorer.stats import CONTRIBUTION_VERSION, contribution_of
from seep_scorer.store.files import doc_id_of, is_match_id
from seep_scorer.store.repository import MatchSummary, StoredMatch, StoreError

__all__ = [
    "now_iso",
    "is_iso",
    "valid_entry",
    "valid_contribution",
    "index_entry",
    "summary_of",
    "canonical_match",
    "setting_value",
    "MAX_SETTING_KEY",
    "MAX_SETTING_BYTES",
]

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
    """Whether `e` is a well-formed index line stored under TinyDB document id `doc_id`.

    Cheap (no replay), but thorough about shape: `aggregate` and the history read
    these lines as they are, so a damaged one must be caught here, never crash there.
    """
    return (
        isinstance(e, dict)
        and is_match_id(e.get("id"))
        and str(doc_id_of(e["id"])) == doc_id
        and _names(e.get("teams"))
        and type(e.get("deals")) is int
        and e["deals"] >= 0
        and type(e.get("revision")) is int
        and e["revision"] >= 1
        and type(e.get("size")) is int
        and isinstance(e.get("finished"), bool)
        and is_iso(e.get("created"))
        and is_iso(e.get("updated"))
        and isinstance(e.get("players"), list)
        and len(e["players"]) == 2
        and all(map(_names, e["players"]))
        and _valid_winner(e.get("winner", 0.5), e["finished"])
        and valid_contribution(e.get("stats"), e)
        and type(e.get("stopped", False)) is bool
        and (e["finished"] or not e.get("stopped"))
    )


def _names(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(n, str) for n in value)


def _valid_winner(winner: Any, finished: bool) -> bool:
    if not finished:
        return winner is None
    return winner == "draw" or (type(winner) is int and winner in (0, 1))


def _count(value: Any) -> bool:
    return type(value) is int and value >= 0


def valid_contribution(c: Any, line: dict) -> bool:
    """Whether `c` has exactly the shape `aggregate` reads, and agrees with its index line."""
    if not (
        isinstance(c, dict)
        and c.get("v") == CONTRIBUTION_VERSION
        and isinstance(c.get("teams"), list)
        and len(c["teams"]) == 2
    ):
        return False
    if not (
        c.get("created") == line["created"]
        and c.get("updated") == line["updated"]
        and c.get("deals") == line["deals"]
        and type(c.get("deals")) is int
        and c.get("finished") is line["finished"]
        and c.get("winner") == line.get("winner")
        and type(c.get("winner")) is type(line.get("winner"))
    ):
        return False
    for team, players in zip(c["teams"], line["players"]):
        if not (
            isinstance(team, dict)
            and team.get("players") == players
            and type(team.get("card_points")) is int
            and _count(team.get("bazzis_won"))
            and _count(team.get("bazzis_lost"))
            and _count(team.get("bazzis_won_by_minimum"))
            and isinstance(team.get("sweeps"), dict)
            and len(team["sweeps"]) == len(SWEEP_KINDS)
            and all(_count(team["sweeps"].get(k)) for k in SWEEP_KINDS)
        ):
            return False
    return True


def index_entry(stored: StoredMatch, size: int, standings: Standings) -> dict:
    """The index line of a stored match whose file is `size` bytes; `standings` is
    `replay(stored.match)`."""
    match = stored.match
    stats = contribution_of(match, standings, stored.created, stored.updated)
    return {
        "id": stored.id,
        "teams": [t.name for t in match.teams],
        "players": [list(t.players) for t in match.teams],
        "deals": len(match.deals),
        "created": stored.created,
        "updated": stored.updated,
        "finished": standings.finished,
        "winner": stats["winner"],
        "revision": stored.revision,
        "size": size,
        "stats": stats,
    } | ({"stopped": True} if stopped_early(match.format, standings) else {})


def summary_of(e: dict) -> MatchSummary:
    """The MatchSummary an index line stands for."""
    players = e["players"]
    return MatchSummary(
        e["id"],
        (e["teams"][0], e["teams"][1]),
        e["deals"],
        e["created"],
        e["updated"],
        e["finished"],
        e["revision"],
        ((players[0][0], players[0][1]), (players[1][0], players[1][1])),
        e["winner"],
        e.get("stopped") is True,
    )


def canonical_match(match: Any) -> tuple[Match, dict, Standings]:
    """The match exactly as it will read back, its file dict, and its standings (the one replay).

    Going through the file format here means a save can never store something
    that the next read would call damaged (a 200-character team name, say).
    """
    if not isinstance(match, Match):
        raise MatchError(code="not_a_match", field="match")
    try:
        text = dumps(match_to_dict(match))
    except MatchError:
        raise  # already in plain words (match_to_dict refuses what a read would refuse)
    except (TypeError, ValueError) as err:
        raise MatchError(
            code="value_type_wrong", params={"detail": str(err)}, field="match"
        ) from None
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise MatchError(code="match_too_large", field="match")
    try:
        as_dict = loads(text, max_depth=MAX_MATCH_DEPTH, unique_keys=False)  # dumps wrote it
    except JSONRefused as err:
        raise MatchError(code=err.code, params=err.params, field="match") from None
    canonical = checked(match_from_dict, as_dict)
    return canonical, as_dict, replay(canonical)


def setting_value(key: Any, value: Any) -> Any:
    """A copy of a setting's value exactly as it will read back; StoreError for a bad name or
    value."""
    if not isinstance(key, str) or not 1 <= len(key) <= MAX_SETTING_KEY:
        raise StoreError("setting_name_bad", max=MAX_SETTING_KEY)
    try:
        text = dumps(value)
        value = loads(text, max_depth=MAX_MATCH_DEPTH, unique_keys=False)  # dumps wrote it
    except (TypeError, ValueError):
        raise StoreError("setting_not_json", key=key) from None
    if len(text) > MAX_SETTING_BYTES:
        raise StoreError("setting_too_large", key=key)
    return value
