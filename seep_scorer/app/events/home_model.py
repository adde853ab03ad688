"""The organiser's events list and the new-event form (docs/events.md): plain Python over the
store's event records (store.events, store.eventrun); each method that reads or writes runs off
the event loop (the screens call it through `off_loop`)."""

from __future__ import annotations

from dataclasses import dataclass

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.i18n.eventfaults import event_text
from seep_scorer.i18n.translate import current, fmt, ngettext
from seep_scorer.store.events.record import (
    CLI_PRESETS,
    MAX_ENTRANTS,
    EventError,
    EventFolder,
    check_entrants,
)
from seep_scorer.store.repository import MatchRepository

SYSTEMS = {"pairs": ("swiss", "round-robin"), "individual": ("individual",)}
MATCH_TYPES = ("bazzis", "first_to", "target")


def folder_of(repo: MatchRepository) -> EventFolder:
    """The events of the store's data folder (a store without one has none)."""
    if getattr(repo, "data_dir", None) is None:
        raise EventError("no_data_folder")
    return EventFolder(repo.data_dir)


def fault_text(err: Exception) -> str:
    """A refusal of the store's event code (it names the field), or a fault of the disk."""
    if isinstance(err, EventError):  # worded in the session's language, without the CLI's field
        return event_text(err, located=False)
    return texts.store_fault_text(err)


@dataclass(frozen=True)
class EventRow:
    id: str
    name: str
    system: str
    round: int
    planned: int | None
    entrants: int


class EventsVM:
    """The events of the data folder, newest first."""

    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self.rows: list[EventRow] = []
        self.message: str | None = None
        self.reload()

    def reload(self) -> None:
        try:
            folder = folder_of(self.repo)
            rows = []
            for event_id in folder.ids():
                try:
                    e = folder.read(event_id)
                except EventError:
                    continue  # a damaged record: the command line's `event list` names it
                rows.append((e.created, EventRow(
                    e.id, e.name, e.system, len(e.rounds), e.planned_rounds, len(e.entrants)
                )))  # fmt: skip
        except STORE_FAULTS as err:
            self.message = fault_text(err)
            return
        self.rows = [row for _created, row in sorted(rows, key=lambda r: r[0], reverse=True)]


class NewEventVM:
    """The form: name, kind, system, rounds, preset, match format, and entrants (by hand or from a
    CSV file); nothing is written until `create`."""

    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self.name = ""
        self.kind = "pairs"
        self.system = "swiss"
        self.rounds: int | None = 3
        self.preset = CLI_PRESETS[0]
        self.match_type: str | None = None  # None: the preset's usual format
        self.match_count: int | None = None
        self.entrants = []
        self.message: str | None = None

    def set_kind(self, kind: str) -> None:
        if kind in SYSTEMS and kind != self.kind:
            self.kind, self.system, self.entrants = kind, SYSTEMS[kind][0], []

    def set_system(self, system: str) -> None:
        if system in SYSTEMS[self.kind]:
            self.system = system

    def add_entrant(self, names: list[str]) -> bool:
        """A pair (team, player 1, player 2) or a player, as typed; False (and a message) when
        refused."""
        from seep_scorer.store.events.rounds import entrant_of

        try:
            entrant = entrant_of(self.kind, names, ["NAME"] * len(names))
            if len(self.entrants) >= MAX_ENTRANTS:
                raise EventError("too_many_entrants", max=MAX_ENTRANTS)
            check_entrants([*self.entrants, entrant], self.kind)
        except EventError as err:
            self.message = fault_text(err)
            return False
        self.entrants.append(entrant)
        self.message = None
        return True

    def remove_entrant(self, key: str) -> None:
        self.entrants = [e for e in self.entrants if e.key != key]

    def load_csv(self, name: str, data: bytes | None) -> None:
        """Entrants from a CSV file the organiser picked: they replace the ones listed."""
        from seep_scorer.store.events.rounds import entrants_from_csv

        try:
            self.entrants = entrants_from_csv(data or b"", self.kind, name)
        except EventError as err:
            self.message = fault_text(err)
        else:
            count = len(self.entrants)
            self.message = ngettext(
                "{count} entrant read from {file}.", "{count} entrants read from {file}.", count
            ).format(count=fmt().number(count), file=name)

    def create(self) -> str | None:
        """Check the whole form and store the event: its id, or None (and a message)."""
        from seep_scorer.store.events.rounds import plan_event

        match = None
        if self.match_type is not None:
            match = (self.match_type, self.match_count or 0)
        try:
            event = plan_event(
                self.name.strip(), self.kind, self.system,
                self.rounds if self.system != "round-robin" else None, self.preset, match,
                list(self.entrants),
            )  # fmt: skip
            event.language = current().language  # the board and the cards speak the organiser's
            folder = folder_of(self.repo)
            with folder.locked():
                folder.write(event)
        except STORE_FAULTS as err:
            self.message = fault_text(err)
            return None
        return event.id
