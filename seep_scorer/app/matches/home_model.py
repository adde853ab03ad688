"""The matches list (the home screen): one page of the history at a time, searched and filtered by
the store's index (`find_matches`), so it stays fast however long the history is."""

from __future__ import annotations

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, fmt
from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.repository import (
    STATUSES,
    MatchQuery,
    MatchRepository,
    MatchSummary,
    StoredMatch,
    StoreError,
)

PAGE_SIZE = 20
MAX_FETCH = 200  # the most the store hands out in one page


def events_matches(repo: MatchRepository) -> dict[str, tuple[str, int, int]]:
    """Every event's matches in the store's data folder: match id -> (the event's name, round,
    table). An event file that cannot be read is left out (the events screen says why)."""
    data_dir = getattr(repo, "data_dir", None)
    if data_dir is None:
        return {}
    folder = EventFolder(data_dir)
    found = {}
    for event_id in folder.ids():
        try:
            event = folder.read(event_id)
        except (StoreError, OSError):
            continue
        for r in event.rounds:
            for t in r.tables:
                found[t.match] = (event.name, r.number, t.table)
    return found


class MatchesVM:
    def __init__(self, repo: MatchRepository, page_size: int = PAGE_SIZE):
        self.repo = repo
        self.page_size = page_size
        self.text = ""  # the search: a team's or a player's name
        self.status = "all"  # all | playing | finished
        self.matches: list[MatchSummary] = []
        self.total = 0  # how many the query finds in all
        self.pages = 1  # pages shown
        self.deleted: StoredMatch | None = None
        self.deleted_name: str | None = None  # how the notice names the deleted match
        self.message: str | None = None
        self._read_fault = False
        # match id -> (event name, round, table): a club night's matches, kept from one-tap deletion
        self.event_of: dict[str, tuple[str, int, int]] = {}
        self.reload()

    # -- reading (each call reads the index only; the screen runs them off the loop)
    def _query(self, offset: int, limit: int):
        return self.repo.find_matches(MatchQuery(self.text, self.status, offset, limit))

    def _fetch(self, offset: int, count: int) -> tuple[list[MatchSummary], int]:
        found: list[MatchSummary] = []
        total = 0
        while True:
            page = self._query(offset + len(found), min(MAX_FETCH, count - len(found)))
            found.extend(page.matches)
            total = page.total
            if not page.matches or len(found) >= count or not page.has_more:
                return found, total

    def _read(self, fn) -> bool:
        try:
            fn()
        except STORE_FAULTS as err:
            self.message, self._read_fault = (
                texts.store_read_fault_text(err),
                True,
            )  # the last list stays shown
            return False
        if self._read_fault:  # read again fine: the fault notice has done its job
            self.message, self._read_fault = None, False
        return True

    def reload(self) -> None:
        """The first pages again, as many as are shown (another phone may have saved)."""

        def read():
            self.matches, self.total = self._fetch(0, self.pages * self.page_size)

        self._read(read)
        self.event_of = events_matches(self.repo)

    def more(self) -> None:
        """The next page, below the ones shown."""

        def read():
            found, self.total = self._fetch(len(self.matches), self.page_size)
            shown = {m.id for m in self.matches}
            self.matches += [m for m in found if m.id not in shown]
            self.pages = max(self.pages, -(-len(self.matches) // self.page_size))

        self._read(read)

    def search(self, text: str) -> None:
        self.text = text.strip()
        self.matches, self.pages = [], 1
        self.reload()

    def set_status(self, status: str) -> None:
        if status in STATUSES:
            self.status = status
            self.matches, self.pages = [], 1
            self.reload()

    @property
    def has_more(self) -> bool:
        return len(self.matches) < self.total

    @property
    def searching(self) -> bool:
        return bool(self.text) or self.status != "all"

    # -- what a row says
    @staticmethod
    def status_text(m: MatchSummary) -> str:
        """The result of a finished match (who won, or a draw; who led when stopped early), else
        that it is in progress."""
        if not m.finished:
            return _("in progress")
        if m.stopped:
            # stopped by the players before its format ended it: who led then, not "won"
            if m.winner in (0, 1):
                # TRANSLATORS: a match the players stopped early, in the matches list:
                # "stopped, Sharmas ahead".
                return _("stopped, {team} ahead").format(team=m.teams[m.winner])
            return _("stopped, level")
        if m.winner == "draw":
            return _("a draw")
        if m.winner in (0, 1):
            # TRANSLATORS: the result of a finished match in the matches list, e.g. "Team A won".
            return _("{team} won").format(team=m.teams[m.winner])
        return _("finished")

    def event_text(self, m: MatchSummary) -> str | None:
        """ "Friday Club, round 2, table 3" for a match of an event, else None."""
        found = self.event_of.get(m.id)
        if found is None:
            return None
        name, number, table = found
        # TRANSLATORS: under a club night's match in the matches list
        return _("{event}, round {round}, table {table}").format(
            event=name, round=fmt().number(number), table=fmt().number(table)
        )

    @staticmethod
    def players_text(m: MatchSummary) -> str | None:
        if not m.players:
            return None
        pair = [_("{first} and {second}").format(first=a, second=b) for a, b in m.players]
        # TRANSLATORS: the players of the two teams in the matches list, e.g. "Asha and Chitra ·
        # Bilal and Dev".
        return _("{team0} · {team1}").format(team0=pair[0], team1=pair[1])

    # -- changes
    def delete(self, match_id: str, name: str | None = None) -> None:
        """Delete a match at once; the notice names it (`name`: as its row reads, else its teams),
        so Undo is offered for the match the player meant, or shows which one went."""
        try:
            self.deleted = self.repo.delete(match_id)
        except STORE_FAULTS as err:
            self.message = texts.store_fault_text(err)
            self.deleted, self.deleted_name = None, None
        else:
            teams = self.deleted.match.teams
            self.deleted_name = name or _("{team0} vs {team1}").format(
                team0=teams[0].name, team1=teams[1].name
            )
            # TRANSLATORS: after deleting a match from the list (it offers Undo):
            # "Match deleted: A vs B (3 deals, in progress, Dec 1, 2026)".
            self.message = _("Match deleted: {match}.").format(match=self.deleted_name)
        self.reload()

    def undo_delete(self) -> None:
        if self.deleted is not None:
            try:
                self.repo.restore(self.deleted)
            except STORE_FAULTS as err:
                self.message = texts.store_fault_text(err)
            else:
                self.message = _("Match restored: {match}.").format(match=self.deleted_name)
            self.deleted, self.deleted_name = None, None
        self.reload()

    def dismiss(self) -> None:
        self.message, self.deleted, self.deleted_name = None, None, None
