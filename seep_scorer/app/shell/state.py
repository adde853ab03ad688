"""What the app keeps beyond one screen, in one place: which app this is (served, or the
phone-only app), and what the server hands each session when its connection opens.

What the sessions of this process share lives in `HALL`, the one process-wide object: the
table phones following their event, the last save told to the events' screens, and the events'
matches as read for their screens. Nothing else in the app keeps state at module level.

The phone-only app has no other phones to reach (no live table, no joining or inviting) and no
server to configure, so those are hidden there, not broken (`phone_only`).

Per-session values are ContextVars: the server (server/app.py, server/access.py,
server/limits.py) sets them on a session's WebSocket, and Flet runs `main(page)` in a copy of
that context, so each session's screens read their own. Nothing here imports the server: the
app reads what the server put here.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections import OrderedDict
from contextlib import AbstractAsyncContextManager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Literal, Protocol

__all__ = [
    "HALL",
    "Hall",
    "JOIN_PARAM",
    "ORGANISER",
    "RoleGrant",
    "SessionRole",
    "BrowserStorage",
    "board_join_url",
    "browser_storage",
    "use_browser_storage",
    "PeerLink",
    "TableSharing",
    "table_sharing",
    "use_table_sharing",
    "connection_allowance",
    "expect_large_message",
    "phone_only",
    "session_grant",
    "session_join_address",
    "table_join_url",
    "Allowance",
]


class Hall:
    """What every session of this process shares (a hall of tables on one server; the phone-only
    app has one session a tab). Each field is owned by the module named beside it, which alone
    reads and changes it."""

    def __init__(self) -> None:
        # roles.watch_rounds: the table and board sessions (id(app) -> app) following their event,
        # and the one task that looks at their event files.
        self.followers: dict[int, Any] = {}
        self.follower: asyncio.Future | None = None
        # live.show_message: the last announcement told to the events' screens.
        self.told_events: object = None
        # events/event_model.share_of: each event's matches as read for its screens, newest last
        # ((data folder, event id) -> EventShare), guarded with every share's marks by the lock.
        self.event_shares: OrderedDict[tuple[str, str], Any] = OrderedDict()
        self.event_shares_lock = threading.Lock()


HALL = Hall()


def phone_only() -> bool:
    """True in Pyodide, where the whole app runs in this browser, alone (a function, so tests can
    pretend)."""
    return sys.platform == "emscripten"


class BrowserStorage(Protocol):
    """The phone-only app's storage as the app uses it (phone/storage.py gives it, at start)."""

    def turn(self) -> AbstractAsyncContextManager[None]:
        """A store call's turn among this browser's tabs, on what they saved."""
        ...

    async def flush(self) -> None:
        """What the store wrote, into the browser's storage."""
        ...

    def tab_channel(self, heard: Callable[[str | None], None]) -> Any:
        """Hear the saves of this browser's other tabs (a match's id, or None)."""
        ...


_browser_storage: BrowserStorage | None = None


def use_browser_storage(storage: BrowserStorage | None) -> None:
    """The phone-only app's start hands its storage over (None: the served app, tests)."""
    global _browser_storage
    _browser_storage = storage


def browser_storage() -> BrowserStorage | None:
    return _browser_storage


class PeerLink(Protocol):
    """The phone-only app's link to another phone-only app (phone/peer.py): pairing by codes."""

    open: bool
    trusted: bool  # open, and the other phone proved it scanned this one's code

    async def offer(self) -> str: ...

    async def answer(self, code: str) -> str: ...

    async def accept(self, code: str) -> None: ...

    def watch(self, watcher: Callable[[], None]) -> None: ...

    def close(self) -> None: ...


class TableSharing(Protocol):
    """Matches shared with another phone-only app over the link (phone/sharing.py gives it, at
    start): what the app's screens ask of it and hear from it."""

    link: PeerLink
    arrived: list[str]  # the matches whose copies came from the other phone, in turn

    async def share(self, match_id: str) -> None: ...

    async def share_when_linked(self, match_id: str) -> None: ...

    async def saved(self, match_id: str) -> None: ...

    async def choose(self, match_id: str, theirs: bool) -> None: ...

    def conflict(self, match_id: str) -> tuple[int, int] | None: ...

    def on_change(self, listener: Callable[[str], None]) -> None: ...

    def on_conflict(self, listener: Callable[[str], None]) -> None: ...


_table_sharing: TableSharing | None = None


def use_table_sharing(sharing: TableSharing | None) -> None:
    """The phone-only app's start hands its sharing over (None: the served app, tests)."""
    global _table_sharing
    _table_sharing = sharing


def table_sharing() -> TableSharing | None:
    return _table_sharing


JOIN_PARAM = "join"  # the join address's fragment: #join=<one-time code> (server/access.py)

# The roles a phone's session has at a club night (docs/server.md, "Roles at a club night"), and
# the addresses the table cards and the board's QR codes encode.
#
# - organiser: the host's token holder (the whole app, as before events);
# - table: joined with a table's code, bound to (event, table): that table's current match only;
# - board: joined with the event's board code: the event's board, read only.
#
# The server decides a session's role when its WebSocket opens (server/access.py) and the session's
# store and routes are checked in one place (app/shell/roles.py).

SessionRole = Literal["organiser", "table", "board"]


@dataclass(frozen=True)
class RoleGrant:
    role: SessionRole
    event_id: str | None = None
    table: int | None = None


ORGANISER = RoleGrant("organiser")

# Set by the token gate on the WebSocket of a session that joined with an event's code (None: the
# token holder, or loopback mode, where everyone is the organiser). Flet runs `main(page)` in a
# copy of this context.
session_grant: ContextVar[RoleGrant | None] = ContextVar("seep_scorer_role", default=None)


def _base(base_url: str) -> str:
    return base_url.rstrip("/")


def table_join_url(base_url: str, event_id: str, table: int, code: str) -> str:
    """The address a table card's QR code encodes: the table's route, the code after `#` (never
    sent to a server in a request line, log or Referer; server/access.py hands it in once)."""
    return f"{_base(base_url)}/event/{event_id}/table/{int(table)}#{JOIN_PARAM}={code}"


def board_join_url(base_url: str, event_id: str, code: str) -> str:
    return f"{_base(base_url)}/event/{event_id}/board#{JOIN_PARAM}={code}"


# How a session may invite a phone: set by TokenGate only on the WebSocket of a session that
# brought the token (LAN mode), a function giving a join address with a new one-time code on each
# call. Flet runs `main(page)` in a copy of this context.
session_join_address: ContextVar[Callable[[], str] | None] = ContextVar(
    "seep_scorer_join_address", default=None
)


LARGE_WINDOW_SECONDS = 600.0  # from the tap on "Restore" to the picked file's arrival


class Allowance:
    """One connection's permission for a large message (a picked backup file)."""

    def __init__(self):
        self.large_until = 0.0

    def take_large(self) -> bool:
        allowed = time.monotonic() < self.large_until
        self.large_until = 0.0
        return allowed


# Set for each WebSocket; Flet dispatches the session's events in tasks copied from its context.
connection_allowance: ContextVar[Allowance | None] = ContextVar(
    "seep_scorer_ws_allowance", default=None
)


def expect_large_message(seconds: float = LARGE_WINDOW_SECONDS) -> None:
    """The next message on this session's connection may be large (a restore's file is coming).
    Outside a served session (the phone-only app, tests) it does nothing."""
    allowance = connection_allowance.get()
    if allowance is not None:
        allowance.large_until = time.monotonic() + seconds
