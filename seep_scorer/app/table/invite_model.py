"""Inviting a phone to the table: the join address, leading to the match on screen, as a QR code.

Offered only where another phone can use it: the server in LAN mode, to a session that brought the
token (the server hands the address to exactly those sessions: `server.session_join_address`), and
never in the phone-only build (Pyodide), which has no server to join.
"""

from __future__ import annotations

from typing import Callable
from urllib.parse import quote, urlsplit, urlunsplit

from seep_scorer.app.shell import state
from seep_scorer.app.shell.qrcode import qr_png


def session_join_address() -> Callable[[], str] | None:
    """How this session may invite (each call: a join address with a new one-time code), or None.
    Read when the session starts."""
    if state.phone_only():
        return None
    from seep_scorer.app.shell.state import (
        session_join_address as joined,  # not in the phone-only build: no server there
    )

    return joined.get()


class InviteVM:
    """What the invite screen shows: the address (None: inviting is not offered here) and its QR
    code."""

    def __init__(self, join_address: str | Callable[[], str] | None, match_id: str | None = None):
        if callable(join_address):  # a new one-time code for each invite screen (server/access.py)
            join_address = join_address()
        self.join_address = join_address or None
        self.match_id = match_id or None
        self.copied = False

    @property
    def offered(self) -> bool:
        return self.join_address is not None

    @property
    def address(self) -> str | None:
        """The join address with the match's path: the join page reloads the same path (on the
        same server), so the phone that scans it opens this match."""
        if self.join_address is None or self.match_id is None:
            return self.join_address
        parts = urlsplit(self.join_address)
        return urlunsplit(parts._replace(path="/match/" + quote(self.match_id, safe="")))

    def qr_png(self, max_px: int) -> tuple[bytes, int]:
        """The address as a PNG QR code and its side in pixels (app/shell/qrcode.py)."""
        return qr_png(self.address, max_px)
