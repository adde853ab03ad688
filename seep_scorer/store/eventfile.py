"""An event in one file: a backup file (backupfile.py) of the event's matches whose header also
carries the event record and its standings, so the existing `seep-scorer import` takes the matches
and, told of the event (event_in_backup, restore_event), puts the event back beside them.

An app that knows nothing of events imports the matches and ignores the header's extra keys.
The import's first look at a file reads at most HEADER_PEEK_BYTES of its first line, so the header
must fit there: the standings (which the record and the matches give again) are left out where
they would not fit, and an event larger still is refused rather than written unreadable.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import IO

from ..matchfile.jsonio import dumps, loads
from .backupfile import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    HEADER_PEEK_BYTES,
    end_line,
    looks_like_backup,
    record_line,
)
from .eventrun import event_standings
from .events import Event, EventError, EventFolder, event_from_dict, new_event_id
from .migrations import current_schema
from .records import now_iso
from .repository import MatchNotFound


def write_event_backup(repo, event: Event, out: IO[bytes]) -> int:
    """The event's matches as a backup file whose header holds the event; how many matches."""
    rows = [s.to_json() for s in event_standings(repo, event)]
    header = {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "created": now_iso(),
        "schema": current_schema(),
        "settings": {},  # an event's file carries no phone's settings
        "event": replace(event, codes={}).to_dict(),  # a file handed around opens no table
        "standings": rows,
    }
    line = dumps(header).encode("utf-8") + b"\n"
    if len(line) >= HEADER_PEEK_BYTES:
        del header["standings"]
        line = dumps(header).encode("utf-8") + b"\n"
    if len(line) >= HEADER_PEEK_BYTES:
        raise EventError("event_too_large", "ID", max=HEADER_PEEK_BYTES // 1024)
    out.write(line)
    count = 0
    for rnd in event.rounds:
        for t in rnd.tables:
            try:
                stored = repo.get(t.match)
            except MatchNotFound:
                continue  # deleted from the history: the event keeps its id, the file cannot
            out.write(record_line(stored))
            count += 1
    out.write(end_line(count))
    return count


def event_in_backup(path: str | os.PathLike) -> tuple[Event, list[tuple[str, str]]] | None:
    """The event a backup file's header carries, checked in full, with the (id, created) of its
    match records in order; None for a file without one. EventError if the event is damaged."""
    with open(path, "rb") as f:
        first = f.readline(HEADER_PEEK_BYTES)
        if not looks_like_backup(first):
            return None
        header = loads(first.decode("utf-8-sig"))
        if "event" not in header:
            return None
        try:
            event = event_from_dict(header["event"])
        except EventError as err:
            raise EventError("event_in_file_damaged", "file", cause=err) from None
        records = []
        try:
            for raw in f:
                if raw.startswith(b'{"end"'):
                    break
                obj = loads(raw.decode("utf-8"))
                records.append((obj["id"], obj["created"]))
        except (ValueError, KeyError, TypeError, IndexError):
            pass  # a damaged line: the import, which reads the file next, refuses it whole
    return event, records


def present_before(repo, records: list[tuple[str, str]]) -> set[str]:
    """The records' ids already stored as the same match (same creation time): `--new-only`
    leaves them out and the event keeps pointing at them."""
    here = set()
    for mid, created in records:
        try:
            if repo.get(mid).created == created:
                here.add(mid)
        except Exception:  # not stored, or not a match id at all
            continue
    return here


def restore_event(
    folder: EventFolder,
    event: Event,
    records: list[tuple[str, str]],
    new_ids: list[str],
    skipped: set[str],
    new_only: bool = False,
) -> Event | None:
    """Store the event of an imported file, its match ids mapped to the ids the import gave
    (a match left out as already here keeps its own); a new event id where its own is taken.
    With `new_only`, an event already here (same id and creation time) is left as it is: None."""
    mapping, given = {}, iter(new_ids)
    event.codes = {}  # codes are the hall's of that night, never a file's
    for mid, _ in records:
        mapping[mid] = mid if mid in skipped else next(given, mid)
    for rnd in event.rounds:
        for t in rnd.tables:
            t.match = mapping.get(t.match, t.match)
    with folder.locked():
        if new_only and folder.exists(event.id) and _created(folder, event.id) == event.created:
            return None
        while folder.exists(event.id):
            event.id = new_event_id()
        folder.write(event)
    return event


def _created(folder: EventFolder, event_id: str) -> str | None:
    try:
        return folder.read(event_id).created
    except EventError:
        return None  # damaged: the imported one comes in beside it
