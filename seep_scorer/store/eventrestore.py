"""The events of a backup (version 2 event lines, backupfile.py) put back beside its matches.

A backup's events are checked in full before anything of the backup is written: one that is not
an event record refuses the backup whole, naming its line. Once the matches are in, each event
is stored with its match ids changed to the ones the import gave (a match left out as already
here keeps its own). An event already here (the same creation time and seed, under any id) is
left as it is, so a restore never makes a second copy of it, even when repeated after a crash;
one whose id another event holds gets a new id, chosen before its matches are staged so that
they carry it in their `event.id` tag.

The events wait in the import's stage (STAGED_EVENTS) from before its commit point, so an import
finished by the next open (importcommit.py) brings them in too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable
from pathlib import Path

from ..matchfile.jsonio import dumps, loads
from .atomic import atomic_write_bytes
from .events import Event, EventError, EventFolder, event_from_dict, new_event_id

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


__all__ = [
    "STAGED_EVENTS",
    "checked_events",
    "claim_event_ids",
    "drop_restored_events",
    "finish_staged_events",
    "restore_events",
    "retagged",
    "stage_events",
]
