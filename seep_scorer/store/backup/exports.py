"""Export: one match as a match file or a CSV deal table, and every match as a backup.

Export: one match as a match file or a CSV deal table, and every match as a backup, streamed.

Why a module of its own: a backup of years of matches must neither hold the
store lock while a slow reader (a pipe, a phone's download) takes its lines,
nor replay every match. It lists the index under the lock, then copies each
match file's document as it is, without the lock: a match file is never changed
once written, only replaced by a newer revision under a new name. Each line is
first put through the import's own checks (a file changed in place, one digit
at the same size, passes the open's size check and `list`, and an import would
refuse the whole backup for it). A file replaced or damaged meanwhile is read
again under the lock, through the repairing read: a damaged one is moved aside
and put back from an automatic backup, or left out, with a notice.

Export sees the store only through ExportSource, defined here because the
export is its consumer; the repository hands it an adapter (store/tinyrepo.py).
"""

from __future__ import annotations

import csv
import io
from contextlib import AbstractContextManager
from typing import IO, Iterator, Protocol

from seep_scorer.matchfile import dumps_match
from seep_scorer.rules import Match, MatchError, replay
from seep_scorer.store.backup.file import (
    BACKUP_VERSION,
    EVENTS_VERSION,
    end_line,
    event_line,
    header_line,
    parse_record,
    raw_record_line,
    record_line,
)
from seep_scorer.store.files import Layout
from seep_scorer.store.index import IndexShards
from seep_scorer.store.records import canonical_match, now_iso
from seep_scorer.store.repository import StoredMatch, StoreError
from seep_scorer.store.schema import current_schema
from seep_scorer.store.tinyfiles import DamagedFile, read_raw_doc

__all__ = [
    "Export",
    "ExportSource",
    "deal_table_csv",
]


class ExportSource(Protocol):
    """What the export may use of the store, and nothing more."""

    layout: Layout
    index: IndexShards  # which matches there are, at which revision (read under the lock)

    def locked(self) -> AbstractContextManager[None]:
        """The store lock (re-entrant): held only between the lines of a backup."""

    def settings(self) -> dict:
        """The stored settings (under the lock)."""

    def get(self, match_id: str) -> StoredMatch:
        """The match, read through the repairing read (raises StoreError when it is beyond
        repair)."""


class Export:
    """export_match_text, export_csv, write_backup and export_backup_text."""

    def __init__(self, store: ExportSource):
        self._store = store
        self.layout = store.layout

    def export_match_text(self, match_id: str) -> str:
        """The match as a match file (format seep-match, version 1)."""
        return dumps_match(self._store.get(match_id).match)

    def export_csv(self, match_id: str) -> str:
        return deal_table_csv(self._store.get(match_id).match)

    def _backup_lines(self) -> Iterator[bytes]:
        """The backup, line by line. The lock is held only between lines, never while the caller
        writes one."""
        with self._store.locked():
            # The events as they are with this listing: every match they name that is stored now
            # is in it (a round's matches are made before it is marked paired).
            events = self._event_lines()
            version = EVENTS_VERSION if events else BACKUP_VERSION
            header = header_line(now_iso(), current_schema(), self._store.settings(), version)
            listed = sorted((e["id"], e["revision"]) for e in self._store.index.all_entries())
        yield header
        count = 0
        for mid, revision in listed:
            line = self._raw_record_line(mid, revision) or self._record_line_locked(mid)
            if line is not None:
                yield line
                count += 1
        yield from events
        yield end_line(count)

    def _event_lines(self) -> list[bytes]:
        """A line per event of the store, its codes left out (a backup is handed around; the
        codes are the hall's of that night). A damaged record is left out, as `event list` does."""
        from dataclasses import replace

        from seep_scorer.store.events.record import EventError, EventFolder

        folder = EventFolder(self.layout.root)
        lines = []
        for event_id in folder.ids():
            try:
                event = folder.read(event_id)
            except (EventError, OSError):
                continue
            lines.append(event_line(replace(event, codes={}).to_dict()))
        return lines

    def _record_line_locked(self, mid: str) -> bytes | None:
        """The match's backup line as it is now: saved anew or deleted since the listing, or in need
        of repair."""
        with self._store.locked():
            entry = self._store.index.get(mid)
            if entry is None:
                return None  # deleted since the backup began
            line = self._raw_record_line(mid, entry["revision"])
            if line is None:  # unreadable as it is: go through the repairing read
                try:
                    line = record_line(self._store.get(mid))
                except StoreError:
                    return None  # damaged beyond repair: the notice says so, the backup goes on
            return line

    def _raw_record_line(self, mid: str, revision: int) -> bytes | None:
        """A backup line straight from the match file: no replay, so a backup of years of matches
        stays quick.

        Checked as an import checks it (no index line is built, so no second replay). None when
        the file is gone (a newer save replaced it) or is not usable as it is.
        """
        path = self.layout.match_file(mid, revision)
        try:
            doc = read_raw_doc(path)
            if (
                doc["id"] != mid
                or doc["revision"] != revision
                or not isinstance(doc["match"], dict)
            ):
                return None
            line = raw_record_line(
                doc["id"], doc["revision"], doc["created"], doc["updated"], doc["match"]
            )
            # What an import would refuse never goes into a backup: the import's own checks.
            canonical_match(parse_record(line, 2, 1).match)
            return line
        except (OSError, DamagedFile, KeyError, TypeError, ValueError, MatchError):
            return None

    def write_backup(self, out: IO[bytes]) -> None:
        """Every match and the settings, in the backup file format, to a binary stream (one match
        in memory at a time)."""
        for line in self._backup_lines():
            out.write(line)

    def export_backup_text(self) -> str:
        buffer = io.BytesIO()
        self.write_backup(buffer)
        return buffer.getvalue().decode("utf-8")


# ---- the deal table as CSV
# A match's deal table as CSV (RFC 4180), for spreadsheets.

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    # Names are user text: a spreadsheet would run "=HYPERLINK(...)" as a formula.
    return "'" + value if value.startswith(_FORMULA_START) else value


def deal_table_csv(match: Match) -> str:
    """Number, dealer, each team's card points, sweeps and deal score, difference after, bazzi
    event."""
    standings = replay(match)
    a, b = (_text(t.name) for t in match.teams)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [
            "deal",
            "dealer",
            f"{a} card points",
            f"{b} card points",
            f"{a} sweeps",
            f"{b} sweeps",
            f"{a} last-play sweeps",
            f"{b} last-play sweeps",
            f"{a} score",
            f"{b} score",
            "difference",
            "event",
        ]
    )
    for deal, r in zip(match.deals, standings.deals):
        # The last play's sweep apart (issue 33): the standard rules score it nothing, and a count
        # with it read as sweeps the score did not show.
        sweeps = [sum(1 for s in deal.sweeps if s.team == t and s.kind != "last") for t in (0, 1)]
        last = [sum(1 for s in deal.sweeps if s.team == t and s.kind == "last") for t in (0, 1)]
        dealer = "" if r.dealer is None else _text(match.seat_name(r.dealer))
        event = ""
        if r.event is not None:
            winner = match.teams[r.event.winner].name
            event = _text(
                f"{winner} wins the match (target)"
                if r.event.cause == "target"
                else f"bazzi to {winner} ({r.event.cause})"
            )
        writer.writerow(
            [
                r.number,
                dealer,
                r.card_points[0],
                r.card_points[1],
                sweeps[0],
                sweeps[1],
                last[0],
                last[1],
                r.scores[0],
                r.scores[1],
                r.difference,
                event,
            ]
        )
    return out.getvalue()
