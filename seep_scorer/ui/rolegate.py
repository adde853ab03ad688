"""The door for phones that join with an event's code (a table card or the board's QR code).

A table card's address carries the table's code after `#` (eventcodes.table_join_url); the join
script hands it in once (joinpage.py) and the phone gets, instead of the host's token, a cookie
with a new random key of its own that this server maps to the role the code opened: (event,
table) or (event, board). The keys' digests are kept in the data folder (store/phonekeys.py), so
a phone joined before the server restarted keeps its role. A key opens its role while the event is
not over, so a phone at a table keeps its table when the next round is paired (the new cards'
codes are for new phones), and nothing once the event ends.

A card is seen by everyone in the hall, so what a code can do is bounded: each code lets in at
most PHONES_PER_CODE phones in this server's life (a table seats four; a phone may scan twice), and
once MAX_KEYS phones hold keys a new one is refused rather than a phone's key forgotten: a flood of
joins never locks out a phone that is at its table (the join page limits each client's pace too,
joinpage.py). A key is kept for ROLE_SECONDS.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time

from ..store.eventcodes import CodeIndex, event_over
from ..store.phonekeys import PhoneKeys
from .eventcodes import RoleGrant

ROLE_COOKIE = "seep_scorer_role"
MAX_KEYS = 4096  # phones holding a key at once; beyond it a new phone is refused, none forgotten
PHONES_PER_CODE = 8  # phones one code lets in (a table's four players, each with a second go)
ROLE_SECONDS = 86400  # a club night


def _digest(key: str | bytes) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8", "surrogateescape")
    return hashlib.sha256(key).digest()  # looked up by digest: no timing says what keys exist


class RoleDoor:
    """Codes exchanged for role keys, and the role a request's key holds. Thread-safe."""

    def __init__(
        self, index: CodeIndex | None, limit: int = MAX_KEYS, per_code: int = PHONES_PER_CODE
    ):
        self.index = index
        self.limit, self.per_code = limit, per_code
        self._keys: dict[bytes, tuple[RoleGrant, float]] = {}  # digest: (role, until)
        self._uses: dict[bytes, int] = {}  # a code's digest: the phones it let in
        self._lock = threading.Lock()
        # The keys given before a restart (read once, at the server's start, before any request).
        self._kept = PhoneKeys(index.root.parent, limit) if index is not None else None
        until = time.time() + ROLE_SECONDS  # at most: the file drops the keys past their time
        for digest, role, event_id, table in self._kept.load() if self._kept else ():
            self._keys[digest] = (RoleGrant(role, event_id, table), until)

    async def join(self, code: bytes) -> str | None:
        """The Set-Cookie value a table or board code earns now, or None: an unknown code, one
        that let in its PHONES_PER_CODE phones, or every key slot held (reads off the loop)."""
        if self.index is None:  # a server without a store's events
            return None
        opened = await asyncio.to_thread(self.index.find, code)
        if opened is None:
            return None
        key, used = secrets.token_urlsafe(18), _digest(code)
        grant = RoleGrant(opened.role, opened.event_id, opened.table)
        with self._lock:  # the slot taken before anything is awaited: no two joins share it
            now = time.time()
            for digest in [d for d, (_g, until) in self._keys.items() if until <= now]:
                del self._keys[digest]
            if self._uses.get(used, 0) >= self.per_code or len(self._keys) >= self.limit:
                return None
            self._uses[used] = self._uses.get(used, 0) + 1
            self._keys[_digest(key)] = (grant, now + ROLE_SECONDS)
        args = (_digest(key), opened.role, opened.event_id, opened.table, ROLE_SECONDS)
        try:  # kept before the phone is told of it
            await asyncio.to_thread(self._kept.add, *args)
        except OSError:
            pass  # a full disk: the key still works until the server stops
        return f"{ROLE_COOKIE}={key}; Path=/; HttpOnly; SameSite=Strict; Max-Age={ROLE_SECONDS}"

    def holder(self, values: list[bytes]) -> RoleGrant | None:
        """The role of the first known key among a request's cookie values (memory only)."""
        now = time.time()
        with self._lock:
            for value in values:
                if 0 < len(value) <= 64 and (held := self._keys.get(_digest(value))):
                    if held[1] > now:
                        return held[0]
        return None

    async def still_open(self, grant: RoleGrant) -> bool:
        """The grant's event is there and not over (read off the loop)."""
        event = await asyncio.to_thread(self.index.event, grant.event_id)
        return event is not None and bool(event.codes) and not event_over(event)


__all__ = ["ROLE_COOKIE", "RoleDoor"]
