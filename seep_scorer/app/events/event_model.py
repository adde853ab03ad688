"""One event for its organiser and its board (`EventVM`), and the event's matches as read for
those screens, shared by every such screen of this process (`EventShare`).

One event for its organiser and its board: the round's tables with their progress, pairing the
next round, ending a round (and taking that back), withdrawals and absences, the standings
(docs/events.md). Plain Python; every method that reads or writes runs off the event loop.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable

from seep_scorer.app.events.home_model import fault_text, folder_of
from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.app.shell.state import HALL
from seep_scorer.i18n.translate import UILocale, _, current, fmt, ngettext
from seep_scorer.rules import MatchError, Standings, replay
from seep_scorer.store.events.record import Event, EventError
from seep_scorer.store.repository import MatchNotFound, MatchRepository, StoredMatch

__all__ = [
    "EventShare",
    "FRESH_SECONDS",
    "changed",
    "key_of",
    "share_of",
    "organiser_locale",
    "TableRow",
    "StandingRow",
    "EventVM",
]


def organiser_locale(event: Event) -> UILocale:
    """The language the board and the table cards speak: the organiser's, as the event records it
    (the one the organiser's phone used when it created the event or last paired a round); the
    session's own for an event that records none."""
    here = current()
    if not getattr(event, "language", None) or event.language == here.language:
        return here
    return UILocale(event.language)


@dataclass(frozen=True)
class TableRow:
    """A table of the current round as its match stands."""

    table: int
    match: str
    teams: tuple[str, str]
    players: tuple[str, str]  # "Asha & Bilal" for each side
    deals: int
    score: tuple[int, int]  # bazzis (ledger scoring) or totals (cumulative)
    finished: bool
    winner: int | str | None
    stored: bool  # False: the match is no longer in the store


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    played: int
    wins: int
    draws: int
    losses: int
    points: int
    bazzi_diff: int
    card_point_diff: int


class _Read:
    """The matches `EventVM` has read, where the store's event functions ask the repository."""

    def __init__(self, matches: dict[str, StoredMatch | None]):
        self.matches = matches

    def get(self, match_id: str) -> StoredMatch:
        found = self.matches.get(match_id)
        if found is None:
            raise MatchNotFound(match_id)
        return found


class EventVM:
    """What the event's screen and the board show; the organiser's actions on it."""

    def __init__(self, repo: MatchRepository, event_id: str):
        self.repo = repo
        self.folder = folder_of(repo)
        self.event: Event = self.folder.read(event_id)  # an unknown id: StoreError, as a match's
        self.tables: list[TableRow] = []  # the current round's
        self.past: list[tuple[int, list[TableRow]]] = []  # the rounds before it, in order
        self.standings: list[StandingRow] = []
        self.message: str | None = None
        self.error = False
        self.undo_end: dict[str, int] | None = (
            None  # matches the end stopped: the revision it saved
        )
        self.undo_codes: dict | None = None  # the ended round's codes, to restore with it
        # after the event was ended: (rounds, planned rounds, round ended, codes) as they were
        self.undo_over: tuple[int, int | None, bool, dict] | None = None
        self._first = True  # a screen opened anew reads every match
        self.load()

    @property
    def id(self) -> str:
        return self.event.id

    # -- reading
    def load(self, everything: bool = False) -> None:
        """Read the event again, and of its matches those a save announced since (another phone
        saved); `everything`: every match (after this screen's own
        action)."""
        from seep_scorer.store.events.rounds import event_standings

        try:
            self.event = event = self.folder.read(self.event.id)
            ids = [t.match for rnd in event.rounds for t in rnd.tables]
            if getattr(self.repo, "data_dir", None) is None:  # reads nothing shared (see there)
                share, matches = EventShare(), self._read_own(ids)
            else:
                share = share_of(str(self.folder.root), event.id)
                matches = share.matches(self.repo.get, ids, everything or self._first)
            self._first = False
            self.past = [
                (rnd.number, [self._table_row(t, matches[t.match], share) for t in rnd.tables])
                for rnd in event.rounds
            ]
            self.tables = self.past.pop()[1] if self.past else []
            self.standings = share.worked_out(
                key_of(event, matches),
                lambda: [
                    StandingRow(
                        s.rank,
                        s.name,
                        s.played,
                        s.wins,
                        s.draws,
                        s.losses,
                        s.match_points,
                        s.bazzi_diff,
                        s.card_point_diff,
                    )  # fmt: skip
                    for s in event_standings(_Read(matches), event)
                ],
            )
        except STORE_FAULTS as err:
            self._fail(err)

    def _read_own(self, ids: list[str]) -> dict[str, StoredMatch | None]:
        out: dict[str, StoredMatch | None] = {}
        for mid in ids:
            try:
                out[mid] = self.repo.get(mid)
            except MatchNotFound:
                out[mid] = None
        return out

    def _table_row(self, t, stored, share: EventShare) -> TableRow:
        names = self.event.names()
        if self.event.kind == "pairs":
            teams = tuple(names[side[0]] for side in t.sides)
            players = tuple(" & ".join(self.event.entrant(side[0]).players) for side in t.sides)
        else:
            players = tuple(" & ".join(names[k] for k in side) for side in t.sides)
            teams = players
        if stored is None:
            return TableRow(t.table, t.match, teams, players, 0, (0, 0), False, None, False)
        done = share.replayed(stored)
        cumulative = stored.match.rules.scoring == "cumulative"
        score = (0, 0) if done is None else (done.totals if cumulative else done.bazzis)
        return TableRow(
            t.table, t.match, teams, players, len(stored.match.deals), tuple(score),
            stored.finished, None if done is None else done.winner, True,
        )  # fmt: skip

    @property
    def round(self) -> int:
        return len(self.event.rounds)

    @property
    def round_ended(self) -> bool:
        return bool(self.event.rounds) and self.event.rounds[-1].ended

    @property
    def round_over(self) -> bool:
        """Every table of the current round is finished, or the organiser ended the round."""
        return self.round_ended or all(t.finished or not t.stored for t in self.tables)

    @property
    def all_paired(self) -> bool:
        planned = self.event.planned_rounds
        if planned is None and self.event.system == "round-robin":  # as eventcodes.event_over
            count = len(self.event.circle) or len(self.event.entrants)
            # the circle method: n - 1 rounds for an even n, n rounds (one bye each) for an odd n
            planned = (count - 1 if count % 2 == 0 else count) if count >= 2 else 0
        return planned is not None and self.round >= planned

    @property
    def final(self) -> bool:
        """The last round is over: the standings are the final results."""
        return self.round > 0 and self.all_paired and self.round_over

    @property
    def over(self) -> bool:
        """No round is left to play (the last one ended, or the organiser ended the event)."""
        from seep_scorer.store.events.codes import event_over

        return event_over(self.event)

    @property
    def can_end_event(self) -> bool:
        return self.round > 0 and not self.over and not self.final

    @property
    def can_pair(self) -> bool:
        return not self.all_paired and (self.round == 0 or self.round_over)

    @property
    def byes(self) -> list[str]:
        if not self.event.rounds:
            return []
        names = self.event.names()
        return [names[k] for k in self.event.rounds[-1].byes]

    def entrant_state(self, key: str) -> str:
        """present | absent (next round) | withdrawn."""
        if key in self.event.withdrawn:
            return "withdrawn"
        if key in self.event.absent.get(self.round + 1, ()):
            return "absent"
        return "present"

    # -- the organiser's actions
    def _fail(self, err: Exception) -> None:
        self.message, self.error = fault_text(err), True

    def _told(self, message: str) -> None:
        self.message, self.error = message, False

    def dismiss(self) -> None:
        self.message, self.error = None, False

    def pair(self) -> bool:
        from seep_scorer.store.events.rounds import pair_next_round

        try:
            _event, rnd = pair_next_round(self.repo, self.folder, self.event.id)
            self._record_language()
        except STORE_FAULTS as err:
            self._fail(err)
            self.load(everything=True)
            return False
        self.undo_end = self.undo_over = None
        self._told(
            ngettext(
                "Round {round} is paired: {tables} table.",
                "Round {round} is paired: {tables} tables.",
                len(rnd.tables),
            ).format(round=fmt().number(rnd.number), tables=fmt().number(len(rnd.tables)))
        )
        self.load(everything=True)
        return True

    def _record_language(self) -> None:
        """The organiser's language, for the round's board and cards (written when it changed)."""
        language = current().language
        with self.folder.locked():
            event = self.folder.read(self.event.id)
            if event.language != language:
                event.language = language
                self.folder.write(event)

    def end_round(self) -> bool:
        """End the current round: every match still open ends as it stands. Undo can take that
        back until the next round is paired (`undo_end_round`)."""
        from seep_scorer.store.events.rounds import end_round

        stopped: dict[str, int] = {}
        try:
            if not self.event.rounds:
                raise EventError("no_round_yet")
            codes = self.folder.read(self.event.id).codes  # the round's cards, for Undo
            event, ended = end_round(self.repo, self.folder, self.event.id, stopped=stopped)
        except STORE_FAULTS as err:
            self._fail(err)
            self.load(everything=True)
            return False
        self.undo_end, self.undo_over, self.undo_codes = stopped, None, codes
        self._told(_("Round {round} is over.").format(round=fmt().number(len(event.rounds))))
        self.load(everything=True)
        return True

    def end_event(self) -> bool:
        """End the event now: its current round ends as it stands (if open) and is the last; the
        standings are final and every code ends. Undo puts the event back as it was, its codes
        too (a printed card works again), and its matches that the end stopped."""
        from seep_scorer.store.events.rounds import end_event

        stopped: dict[str, int] = {}
        try:
            event = self.folder.read(self.event.id)
            if not event.rounds:
                raise EventError("no_round_yet")
            was = (len(event.rounds), event.planned_rounds, event.rounds[-1].ended, event.codes)
            end_event(self.repo, self.folder, self.event.id, stopped=stopped)
        except STORE_FAULTS as err:
            self._fail(err)
            self.load(everything=True)
            return False
        self.undo_end, self.undo_over = stopped, was
        self._told(_("The event is over"))
        self.load(everything=True)
        return True

    def undo_end_round(self) -> bool:
        """The round (or the event) open again, and the matches the end stopped, as they are now,
        unless one was changed since (a result entered, a table phone's save): that one stays as
        it is, and the organiser is told which (not once the next round is paired)."""
        from seep_scorer.store.events.rounds import reopen_round

        if self.undo_end is None:
            return False
        stopped, self.undo_end = self.undo_end, None
        was, self.undo_over = self.undo_over, None
        codes = self.undo_codes

        def reopen(event) -> None:
            if was is not None and len(event.rounds) != was[0]:
                raise EventError("round_not_reopenable")
            if was is None:
                event.rounds[-1].ended = False
                if codes and codes.get("round") == len(event.rounds):
                    event.codes = codes  # the round's printed cards work again
            else:  # the codes as they were: the cards already printed open their tables again
                _n, event.planned_rounds, event.rounds[-1].ended, event.codes = was

        try:
            kept = reopen_round(self.repo, self.folder, self.event.id, stopped, reopen)
            event = self.folder.read(self.event.id)
        except STORE_FAULTS as err:
            self._fail(err)
            self.load(everything=True)
            return False
        if was is not None:
            told = _("The event is open again.")
        else:
            told = _("Round {round} is open again.").format(round=fmt().number(len(event.rounds)))
        if kept:
            tables = ", ".join(_("Table {n}").format(n=fmt().number(n)) for n in kept)
            told += " " + _("Changed since it was ended, so kept as it is: {tables}.").format(
                tables=tables
            )
        self._told(told)
        self.load(everything=True)
        return True

    def add_entrant(self, names: list[str]) -> bool:
        """Before round 1: a pair (team, player 1, player 2) or a player, as typed."""
        from seep_scorer.store.events.rounds import change_entrants

        try:
            change_entrants(self.folder, self.event.id, "add", [n.strip() for n in names])
        except STORE_FAULTS as err:
            self._fail(err)
            return False
        self.dismiss()
        self.load(everything=True)
        return True

    def set_entrant(self, key: str, action: str) -> None:
        """withdraw, absent (the next round), or back (present again)."""
        from seep_scorer.store.events.rounds import change_entrants

        try:
            if action == "back":
                with self.folder.locked():
                    event = self.folder.read(self.event.id)
                    if key in event.withdrawn:
                        event.withdrawn.remove(key)
                    event.absent[self.round + 1] = [
                        k for k in event.absent.get(self.round + 1, []) if k != key
                    ]
                    self.folder.write(event)
            else:
                change_entrants(self.folder, self.event.id, action, [self.event.entrant(key).name])
        except STORE_FAULTS as err:
            self._fail(err)
        self.load(everything=True)


# ---- the event's matches as read for its screens
# An event's matches as read for its screens (the organiser's event screen and the boards),
# shared by every such screen of this process, with what is worked out from them.
#
# Why: a board reloads on every deal saved in the hall (ten a second at thirty tables), and three
# boards and the organiser each read every match of the event and replayed them for the standings.
# Now a reload reads again only the matches a save announced (`changed`, called by the live table,
# app/shell/app.py, for every save it sends or hears), each at most once for all the screens; the
# standings are worked out once per change of the event or of a match (keyed by the matches'
# revisions), the same for every screen. What no save announces (the command line, another process)
# shows within FRESH_SECONDS: every match is read again that often, and a screen opened anew reads
# everything.
#
# A session reads through its own repository (a board's refuses what is not its event's); a match
# it may not read is never taken from what another session read: one whose repository has no data
# folder (a board once its event is over) reads everything itself, and gets nothing shared.

FRESH_SECONDS = 10.0  # every match of the event is read again at least this often
KEPT_EVENTS = 8  # events whose matches are kept (a hall has one)

# The shares of this process are kept in state.HALL.event_shares, guarded with every share's
# marks by state.HALL.event_shares_lock (the loop thread sets the marks).


class EventShare:
    """One event's matches as last read, and what they give; `lock` is held while reading."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stored: dict[str, StoredMatch] = {}
        self.read_as_of: dict[str, int] = {}  # each match's mark when it was read
        self.marks: dict[str, int] = {}  # each match's count of announced changes
        self.all_marks = 0  # changes announced for no match in particular (a round paired)
        self.all_read_as_of = -1
        self.read_at = float("-inf")
        self.ids: set[str] = set()  # the event's matches, as last asked for
        self._replays: dict[str, tuple[StoredMatch, Standings | None]] = {}
        self._standings: tuple[object, object] | None = None  # (key, value)

    # -- reading
    def matches(self, get: Callable[[str], StoredMatch], ids: list[str], everything: bool):
        """{id: stored match or None (not stored)} for `ids`: announced changes read again (all of
        them when `everything`, or when the last full read is FRESH_SECONDS old)."""
        with self.lock:
            now = time.monotonic()
            with (
                HALL.event_shares_lock
            ):  # a change announced while this reads is read again next time
                self.ids = set(ids)
                all_marks = self.all_marks
                marks = {mid: self.marks.get(mid, 0) for mid in ids}
            if everything or all_marks != self.all_read_as_of or now - self.read_at > FRESH_SECONDS:
                self.read_at, self.all_read_as_of = now, all_marks
                self.read_as_of.clear()
            out: dict[str, StoredMatch | None] = {}
            for mid in ids:
                if mid in self.stored and self.read_as_of.get(mid) == marks[mid]:
                    out[mid] = self.stored[mid]
                    continue
                try:
                    stored = get(mid)
                except MatchNotFound:  # not kept: another session may be allowed to read it
                    self.stored.pop(mid, None)
                    out[mid] = None
                    continue
                self.stored[mid] = out[mid] = stored
                self.read_as_of[mid] = marks[mid]
            for gone in self.stored.keys() - self.ids:  # a match no longer in the event
                del self.stored[gone]
                self._replays.pop(gone, None)
            return out

    def replayed(self, stored: StoredMatch) -> Standings | None:
        """The match replayed (None: it does not replay), once per match as read."""
        with HALL.event_shares_lock:
            kept = self._replays.get(stored.id)
        if kept is not None and kept[0] is stored:
            return kept[1]
        try:
            done = replay(stored.match)
        except MatchError:
            done = None
        with HALL.event_shares_lock:
            self._replays[stored.id] = (stored, done)
        return done

    def worked_out(self, key, work: Callable[[], object]):
        """`work()`, done again only when `key` changes (`key_of`: the event and its matches);
        the screens reloading together wait for the first to do it."""
        with self.lock:
            if self._standings is None or self._standings[0] != key:
                self._standings = (key, work())
            return self._standings[1]


def share_of(folder_root: str, event_id: str) -> EventShare:
    shares = HALL.event_shares
    with HALL.event_shares_lock:
        key = (folder_root, event_id)
        share = shares.get(key)
        if share is None:
            share = shares[key] = EventShare()
            while len(shares) > KEPT_EVENTS:
                shares.popitem(last=False)
        shares.move_to_end(key)
        return share


def changed(match_id: str | None) -> None:
    """A match was saved (None: matches were added or changed together, a round paired or
    ended): every share that holds it reads it again on its next reload."""
    with HALL.event_shares_lock:
        for share in HALL.event_shares.values():
            if match_id is None:
                share.all_marks += 1
            elif match_id in share.ids:
                share.marks[match_id] = share.marks.get(match_id, 0) + 1


def key_of(event: Event, matches: dict[str, StoredMatch | None]) -> tuple:
    """What the standings of `event` depend on: the event and its matches as read (the same
    objects while nothing changed, so comparing keys is cheap)."""
    return (event, tuple(matches.items()))
