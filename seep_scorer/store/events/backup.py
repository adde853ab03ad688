"""An event in one backup file, and the events of a backup put back beside its matches.

An event in one file: a backup file (store/backup/file.py) of the event's matches whose header
also carries the event record and its standings, so the existing `seep-scorer import` takes the
matches and, told of the event (event_in_backup, restore_event), puts the event back beside them.

An app that knows nothing of events imports the matches and ignores the header's extra keys.
The import's first look at a file reads at most HEADER_PEEK_BYTES of its first line, so the header
must fit there: the standings (which the record and the matches give again) are left out where
they would not fit, and an event larger still is refused rather than written unreadable.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import IO

from seep_scorer.matchfile.jsonio import dumps, loads
from seep_scorer.store.backup.file import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    HEADER_PEEK_BYTES,
    end_line,
    looks_like_backup,
    record_line,
)
from seep_scorer.store.events.record import (
    Event,
    EventError,
    EventFolder,
    event_from_dict,
    new_event_id,
)
from seep_scorer.store.events.rounds import event_standings
from seep_scorer.store.files import atomic_write_bytes
from seep_scorer.store.records import now_iso
from seep_scorer.store.repository import MatchNotFound
from seep_scorer.store.schema import current_schema

__all__ = [
    "STAGED_EVENTS",
    "checked_events",
    "claim_event_ids",
    "drop_restored_events",
    "finish_staged_events",
    "restore_events",
    "retagged",
    "stage_events",
    "write_event_backup",
    "event_in_backup",
    "present_before",
    "restore_event",
    "refuse_foreign_matches",
]


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


# ---- events restored from a backup
# The events of a backup (version 2 event lines, store/backup/file.py) put back beside its matches.
#
# A backup's events are checked in full before anything of the backup is written: one that is not
# an event record refuses the backup whole, naming its line. Once the matches are in, each event
# is stored with its match ids changed to the ones the import gave (a match left out as already
# here keeps its own). An event already here (the same creation time and seed, under any id) is
# left as it is, so a restore never makes a second copy of it, even when repeated after a crash;
# one whose id another event holds gets a new id, chosen before its matches are staged so that
# they carry it in their `event.id` tag.
#
# The events wait in the import's stage (STAGED_EVENTS) from before its commit point, so an import
# finished by the next open (store/backup/imports.py) brings them in too.

STAGED_EVENTS = "events.staged"  # in an import's stage: its events and its ids, until the commit


def checked_events(raw: list[tuple[int, dict]]) -> list[Event]:
    """Each (line number, record) of a backup's event lines as an Event, or EventError naming
    the line and the field."""
    events = []
    for line_no, record in raw:
        try:
            events.append(event_from_dict(record))
        except EventError as err:
            where = f"line {line_no}.{err.field}" if err.field else f"line {line_no}"
            raise EventError("event_in_file_damaged", where, cause=err) from None
    return events


def refuse_foreign_matches(
    event: Event, own: set[str], stored: Callable[[set[str]], set[str]], where: str
) -> None:
    """EventError naming the field when a table of `event` names a match that is not one of the
    file's own records (`own`) but is one of this store's (`stored` gives those of the ids asked
    for): a file whose event could otherwise end, or let a table phone score into, a match it
    never held (issue 32). A match the file does not hold and the store does not either was
    deleted from the history where the file was made: the table keeps its id, as there."""
    tables = [
        (r, t, table.match)
        for r, rnd in enumerate(event.rounds)
        for t, table in enumerate(rnd.tables)
        if table.match not in own
    ]
    taken = stored({mid for _, _, mid in tables}) if tables else set()
    for r, t, mid in tables:
        if mid in taken:
            cause = EventError("event_match_not_its_own", match=mid)
            field = f"{where}.rounds[{r}].tables[{t}].match"
            raise EventError("event_in_file_damaged", field, cause=cause)


def _here(folder: EventFolder) -> set[tuple[str, int]]:
    """(creation time, seed) of each event here: the same event under any id."""
    here = set()
    for event_id in folder.ids():
        try:
            known = folder.read(event_id)
        except EventError:
            continue  # damaged: the backup's comes in beside it
        here.add((known.created, known.seed))
    return here


def claim_event_ids(data_dir: str | os.PathLike, events: list[Event]) -> dict[str, str]:
    """Before an import stages its matches: each of its events that must take a new id (another
    event here, or before it in the backup, holds its own) takes it now, so that its matches are
    staged tagged with it and the event and its matches agree. (backup match id -> the new id of
    its event), for `retagged`."""
    retag: dict[str, str] = {}
    if not events:
        return retag
    folder = EventFolder(data_dir)
    with folder.locked() if folder.ids() else contextlib.nullcontext():
        here, chosen = _here(folder), set()
        for event in events:
            if (event.created, event.seed) in here:
                continue  # left out at the commit: its matches keep their tags
            if folder.exists(event.id) or event.id in chosen:
                while folder.exists(event.id) or event.id in chosen:
                    event.id = new_event_id()
                retag |= {t.match: event.id for rnd in event.rounds for t in rnd.tables}
            chosen.add(event.id)
    return retag


def retagged(match, event_id: str):
    """The match with its `event.id` tag (eventrun._table_match) set to `event_id`."""
    top = match.extra.get("top")
    if not isinstance(top, dict) or not isinstance(top.get("event"), dict):
        return match
    tag = {**top, "event": {**top["event"], "id": event_id}}
    return dataclasses.replace(match, extra={**match.extra, "top": tag})


def restore_events(folder: EventFolder, events: list[Event], ids: dict[str, str]) -> list[str]:
    """Store `events`, their match ids mapped through `ids` (backup id -> stored id); the ids of
    the events stored (those already here left out). An event keeps the id `claim_event_ids`
    gave it, unless another event took that one since (a new event made during the import)."""
    stored: list[str] = []
    if not events:
        return stored
    with folder.locked():
        here = _here(folder)
        for event in events:
            if (event.created, event.seed) in here:
                continue  # this very event is here already: it stays as it is

            event.codes = {}  # never a file's: the hall's of that night
            for rnd in event.rounds:
                for t in rnd.tables:
                    t.match = ids.get(t.match, t.match)
            while folder.exists(event.id):
                event.id = new_event_id()
            folder.write(event)
            here.add((event.created, event.seed))
            stored.append(event.id)
    return stored


def stage_events(stage: Path, events: list[Event], ids: dict[str, str]) -> None:
    """Keep an import's events and its ids (backup id -> chosen id) in its stage, before the
    commit point."""
    if events:
        doc = {"events": [e.to_dict() for e in events], "ids": ids}
        atomic_write_bytes(stage / STAGED_EVENTS, dumps(doc).encode("utf-8"))


def finish_staged_events(stage: Path, data_dir: Path, renamed: dict[str, str]) -> list[str]:
    """At the commit (by the import or, after a crash, by the next open): the stage's events
    stored, their ids mapped through `renamed` too (ids taken since they were chosen). A staged
    file that cannot be read (it was checked when written) is left out."""
    try:
        with open(stage / STAGED_EVENTS, "rb") as f:
            doc = loads(f.read().decode("utf-8"), 12)
        ids = {old: renamed.get(new, new) for old, new in doc["ids"].items()}
        events = [event_from_dict(raw) for raw in doc["events"]]
    except FileNotFoundError:
        return []
    except (OSError, ValueError, KeyError, TypeError, AttributeError, EventError):
        return []
    return restore_events(EventFolder(data_dir), events, ids)


def drop_restored_events(data_dir: Path, removed: set[str]) -> list[str]:
    """A restore undone (importcommit.remove_imported): the events it brought go with their
    matches. Such an event is one whose every match was just removed (an undo removes only the
    matches the restore added, so no event that was here before names only those); one with a
    match kept (played in since) stays. The ids of the events removed."""
    folder = EventFolder(data_dir)
    gone: list[str] = []
    if not removed or not folder.ids():
        return gone
    with folder.locked():
        for event_id in folder.ids():
            try:
                event = folder.read(event_id)
            except EventError:
                continue
            matches = {t.match for rnd in event.rounds for t in rnd.tables}
            if matches and matches <= removed:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(folder.path(event_id))
                gone.append(event_id)
    return gone
