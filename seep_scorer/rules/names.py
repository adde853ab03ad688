"""Texts a person types (team and player names, deal notes): what they hold; how to print text.

Names reach terminals (`seep-scorer list`), CSV files and every phone's screen.
Control characters could move a terminal's cursor or rewrite what it shows, bidi
controls can make a name display as something else, and invisible characters
(zero-width spaces, U+FEFF, direction marks, line separators) make a name and its
invisible twin two players. So one rule for every such text (`first_refused`):
printable, visible text only. Joiners and variation selectors stay where a script
or an emoji needs them. `shown` and `json_shown` escape what the rule refuses, for
printing texts that never passed it (a tampered index line).
"""

from __future__ import annotations

from seep_scorer.rules.errors import MatchError

MAX_NAME = 60
MAX_NOTE = 2000

# Bidi embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI FSI PDI).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

ZWNJ, ZWJ = "\u200c", "\u200d"
# Invisible characters that str.isprintable() lets through (Unicode's Default_Ignorable_Code_Point
# outside the format category): combining grapheme joiner, Hangul fillers, Khmer inherent vowels.
_PRINTABLE_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
# Variation selectors (emoji, CJK, Mongolian): printable too, refused but after a base they select.
_SELECTORS = frozenset("\u180b\u180c\u180d\u180f" + "".join(map(chr, range(0xFE00, 0xFE10))))
_REFUSED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
# A selector's base: not a cased letter, a mark, a space or a control (it would select nothing).
_NO_SELECTOR_BASE = frozenset(
    ("Lu", "Ll", "Lt", "Mn", "Mc", "Me", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs")
)
_BLACK_FLAG, _TAG_FIRST, _TAG_CANCEL = "\U0001f3f4", "\U000e0020", "\U000e007f"


def _quick_ok(text: str) -> bool:
    """No lookup in the Unicode database needed: printable text (str.isprintable: no character of
    the Other or Separator categories but the space) without the invisible characters it lets
    through. `seep-scorer score` then never loads unicodedata."""
    return text.isprintable() and (
        text.isascii()
        or (
            _PRINTABLE_INVISIBLE.isdisjoint(text)
            and _SELECTORS.isdisjoint(text)
            and max(text) < "\U000e0000"
        )
    )


def first_refused(text: str, *, line_breaks: bool = False) -> int | None:
    """The 1-based position of the first character a typed text may not hold, or None.

    Refused: control characters (C0, DEL, C1; `line_breaks` lets a note keep U+000A), format
    characters (bidi controls, direction marks, zero-width space, word joiner, U+FEFF, soft
    hyphen, tags), line and paragraph separators, lone surrogates and the other invisible
    fillers. Allowed in context only: ZWJ and ZWNJ next to a virama (Devanagari,
    Bengali-Assamese, Gurmukhi half forms), ZWNJ between two uncased letters (Urdu, Sindhi,
    Persian), ZWJ inside an emoji sequence, a variation selector after a base it can select,
    and tag characters in an emoji flag (black flag, tag letters, cancel tag).
    """
    if _quick_ok(text):
        return None
    return next(_refused(text, line_breaks), None)


def _refused(text: str, line_breaks: bool = False):
    """The 1-based position of each character first_refused refuses, in order."""
    import unicodedata

    category = unicodedata.category
    for i, ch in enumerate(text):
        if _contextual(ch):
            if not _in_context(text, i):
                yield i + 1
        elif (category(ch) in _REFUSED_CATEGORIES or ch in _PRINTABLE_INVISIBLE) and not (
            line_breaks and ch == "\n"
        ):
            yield i + 1


def _in_context(text: str, i: int) -> bool:
    """Whether the joiner, selector or tag at `i` does something there (first_refused's list)."""
    import unicodedata

    category, combining = unicodedata.category, unicodedata.combining
    ch = text[i]
    before = text[i - 1] if i else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if ch in (ZWJ, ZWNJ):
        # Combining class 9: a virama.
        if (before and combining(before) == 9) or (after and combining(after) == 9):
            return True
        if ch == ZWJ:  # after a selector, only one that is in its place itself
            return (
                bool(before and after)
                and _emoji_part(before)
                and category(after) == "So"
                and (before != "\ufe0f" or _in_context(text, i - 1))
            )
        base = i - 1
        while (
            base >= 0
            and category(text[base]) in ("Mn", "Mc")
            and not _contextual(text[base])
            and text[base] not in _PRINTABLE_INVISIBLE
        ):
            base -= 1  # the letter a vowel sign belongs to
        return base >= 0 and bool(after) and _letter(text[base]) and _letter(after)
    if ch in _SELECTORS or "\U000e0100" <= ch <= "\U000e01ef":
        return (
            bool(before)
            and before != " "
            and category(before) not in _NO_SELECTOR_BASE
            and before not in _PRINTABLE_INVISIBLE
        )
    if _TAG_FIRST <= ch <= _TAG_CANCEL:  # an emoji flag: black flag, tag letters, cancel tag
        start = end = i
        while start and _TAG_FIRST <= text[start - 1] < _TAG_CANCEL:
            start -= 1
        while end < len(text) and _TAG_FIRST <= text[end] < _TAG_CANCEL:
            end += 1
        return (
            0 < start < end < len(text)
            and text[start - 1] == _BLACK_FLAG
            and text[end] == _TAG_CANCEL
        )
    return False


def _contextual(ch: str) -> bool:
    """A joiner, selector or tag: allowed only where _in_context says."""
    return ch in (ZWJ, ZWNJ) or ch in _SELECTORS or "\U000e0000" <= ch <= "\U000e01ef"


def _letter(ch: str) -> bool:
    """A letter of a script without case (Arabic, Indic, Thai...), not an invisible filler."""
    import unicodedata

    return unicodedata.category(ch) in ("Lo", "Lm") and ch not in _PRINTABLE_INVISIBLE


def _emoji_part(ch: str) -> bool:
    """What may precede the ZWJ of an emoji sequence: an emoji, its selector or a skin tone."""
    import unicodedata

    return unicodedata.category(ch) == "So" or ch == "\ufe0f" or "\U0001f3fb" <= ch <= "\U0001f3ff"


def check_name(value: object, field: str, *, what: str = "name") -> str:
    """The name unchanged if it is one a team or player may have; else a MatchError naming `field`.

    `what` is kept for callers; the words come from the field (seep_scorer.i18n.faults). Codes:
    `name_empty`, `name_too_long` (params: max), `name_control` (params: position, 1-based).
    """
    if not isinstance(value, str) or not value.strip():
        raise MatchError(field=field, code="name_empty")
    if len(value) > MAX_NAME:
        raise MatchError(
            field=field,
            code="name_too_long",
            params={"max": MAX_NAME},
        )
    position = first_refused(value)
    if position is not None:
        raise MatchError(
            field=field,
            code="name_control",
            params={"position": position},
        )
    return value


def check_note(value: object, field: str = "note") -> str | None:
    """A deal's note unchanged (None: no note): text of at most MAX_NOTE characters, by the rule
    of names but that it may hold line breaks. Codes: `note_too_long`, `note_control` (params:
    position, 1-based)."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_NOTE:
        raise MatchError(field=field, code="note_too_long")
    position = first_refused(value, line_breaks=True)
    if position is not None:
        raise MatchError(
            field=field,
            code="note_control",
            params={"position": position},
        )
    return value


def _replaced(text: str, escape) -> str:
    """`text` with each refused character (line breaks too) replaced by escape(character)."""
    if _quick_ok(text):
        return text
    out, start = [], 0
    for position in _refused(text):
        out += (text[start : position - 1], escape(text[position - 1]))
        start = position
    out.append(text[start:])
    return "".join(out)


def tidied(text: str, *, line_breaks: bool = False) -> str:
    """`text` made one the rule accepts, for texts stored before it refused them (so none is
    lost): each refused control or separator becomes a space, other refused characters
    (invisible) go. A name (no `line_breaks`) also loses outer spaces and runs of them; one left
    empty is written escaped."""
    if _quick_ok(text):
        return text
    import unicodedata

    category, out, start = unicodedata.category, [], 0
    for position in _refused(text, line_breaks):
        ch = text[position - 1]
        out += (text[start : position - 1], " " if category(ch) in ("Cc", "Zl", "Zp") else "")
        start = position
    out.append(text[start:])
    result = "".join(out)
    if not line_breaks:
        result = " ".join(result.split()) or shown(text)[:MAX_NAME]  # it was invisible characters
    if first_refused(result, line_breaks=line_breaks) is not None:
        result = shown(result)  # never met (tests/security/test_texts.py): a safety net
    return result


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: str) -> str:
    """`text` to print on a terminal: each character the rule refuses (a line break too) as a
    Python-style escape (`\\x1b`, `\\u202e`), so no text from a file or the store can move the
    cursor or reorder a line."""
    return _replaced(text, _escape)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_shown(text: str) -> str:
    """JSON text (json.dumps with ensure_ascii=False) with every character the rule refuses
    written as a JSON escape: the same value to a JSON reader, nothing raw for a terminal.
    Outside strings JSON text is ASCII, so each such character sits in a string, where an escape
    means the character itself."""
    return _replaced(text, _json_escape)


__all__ = [
    "MAX_NAME",
    "MAX_NOTE",
    "BIDI_CONTROLS",
    "check_name",
    "check_note",
    "first_refused",
    "shown",
    "json_shown",
    "tidied",
]
