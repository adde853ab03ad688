"""Malformed requests in the server's terminal: one line a minute at most (all with debugging on).

Anyone on the LAN can send garbage to the port; uvicorn answers each with 400 and logs a warning, so
a loop of bad requests would bury the terminal the host reads (and the join address in it). The
first such warning is shown, then one a minute at most, saying how many were left out meanwhile.
SEEP_SCORER_DEBUG=1 shows every one.
"""

from __future__ import annotations

import logging
import os
import threading
import time

# uvicorn's own messages for a request it could not parse (httptools, h11 and its HTTP/2 variant).
MALFORMED = frozenset(
    {
        "Invalid HTTP request received.",
        "Unsupported upgrade request.",
        "Invalid HTTP/2 frame received: %s",
    }
)
WINDOW_SECONDS = 60.0


class MalformedRequestLimit(logging.Filter):
    """A logging filter: uvicorn's malformed-request warnings, at most one per `window` seconds."""

    def __init__(self, window: float = WINDOW_SECONDS, clock=time.monotonic):
        super().__init__()
        self.window = window
        self.clock = clock
        self._last: float | None = None
        self._left_out = 0
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.name.startswith("uvicorn") or record.msg not in MALFORMED:
            return True
        if os.environ.get("SEEP_SCORER_DEBUG"):
            return True
        with self._lock:
            now = self.clock()
            if self._last is not None and now - self._last < self.window:
                self._left_out += 1
                return False
            self._last, left_out, self._left_out = now, self._left_out, 0
        if left_out:
            record.msg = f"{record.getMessage()} ({left_out} more like it since the last one shown)"
            record.args = None
        return True


__all__ = ["MalformedRequestLimit", "MALFORMED", "WINDOW_SECONDS"]
