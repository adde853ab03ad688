"""The server's terminal: one line per warning or error, and malformed requests at most once a
minute.

What the server writes in its terminal: warnings and errors, one line each, never a traceback.

Flet and uvicorn log a fault of a session with its traceback; the person who
started the server reads that terminal. Each such record becomes one line,
"seep-scorer: <message> (<exception>)"; SEEP_SCORER_DEBUG=1 keeps the
traceback, for a developer (as the command line does).
"""

from __future__ import annotations

import logging
import os
import threading
import time

__all__ = ["OneLine", "server_logging", "MalformedRequestLimit", "MALFORMED", "WINDOW_SECONDS"]


class OneLine(logging.Filter):
    """A record's traceback folded into its message."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and not os.environ.get("SEEP_SCORER_DEBUG"):
            error = record.exc_info[1]
            message = record.getMessage().strip().rstrip(":")
            if error is not None:
                message = (
                    f"{message} ({type(error).__name__}: {error})"
                    if str(error)
                    else f"{message} ({type(error).__name__})"
                )
            record.msg, record.args = " ".join(message.split())[:500], None
            record.exc_info = record.exc_text = None
        return True


def server_logging() -> dict:
    """uvicorn's log_config: its loggers and the rest (flet's) through one handler on stderr that
    writes warnings and errors as single lines (malformed requests rate-limited:
    MalformedRequestLimit)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"one_line": {"()": OneLine}, "malformed": {"()": MalformedRequestLimit}},
        "formatters": {"plain": {"format": "seep-scorer: %(message)s"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "plain",
                "filters": ["malformed", "one_line"],
            }
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {
            name: {"handlers": [], "level": "WARNING", "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
        },
    }


# ---- malformed requests
# Malformed requests in the server's terminal: one line a minute at most (all with debugging on).
#
# Anyone on the LAN can send garbage to the port; uvicorn answers each with 400 and logs a warning,
# so a loop of bad requests would bury the terminal the host reads (and the join address in it). The
# first such warning is shown, then one a minute at most, saying how many were left out meanwhile.
# SEEP_SCORER_DEBUG=1 shows every one.

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
