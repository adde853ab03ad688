"""A session's role applied on the server, in one place (docs/server.md, "Roles at a club night").

`RoleSession` is built once per session (app.App) from the grant the token gate gave its WebSocket
(eventcodes.session_grant). It hands the session's view-models their repository and decides the
routes the session may open, so a screen that is not allowed is never built, and a store call that
is not allowed is refused even if some screen made it:

- organiser: the repository itself and every route;
- table: `TableRepository`, which reads and saves the table's current match only (a save may
  change its deals, nothing else) and refuses every other call; routes: that match's scoreboard
  and deal screens, and the rules. Anything else asked for shows the table's match. When the next
  round is paired the session moves to the table's next match (`watch_rounds`);
- board: `BoardRepository`, which reads the event's matches and nothing else; route: the event's
  board only, in the organiser's language (the event's `language`).

Once the event is over (or its record is gone) a table or board session reads nothing more and
shows "The event is over" (`/event/<id>/over`); a table with no match this round says so
(`/event/<id>/waiting`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from dataclasses import replace

from seep_scorer.app.shell.routes import RULES_ROUTE, find, route_stack
from seep_scorer.app.shell.state import HALL, ORGANISER, RoleGrant
from seep_scorer.store.events.codes import event_over
from seep_scorer.store.events.record import EventError, EventFolder
from seep_scorer.store.repository import MatchNotFound, StoreError

__all__ = [
    "BoardRepository",
    "Refused",
    "RoleSession",
    "TableRepository",
    "watch_rounds",
]


log = logging.getLogger(__name__)

# The live table's topics (app/shell/app.py): the whole app's, and each match's own.
TOPIC = "seep-scorer"


def topic_of(match_id: str | None) -> str:
    """The topic of one match's saves ("-": the list of matches changed)."""
    return f"{TOPIC}/{match_id or '-'}"


WATCH_SECONDS = 2.0  # how soon a table phone sees the next round (one look at the event files)
FALLBACK = "/rules"  # what a session sees when its role opens nothing (reads no store)


class Refused(StoreError):
    """A call this session's role may not make: worded as such ("role_refused"), never as a
    fault of the disk (`what`, in English, is for the log)."""

    def __init__(self, what: str):
        super().__init__("role_refused", what=what)
        self.what = what


class RoleSession:
    """What one session may do: `repo` for its view-models, `stack(route)` for its routes."""

    def __init__(self, repo, grant: RoleGrant | None):
        self.grant = grant or ORGANISER
        self.inner = repo
        self.open = True  # the event is not over (always, for the organiser)
        self.match_id: str | None = None  # a table's current match
        self.writable = False  # a table's round is being played
        self.matches: frozenset[str] = frozenset()  # the event's matches (the board reads them)
        self.stamp: tuple | None = None  # the event file's, as last read
        self.path: str | None = None  # the event file
        self.round = 0  # the event's current round
        self.language: str | None = None  # the organiser's, for the board (store/events/record.py)
        if self.grant.role == "table":
            self.repo = TableRepository(self)
        elif self.grant.role == "board":
            self.repo = BoardRepository(self)
        else:
            self.repo = repo

    @property
    def organiser(self) -> bool:
        return self.grant.role == "organiser"

    # -- off the loop: the event as it is now
    def refresh(self) -> bool:
        """Re-read the event if its record changed; True when what the session shows changed (the
        table's match, the round, the event over, the organiser's language)."""
        if self.organiser:
            return False
        before = (self.open, self.match_id, self.language, self.round, self.writable)
        try:
            folder = EventFolder(self.inner.data_dir)
            path = self.path = str(folder.path(self.grant.event_id))
            st = os.stat(path)
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
            if stamp == self.stamp:
                return False
            event = folder.read(self.grant.event_id)
            self.stamp = stamp
        except (EventError, OSError, AttributeError, TypeError):
            self.open, self.match_id, self.writable, self.stamp = False, None, False, None
            return before != (self.open, self.match_id, self.language, self.round, self.writable)
        self.open = bool(event.codes) and not event_over(event)
        self.matches = frozenset(t.match for rnd in event.rounds for t in rnd.tables)
        paired = [r for r in event.rounds if not r.pairing]  # a round half paired is not there yet
        last = paired[-1] if paired else None
        self.round = last.number if last else 0
        self.language = getattr(event, "language", None)
        here = [t for t in (last.tables if last else []) if t.table == self.grant.table]
        self.match_id = here[0].match if here and self.open else None
        self.writable = bool(here) and self.open and not last.ended
        # the round ended too: the table's screens are built again, offering nothing to change
        return before != (self.open, self.match_id, self.language, self.round, self.writable)

    def live_topics(self) -> tuple[str, ...]:
        """What the session hears of other phones' saves (app/shell/app.py): a table phone, its own
        match's and the list's; any other session, every save."""
        if self.grant.role == "table":
            return (topic_of(self.match_id), topic_of(None)) if self.match_id else (topic_of(None),)
        return (TOPIC,)

    # -- routes
    def allowed(self, route: str) -> bool:
        if self.organiser:
            return True
        rules = RULES_ROUTE.match(route)
        if rules is not None:  # the rules read nothing: on their own, or over an allowed route
            return not rules["base"] or self._own(rules["base"])
        return self._own(route)

    def _own(self, route: str) -> bool:
        g = self.grant
        if route in self.home():  # the event over, or no match at this table now
            return True
        if g.role == "board":
            return self.open and route == f"/event/{g.event_id}/board"
        if not self.match_id:
            return False
        own = re.escape(self.match_id)
        if not self.writable:  # the round is over: its scoreboard and deals, read only
            return re.fullmatch(rf"/match/{own}(/deal/\d+)?", route) is not None
        return re.fullmatch(rf"/match/{own}(/deal(/swapped|/\d+(/edit)?)?)?", route) is not None

    async def stack_now(self, route: str) -> list[str]:
        """`stack` after reading the event again (off the loop) for a table or board session."""
        if not self.organiser:
            from seep_scorer.app.shell.handlers import off_loop

            await off_loop(self.refresh)
        return self.stack(route)

    def stack(self, route: str) -> list[str]:
        """The routes whose views are stacked for `route`, only those this session may open; the
        role's own screen for any other route. Reads nothing (call `refresh` first)."""
        full = route_stack(route)
        if self.organiser:
            return full
        stack = [r for r in full if r != "/" and self.allowed(r)]
        if stack and stack[-1] == full[-1]:
            return stack
        return self.home()

    def fallback(self, failed: list[str]) -> list[str]:
        """What to show when `failed` could not be read: the start page, or the role's own screen
        (the rules, if that was what failed)."""
        if self.organiser:
            return ["/"]
        return self.home() if self.home() != failed else [FALLBACK]

    def home(self) -> list[str]:
        """The screen a table or board session shows when its route is not its own."""
        g = self.grant
        if g.role == "table" and self.match_id:
            return [f"/match/{self.match_id}"]
        board = f"/event/{g.event_id}/board"
        if g.role == "board" and self.open and find(board) is not None:
            return [board]
        if g.event_id is None:
            return [FALLBACK]
        # a plain page, never an error: the event is over, or this table plays no match now
        return [f"/event/{g.event_id}/{'waiting' if self.open else 'over'}"]


class _Guarded:
    """A repository for a role: what it allows is defined, everything else is refused."""

    notices = ()  # the store's repair notices are the organiser's to see

    def __init__(self, role: RoleSession):
        self._role = role

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)

        def refused(*args, **kwargs):
            raise Refused(name)

        return refused

    def get_setting(self, key, default=None):
        return default  # the host's settings are not the phone's business

    def set_setting(self, key, value) -> None:
        pass  # a table or board phone changes nothing of the host's


class TableRepository(_Guarded):
    """The table's current match: read it, save its deals."""

    data_dir = None  # no event screen for a table phone

    def _mine(self, match_id: str) -> None:
        if not self._role.match_id or match_id != self._role.match_id:
            raise MatchNotFound(match_id)  # as if it were not there: nothing about it leaks

    def get(self, match_id: str):
        self._mine(match_id)
        return self._role.inner.get(match_id)

    def save(self, match_id: str, match, base_revision: int):
        self._mine(match_id)
        if not self._role.writable:
            raise Refused("save after the round ended")
        stored = self._role.inner.get(match_id).match
        if stored.format.ended:  # stopped by the organiser: the round being open is not enough
            raise Refused("change a match the organiser ended")
        if replace(match, deals=stored.deals) != stored:
            raise Refused("change anything but the deals")  # teams, format, ending the match
        return self._role.inner.save(match_id, match, base_revision)


class BoardRepository(_Guarded):
    """The event's matches, read only."""

    @property
    def data_dir(self):
        return self._role.inner.data_dir if self._role.open else None

    def get(self, match_id: str):
        if self._role.open and match_id not in self._role.matches:
            # a round paired since the event was last read (the organiser's save reaches the board
            # before its next look at the event file): read it again (off the loop, as every call)
            self._role.refresh()
        if not self._role.open or match_id not in self._role.matches:
            raise MatchNotFound(match_id)
        return self._role.inner.get(match_id)


# The table and board sessions of this process (state.HALL.followers) are followed by one task:
# each turn is one look at the event files they are on, off the loop, and only a session whose
# event file changed reads it again.


def watch_rounds(app) -> None:
    """A table or board session follows its event: when the next round is paired (by the
    organiser's screen or the command line) a table phone moves to its table's next match, and
    once the event is over the session shows nothing of it any more."""
    if app.roles.organiser:
        return
    key, hall = id(app), HALL
    hall.followers[key] = app
    app.page.on_close = lambda e=None: hall.followers.pop(key, None)
    if hall.follower is None or hall.follower.done():
        hall.follower = asyncio.ensure_future(_follow())


def _stamps(paths: set[str]) -> dict[str, tuple | None]:
    out: dict[str, tuple | None] = {}
    for path in paths:
        try:
            st = os.stat(path)
            out[path] = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            out[path] = None
    return out


async def _follow() -> None:
    from seep_scorer.app.shell.handlers import off_loop

    while HALL.followers:
        await asyncio.sleep(WATCH_SECONDS)
        apps = [a for a in list(HALL.followers.values()) if not a.away]
        try:
            stamps = await off_loop(_stamps, {a.roles.path for a in apps if a.roles.path})
        except Exception:
            log.exception("cannot follow the events")
            continue
        for app in apps:
            if stamps.get(app.roles.path) != app.roles.stamp:
                _start_catch_up(app)


def _start_catch_up(app) -> None:
    """The app's catching up, started on its own session's loop; an app whose session is gone, or
    whose loop is not this one (it has ended), leaves the followers, and a phone away for a moment
    catches up at the next look. Checked before Flet's run_task, which would leave the coroutine
    it made unawaited when it cannot schedule it."""
    try:
        connection = app.page.session.connection
        if connection is None:
            return
        ours = connection.loop is asyncio.get_running_loop()
    except RuntimeError:  # Flet: "an attempt to fetch destroyed session", or no loop yet
        ours = False
    if not ours:
        HALL.followers.pop(id(app), None)
        return
    try:
        app.page.run_task(_catch_up, app)
    except Exception:
        HALL.followers.pop(id(app), None)  # its session is gone


async def _catch_up(app) -> None:
    from seep_scorer.app.shell.handlers import off_loop

    if await off_loop(app.roles.refresh):
        await app.handler(_moved, app)()


async def _moved(app) -> None:
    await app.start_afresh()
