"""The door for phones that join with an event's code (a table card or the board's QR code).

A table card's address carries the table's code after `#` (eventcodes.table_join_url); the join
script hands it in once (joinpage.py) and the phone gets, instead of the host's token, a cookie
with a new random key of its own that this server maps to the role the code opened: (event,
table) or (event, board). The keys' digests are kept in the data folder (store/phonekeys.py), so
a phone joined before the server restarted keeps its role. A key opens its role while the event is
not over, so a phone at a table keeps its table when the next round is paired (the new cards'
codes are for new phones), and nothing once the event ends.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
from collections import OrderedDict

from ..store.eventcodes import CodeIndex, event_over
from ..store.phonekeys import PhoneKeys
from .eventcodes import RoleGrant

ROLE_COOKIE = "seep_scorer_role"
MAX_KEYS = 4096  # phones joined by code in this server's life (the oldest forgotten first)
ROLE_SECONDS = 86400  # a club night


def _digest(key: str | bytes) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8", "surrogateescape")
    return hashlib.sha256(key).digest()  # looked up by digest: no timing says what keys exist


class RoleDoor:
    """Codes exchanged for role keys, and the role a request's key holds. Thread-safe."""

    def __init__(self, index: CodeIndex | None, limit: int = MAX_KEYS):
        self.index = index
        self.limit = limit
        self._keys: OrderedDict[bytes, RoleGrant] = OrderedDict()
        self._lock = threading.Lock()
        # The keys given before a restart (read once, at the server's start, before any request).
        self._kept = PhoneKeys(index.root.parent, limit) if index is not None else None
        for digest, role, event_id, table in self._kept.load() if self._kept else ():
            self._keys[digest] = RoleGrant(role, event_id, table)

    async def join(self, code: bytes) -> str | None:
        """The Set-Cookie value a table or board code earns now, or None (reads off the loop)."""
        if self.index is None:  # a server without a store's events
            return None
        opened = await asyncio.to_thread(self.index.find, code)
        if opened is None:
            return None
        key = secrets.token_urlsafe(18)
        args = (_digest(key), opened.role, opened.event_id, opened.table, ROLE_SECONDS)
        try:  # kept before the phone is told of it
            await asyncio.to_thread(self._kept.add, *args)
        except OSError:
            pass  # a full disk: the key still works until the server stops
        with self._lock:
            self._keys[_digest(key)] = RoleGrant(opened.role, opened.event_id, opened.table)
            while len(self._keys) > self.limit:
                self._keys.popitem(last=False)
        return f"{ROLE_COOKIE}={key}; Path=/; HttpOnly; SameSite=Strict; Max-Age={ROLE_SECONDS}"

    def holder(self, values: list[bytes]) -> RoleGrant | None:
        """The role of the first known key among a request's cookie values (memory only)."""
        with self._lock:
            for value in values:
                if 0 < len(value) <= 64 and (grant := self._keys.get(_digest(value))):
                    return grant
        return None

    async def still_open(self, grant: RoleGrant) -> bool:
        """The grant's event is there and not over (read off the loop)."""
        event = await asyncio.to_thread(self.index.event, grant.event_id)
        return event is not None and bool(event.codes) and not event_over(event)


__all__ = ["ROLE_COOKIE", "RoleDoor"]
