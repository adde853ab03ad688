"""One-time join codes: what a join address carries instead of the table's token.

A browser keeps every address it opened in its history (chrome://history lists even one that
redirected at once, or whose `#` part a script removed), so the address must hold nothing that still
works later. Each join address carries a fresh random code; the first browser that hands it in gets
the token as an HttpOnly cookie and the code is spent. The terminal prints a new address whenever
its last one was used, and the app's invite screen shows a new one each time it is opened.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from typing import Callable

# Unspent invitations kept (the oldest forgotten first); the printed one is never dropped.
MAX_LIVE_CODES = 64


def _key(code: str) -> bytes:
    # Looked up by digest, so how long a lookup takes says nothing about the codes held.
    return hashlib.sha256(code.encode("utf-8", "surrogateescape")).digest()


class JoinCodes:
    """Codes that each let one browser in, once. Safe to use from any thread."""

    def __init__(self, limit: int = MAX_LIVE_CODES):
        self.limit = limit
        self._live: OrderedDict[bytes, tuple[bool, Callable[[], None] | None]] = OrderedDict()
        self._lock = threading.Lock()

    def mint(self, keep: bool = False, on_redeem: Callable[[], None] | None = None) -> str:
        """A new code; `keep`: never forgotten for newer ones; `on_redeem` runs once it is spent."""
        code = secrets.token_urlsafe(18)
        with self._lock:
            self._live[_key(code)] = (keep, on_redeem)
            unkept = [k for k, (kept, _) in self._live.items() if not kept]
            for old in unkept[:max(0, len(unkept) - self.limit)]:
                del self._live[old]
        return code

    def redeem(self, given: str | bytes) -> bool:
        """True, once, for a live code; it is spent from then on."""
        if isinstance(given, bytes):
            try:
                given = given.decode("ascii")
            except UnicodeDecodeError:
                return False
        if not given or len(given) > 200:
            return False
        with self._lock:
            entry = self._live.pop(_key(given), None)
        if entry is None:
            return False
        if entry[1] is not None:
            try:
                entry[1]()
            except Exception:  # noqa: BLE001 - a terminal gone must not cost the phone its join
                pass
        return True

    def __len__(self) -> int:
        return len(self._live)


__all__ = ["JoinCodes", "MAX_LIVE_CODES"]
