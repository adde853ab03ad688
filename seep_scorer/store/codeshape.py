"""The shape of an event's codes for phones, as its record holds them (eventcodes.py makes and
checks them; events.py reads a record strictly with `codes_ok`), and of the language the board and
the table cards speak (the organiser's app language, `language_ok`)."""

from __future__ import annotations

import re
import secrets

CODE_CHARS = re.compile(r"[A-Za-z0-9_-]{22,64}")  # token_urlsafe(18) is 24 of them
LANGUAGE = re.compile(r"[a-z]{2,3}")  # a language code of the app's (i18n.LANGUAGES)
# A table's number as a key: ASCII digits only (str.isdigit takes "²" and "٣", which int() then
# refuses or reads as another number), no leading zero.
TABLE_KEY = re.compile(r"[1-9][0-9]{0,4}")


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
            and TABLE_KEY.fullmatch(k) is not None
            and isinstance(v, str)
            and CODE_CHARS.fullmatch(v) is not None
            for k, v in table_codes.items()
        )
    )


def language_ok(raw: object) -> bool:
    """An event file's "language": absent, or a language code."""
    return raw is None or (isinstance(raw, str) and LANGUAGE.fullmatch(raw) is not None)


def phones_part(codes: dict, language: str | None) -> dict:
    """The keys of an event's record written only when set: the codes, the language."""
    return ({"codes": codes} if codes else {}) | ({"language": language} if language else {})


__all__ = ["CODE_CHARS", "codes_ok", "language_ok", "new_code", "phones_part"]
