"""The events of a backup (version 2 event lines, backupfile.py) put back beside its matches.

A backup's events are checked in full before anything of the backup is written: one that is not
an event record refuses the backup whole, naming its line. Once the matches are in, each event
is stored with its match ids changed to the ones the import gave (a match left out as already
here keeps its own). An event already here (the same id and creation time) is left as it is, so
a restore never makes a second copy of it; one whose id is taken by another event gets a new id.
"""

from __future__ import annotations

from .events import Event, EventError, EventFolder, event_from_dict, new_event_id


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


def restore_events(folder: EventFolder, events: list[Event], ids: dict[str, str]) -> list[str]:
    """Store `events`, their match ids mapped through `ids` (backup id -> stored id); the ids of
    the events stored (those already here left out)."""
    stored = []
    if not events:
        return stored
    with folder.locked():
        for event in events:
            event.codes = {}  # never a file's: the hall's of that night
            for rnd in event.rounds:
                for t in rnd.tables:
                    t.match = ids.get(t.match, t.match)
            if folder.exists(event.id):
                if _created(folder, event.id) == event.created:
                    continue  # this very event is here already: it stays as it is
                while folder.exists(event.id):
                    event.id = new_event_id()
            folder.write(event)
            stored.append(event.id)
    return stored


def _created(folder: EventFolder, event_id: str) -> str | None:
    try:
        return folder.read(event_id).created
    except EventError:
        return None  # damaged: the backup's comes in beside it


__all__ = ["checked_events", "restore_events"]
