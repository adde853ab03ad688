"""The roles a phone's session has at a club night (docs/server.md, "Roles at a club night"), and
the addresses the table cards and the board's QR codes encode.

- organiser: the host's token holder (the whole app, as before events);
- table: joined with a table's code, bound to (event, table): that table's current match only;
- board: joined with the event's board code: the event's board, read only.

The server decides a session's role when its WebSocket opens (rolegate.py) and the session's
store and routes are checked in one place (roles.py).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from .joinpage import JOIN_PARAM

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
    sent to a server in a request line, log or Referer; joinpage.py hands it in once)."""
    return f"{_base(base_url)}/event/{event_id}/table/{int(table)}#{JOIN_PARAM}={code}"


def board_join_url(base_url: str, event_id: str, code: str) -> str:
    return f"{_base(base_url)}/event/{event_id}/board#{JOIN_PARAM}={code}"


__all__ = [
    "ORGANISER",
    "RoleGrant",
    "SessionRole",
    "board_join_url",
    "session_grant",
    "table_join_url",
]
