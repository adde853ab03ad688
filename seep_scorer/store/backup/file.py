"""The backup file: every match of a store in one file (JSON Lines, UTF-8).

    {"format": "seep-backup", "version": 1, "created": "...", "schema": 2, "settings": {...}} {"id":
    "1a2b3c4d", "revision": 7, "created": "...", "updated": "...", "match": {<match file>}} ...
    {"event": {<event record>}}        (version 2: one line per event of the store, docs/events.md)
    {"end": true, "matches": 2}

One line per match so that reading a backup of years of matches needs the
memory of one match, not of all of them; the end line tells a complete backup
from one that was cut short. Automatic backups and `seep-scorer backup` write it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import IO, Any, Iterator

from seep_scorer.matchfile import MAX_FILE_BYTES, match_to_dict
from seep_scorer.matchfile.guards import check_container_budget, refused
from seep_scorer.matchfile.jsonio import JSONRefused, dumps, loads
from seep_scorer.rules import Match, MatchError
from seep_scorer.store.repository import StoredMatch
from seep_scorer.store.tinyfiles import stored_match_from_dict

BACKUP_FORMAT = "seep-backup"
BACKUP_VERSION = 1  # written when the store holds no event: every version of the app reads it
EVENTS_VERSION = 2  # written with event lines, which an app before them cannot read: it says so
MAX_LINE_BYTES = MAX_FILE_BYTES + 64 * 1024
MAX_BACKUP_MATCHES = 100_000
MAX_BACKUP_BYTES = 2 * 1024 * 1024 * 1024  # 100,000 matches of 30 deals is ~1 GB
HEADER_PEEK_BYTES = 64 * 1024
MAX_SETTINGS_BYTES = 256 * 1024


@dataclass(frozen=True)
class BackupRecord:
    number: int  # 1-based position in the backup
    id: str
    revision: int
    created: str
    updated: str
    match: Match


def _line(obj: Any) -> bytes:
    return dumps(obj).encode("utf-8") + b"\n"


def header_line(created: str, schema: int, settings: dict, version: int = BACKUP_VERSION) -> bytes:
    return _line(
        {
            "format": BACKUP_FORMAT,
            "version": version,
            "created": created,
            "schema": schema,
            "settings": settings,
        }
    )


def raw_record_line(match_id: str, revision: int, created: str, updated: str, match: dict) -> bytes:
    # "id" first: a restore finds one match by the line's start without parsing the others.
    return _line(
        {
            "id": match_id,
            "revision": revision,
            "created": created,
            "updated": updated,
            "match": match,
        }
    )


def record_line(stored: StoredMatch) -> bytes:
    return raw_record_line(
        stored.id, stored.revision, stored.created, stored.updated, match_to_dict(stored.match)
    )


def record_prefix(match_id: str) -> bytes:
    return b'{"id":"' + match_id.encode("ascii") + b'"'


def event_line(record: dict) -> bytes:
    """An event's line (its record, without codes), after the matches."""
    return _line({"event": record})


def end_line(count: int) -> bytes:
    return _line({"end": True, "matches": count})


def looks_like_backup(first_line: bytes) -> bool:
    """Whether a file's first line is a backup header (any version, so a newer one gets a clear
    refusal)."""
    try:
        obj = loads(first_line.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(obj, dict) and obj.get("format") == BACKUP_FORMAT


def is_present(record: tuple[str, str], stored: dict[str, str]) -> bool:
    """Whether a backup's match (its id, creation time) is one already here: the same id and
    the same creation time, which no edit changes. Its deals may differ (played on since, on
    either side): the one here is kept as it is, never overwritten by a restore."""
    mid, created = record
    return stored.get(mid) == created


def _bad(code: str, **params) -> MatchError:
    return MatchError(code=code, params=params, field="file")


def _in_line(line_no: int, cause: MatchError) -> MatchError:
    return _bad("backup_line", line=line_no, cause=cause)


def _parse_line(raw: bytes, line_no: int) -> Any:
    if len(raw) > MAX_LINE_BYTES:
        raise _in_line(line_no, _bad("line_too_large", max=MAX_LINE_BYTES // (1024 * 1024)))
    try:
        text = raw.decode("utf-8-sig" if line_no == 1 else "utf-8")
    except UnicodeDecodeError as err:
        raise _in_line(line_no, _bad("file_not_utf8", position=err.start)) from None
    try:
        check_container_budget(text, f"line {line_no} of the backup")
        return loads(text)
    except MatchError as err:
        raise _in_line(line_no, err) from None
    except JSONRefused as err:
        raise _in_line(line_no, refused(err)) from None
    except ValueError as err:
        raise _in_line(line_no, _bad("not_json", detail=str(err))) from None


def _timestamp(value: Any, key: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise MatchError(code="time_bad", params={"key": key, "value": ""}, field="file")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise MatchError(
            code="time_bad", params={"key": key, "value": value[:40]}, field="file"
        ) from None
    return value


def parse_header(raw: bytes) -> dict:
    obj = _parse_line(raw, 1)
    if not isinstance(obj, dict) or obj.get("format") != BACKUP_FORMAT:
        raise _bad("backup_not_seep")
    version = obj.get("version")
    if type(version) is not int or version < 1:
        raise _bad("backup_version_bad", value=str(version)[:20])
    if version > EVENTS_VERSION:
        raise _bad("backup_version_newer", version=version, supported=EVENTS_VERSION)
    settings = obj.get("settings", {})
    if not isinstance(settings, dict) or len(dumps(settings)) > MAX_SETTINGS_BYTES:
        raise _bad("backup_settings_bad")
    return obj


def parse_record(raw: bytes, line_no: int, number: int) -> BackupRecord:
    obj = _parse_line(raw, line_no)
    try:
        if not isinstance(obj, dict):
            raise MatchError(code="not_object")
        mid = obj.get("id")
        if not isinstance(mid, str) or not 1 <= len(mid) <= 64:
            raise MatchError(code="backup_id_bad", field="id")
        revision = obj.get("revision", 1)
        if type(revision) is not int or not 1 <= revision <= 10**9:
            raise MatchError(code="revision_bad", field="revision")
        created = _timestamp(obj.get("created"), "created")
        updated = _timestamp(obj.get("updated"), "updated")
        match = stored_match_from_dict(obj.get("match"))  # made before the rule of texts: tidied
    except MatchError as err:
        raise _bad("backup_match", number=number, line=line_no, cause=err) from None
    return BackupRecord(number, mid, revision, created, updated, match)


def read_backup(
    stream: IO[bytes], damaged: list[MatchError] | None = None, events: list | None = None
) -> tuple[dict, Iterator[BackupRecord | None]]:
    """The header, and an iterator over the validated records (MatchError at the first bad one).

    With a `damaged` list, a record that cannot be read is added there and yielded as None
    instead (a restore of the good matches); a damaged header or end still raises. An event line
    is not a record: its record (a JSON object, checked by the caller) goes into `events`, when
    given, as (line number, record).
    """
    header = parse_header(stream.readline(MAX_LINE_BYTES + 1))

    def records() -> Iterator[BackupRecord]:
        line_no, count = 1, 0
        while True:
            raw = stream.readline(MAX_LINE_BYTES + 1)
            line_no += 1
            if not raw:
                raise _bad("backup_cut_short", line=line_no - 1)
            if raw.startswith(b'{"end"') or raw.lstrip().startswith(b'{"end"'):
                end = _parse_line(raw, line_no)
                if isinstance(end, dict) and end.get("end") is True:
                    if end.get("matches") != count:
                        raise _bad(
                            "backup_end_count", counted=str(end.get("matches"))[:20], held=count
                        )
                    if stream.read(4096).strip():
                        raise _bad("backup_data_after_end", line=line_no)
                    return
            if not raw.strip():
                continue
            if raw.startswith(b'{"event"'):
                obj = _parse_line(raw, line_no)
                if not isinstance(obj, dict) or not isinstance(obj.get("event"), dict):
                    raise _in_line(line_no, MatchError(code="not_object"))
                if events is not None:
                    events.append((line_no, obj["event"]))
                continue
            count += 1
            if count > MAX_BACKUP_MATCHES:
                raise _bad("backup_too_many", max=MAX_BACKUP_MATCHES)
            try:
                record = parse_record(raw, line_no, count)
            except MatchError as err:
                if damaged is None:
                    raise
                damaged.append(err)
                record = None
            yield record

    return header, records()


def find_record(stream: IO[bytes], match_id: str) -> BackupRecord | None:
    """One match from a backup, by id; None if it is not there or not readable."""
    prefix = record_prefix(match_id)
    line_no = 1
    stream.readline(MAX_LINE_BYTES + 1)
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        line_no += 1
        if not raw or raw.startswith(b'{"end"'):
            return None
        number += 1
        if raw.startswith(prefix):
            try:
                return parse_record(raw, line_no, number)
            except MatchError:
                return None


def read_header_settings(stream: IO[bytes]) -> dict | None:
    try:
        return parse_header(stream.readline(MAX_LINE_BYTES + 1)).get("settings", {})
    except MatchError:
        return None
