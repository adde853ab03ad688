"""One-time join codes: what a join address carries instead of the table's token.

A browser keeps every address it opened in its history (chrome://history lists even one that
redirected at once, or whose `#` part a script removed), so the address must hold nothing that still
works later. Each join address carries a fresh random code; the first browser that hands it in gets
the token as an HttpOnly cookie and the code is spent. The terminal prints a new address whenever
its last one was used, and the app's invite screen shows a new one each time it is opened (good
for an hour).
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from typing import Callable

# Unspent invitations kept (the oldest forgotten first), each for an hour at most: a phone that
# already holds the cookie and opens one leaves it unspent in its history. The printed one is kept.
MAX_LIVE_CODES = 64
INVITE_SECONDS = 3600.0


def _key(code: str) -> bytes:
    # Looked up by digest, so how long a lookup takes says nothing about the codes held.
    return hashlib.sha256(code.encode("utf-8", "surrogateescape")).digest()


class JoinCodes:
    """Codes that each let one browser in, once. Safe to use from any thread."""

    def __init__(
        self,
        limit: int = MAX_LIVE_CODES,
        lifetime: float = INVITE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.limit = limit
        self.lifetime = lifetime
        self.clock = clock
        # digest -> (kept, on_redeem, minted at)
        self._live: OrderedDict[bytes, tuple[bool, Callable | None, float]] = OrderedDict()
        self._lock = threading.Lock()

    def mint(self, keep: bool = False, on_redeem: Callable[[], None] | None = None) -> str:
        """A new code; `keep`: never forgotten for newer ones; `on_redeem` runs once it is spent."""
        code = secrets.token_urlsafe(18)
        with self._lock:
            self._live[_key(code)] = (keep, on_redeem, self.clock())
            unkept = [k for k, (kept, _, _) in self._live.items() if not kept]
            for old in unkept[: max(0, len(unkept) - self.limit)]:
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
        if entry is None or (not entry[0] and self.clock() - entry[2] > self.lifetime):
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
