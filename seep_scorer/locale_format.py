"""Numbers and dates as each language writes them (Babel), with optional native digits.

Babel's numbering systems change separators only, never the digits, so native
digits are a translation table applied after formatting. Pure: no Flet, no I/O.
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

LANGUAGES = ("en", "hi", "sq", "th", "sd", "as", "it")
RTL_LANGUAGES = frozenset({"sd"})

# The digits each language's own script uses (CLDR: deva, thai, beng, arab).
NATIVE_DIGITS = {
    "hi": "०१२३४५६७८९",
    "th": "๐๑๒๓๔๕๖๗๘๙",
    "as": "০১২৩৪৫৬৭৮৯",
    "sd": "٠١٢٣٤٥٦٧٨٩",
}

_LRI, _PDI = "\u2066", "\u2069"  # keep a run left-to-right inside right-to-left text


@lru_cache(maxsize=None)
def _table(lang: str) -> dict[int, str]:
    digits = NATIVE_DIGITS.get(lang)
    return str.maketrans("0123456789", digits) if digits else {}


def has_native_digits(lang: str) -> bool:
    return lang in NATIVE_DIGITS


class LocaleFormat:
    """Formats every number and date shown on screen for one language and digit choice."""

    def __init__(self, lang: str = "en", native_digits: bool = False):
        self.lang = lang if lang in LANGUAGES else "en"
        self.native_digits = native_digits and has_native_digits(self.lang)
        self.rtl = self.lang in RTL_LANGUAGES

    def digits(self, text: str) -> str:
        """Latin digits in `text` turned into the language's own, when that is chosen."""
        return text.translate(_table(self.lang)) if self.native_digits else text

    def number(self, value: int, signed: bool = False) -> str:
        text = format_decimal(abs(value) if signed else value, locale=self.lang)
        if signed and value:
            text = ("+" if value > 0 else "\u2212") + text  # a real minus sign reads better than a hyphen
        return self.digits(text)

    def date(self, value: _dt.datetime | _dt.date | str, with_time: bool = True) -> str:
        if isinstance(value, str):
            value = _dt.datetime.fromisoformat(value)
        if with_time and isinstance(value, _dt.datetime):
            text = format_datetime(value, "short", locale=self.lang)
        else:
            text = format_date(value, "medium", locale=self.lang)
        return self.digits(text)

    def medium_date(self, value: _dt.datetime | _dt.date | str) -> str:
        """The day in the language's medium form ("Dec 1, 2026" in English, "1 dic 2026" in Italian):
        the month in words, so no reader mistakes the day for the month."""
        if isinstance(value, str):
            value = _dt.datetime.fromisoformat(value)
        day = value.date() if isinstance(value, _dt.datetime) else value
        return self.digits(format_date(day, "medium", locale=self.lang))

    def code(self, text: str) -> str:
        """A card code or other Latin token, kept readable (left to right) inside RTL text."""
        return f"{_LRI}{text}{_PDI}" if self.rtl else text
