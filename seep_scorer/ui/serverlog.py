"""What the server writes in its terminal: warnings and errors, one line each, never a traceback.

Flet and uvicorn log a fault of a session with its traceback; the person who
started the server reads that terminal. Each such record becomes one line,
"seep-scorer: <message> (<exception>)"; SEEP_SCORER_DEBUG=1 keeps the
traceback, for a developer (as the command line does).
"""

from __future__ import annotations

import logging
import os

from .requestnoise import MalformedRequestLimit


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
    requestnoise.py)."""
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


__all__ = ["OneLine", "server_logging"]
