"""The shape of an event's codes for phones, as its record holds them (eventcodes.py makes and
checks them; events.py reads a record strictly with `codes_ok`)."""

from __future__ import annotations

import re
import secrets

CODE_CHARS = re.compile(r"[A-Za-z0-9_-]{22,64}")  # token_urlsafe(18) is 24 of them


def new_code() -> str:
    return secrets.token_urlsafe(18)


def codes_ok(raw: object, tables: int) -> bool:
    """The shape an event file's "codes" must have (events.py reads it strictly)."""
    if raw is None:
        return True
    if not isinstance(raw, dict) or set(raw) != {"board", "round", "tables"}:
        return False
    table_codes = raw["tables"]
    return (
        isinstance(raw["board"], str)
        and CODE_CHARS.fullmatch(raw["board"]) is not None
        and type(raw["round"]) is int
        and isinstance(table_codes, dict)
        and len(table_codes) <= tables
        and all(
            isinstance(k, str)
            and k.isdigit()
            and isinstance(v, str)
            and CODE_CHARS.fullmatch(v) is not None
            for k, v in table_codes.items()
        )
    )


__all__ = ["CODE_CHARS", "codes_ok", "new_code"]
