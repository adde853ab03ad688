"""Team and player names: what a name may hold.

Names reach terminals (`seep-scorer list`), CSV files and every phone's screen.
Control characters could move a terminal's cursor or rewrite what it shows, and
bidi override and isolate controls can make a name display as something else,
so a name is printable text only.
"""

from __future__ import annotations

from .errors import MatchError

MAX_NAME = 60

# Bidi embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI FSI PDI).
# The plain marks LRM, RLM and ALM stay allowed: they only nudge neutral characters.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _first_control(text: str) -> int | None:
    """The 1-based position of the first control character in `text`, or None. A printable text (str.isprintable:
    no character of Unicode's Other or Separator categories but the space) holds none, and needs no lookup in the
    Unicode database: `seep-scorer score` then never loads it."""
    if text.isprintable():
        return None
    import unicodedata

    for position, ch in enumerate(text, 1):
        if unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS:  # Cc: C0, DEL and C1
            return position
    return None


def check_name(value: object, field: str, *, what: str = "name") -> str:
    """The name unchanged if it is one a team or player may have; else a MatchError naming `field`.

    `what` words the English message ("team name", "player's name"). Codes: `name_empty`,
    `name_too_long` (params: max), `name_control` (params: position, 1-based).
    """
    if not isinstance(value, str) or not value.strip():
        raise MatchError(f"a {what} is text with at least one letter", field=field, code="name_empty")
    if len(value) > MAX_NAME:
        raise MatchError(f"a {what} is at most {MAX_NAME} characters", field=field, code="name_too_long",
                         params={"max": MAX_NAME})
    position = _first_control(value)
    if position is not None:
        raise MatchError(f"a {what} cannot hold control characters (U+{ord(value[position - 1]):04X} at position "
                         f"{position})", field=field, code="name_control", params={"position": position})
    return value


__all__ = ["MAX_NAME", "BIDI_CONTROLS", "check_name"]
