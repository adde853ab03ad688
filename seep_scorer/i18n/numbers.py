"""Numbers and dates as each language writes them (Babel), with optional native digits.

Babel's numbering systems change separators only, never the digits, so native
digits are a translation table applied after formatting. Pure: no Flet, no I/O.
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache

LANGUAGES = ("en", "hi", "sq", "th", "sd", "as", "it", "pa", "ur")
RTL_LANGUAGES = frozenset({"sd", "ur"})
# Babel's locale for dates where it is not the language itself. The app's English is India's, where
# Seep is played: "1 Dec 2026", not the US "Dec 1, 2026" and "12/1/26", which a reader there takes
# for 12 January.
DATE_LOCALES = {"en": "en_IN"}

LATIN_DIGITS = "0123456789"
# The digits each language's own script uses (CLDR: deva, thai, beng, arab, guru, arabext).
NATIVE_DIGITS = {
    "hi": "०१२३४५६७८९",
    "th": "๐๑๒๓๔๕๖๗๘๙",
    "as": "০১২৩৪৫৬৭৮৯",
    "sd": "٠١٢٣٤٥٦٧٨٩",
    "pa": "੦੧੨੩੪੫੬੭੮੯",
    "ur": "۰۱۲۳۴۵۶۷۸۹",
}
# A second native set where writers of the language use two: many Sindhi writers use ۰–۹.
ALT_NATIVE_DIGITS = {
    "sd": "۰۱۲۳۴۵۶۷۸۹",
}
# CLDR's numbering system for each set of digits: its symbols are the decimal separator, group
# separator and percent sign written with those digits (Arabic's ٫ ٬ ٪ with ٠-٩ and ۰-۹).
NUMBERING_SYSTEMS = {
    LATIN_DIGITS: "latn",
    "०१२३४५६७८९": "deva",
    "๐๑๒๓๔๕๖๗๘๙": "thai",
    "০১২৩৪৫৬৭৮৯": "beng",
    "٠١٢٣٤٥٦٧٨٩": "arab",
    "੦੧੨੩੪੫੬੭੮੯": "guru",
    "۰۱۲۳۴۵۶۷۸۹": "arabext",
}
# The digits choice, kept per device: "latin", the language's "native" digits or its "native-alt"
# set.
DIGIT_CHOICES = ("latin", "native", "native-alt")

_LRI, _PDI = "\u2066", "\u2069"  # keep a run left-to-right inside right-to-left text
_RLI = "\u2067"  # a run laid out right to left, as one piece, in its line


@lru_cache(maxsize=None)
def _table(digits: str) -> dict[int, str]:
    return str.maketrans(LATIN_DIGITS, digits)


def has_native_digits(lang: str) -> bool:
    return lang in NATIVE_DIGITS


def digit_choice(value: object) -> str:
    """A stored digits preference read as one of DIGIT_CHOICES: the old boolean preference
    (True: native digits) still counts; anything unknown is Latin."""
    if value is True:
        return "native"
    return value if isinstance(value, str) and value in DIGIT_CHOICES else "latin"


def digit_choices(lang: str) -> tuple[str, ...]:
    """The choices a language offers (Latin only where it has no digits of its own)."""
    return (
        ("latin",)
        + (("native",) if lang in NATIVE_DIGITS else ())
        + (("native-alt",) if lang in ALT_NATIVE_DIGITS else ())
    )


def digit_set(lang: str, choice: object) -> str:
    """The ten digits `choice` writes in `lang`. A set the language lacks falls back to its nearest:
    "native-alt" chosen in Sindhi and then Urdu still means Urdu's own digits."""
    choice = digit_choice(choice)
    if choice == "native-alt" and lang in ALT_NATIVE_DIGITS:
        return ALT_NATIVE_DIGITS[lang]
    if choice != "latin" and lang in NATIVE_DIGITS:
        return NATIVE_DIGITS[lang]
    return LATIN_DIGITS


class LocaleFormat:
    """Formats every number and date shown on screen for one language and digit choice.

    `native_digits` is a digits choice ("latin", "native", "native-alt") or the old boolean."""

    def __init__(self, lang: str = "en", native_digits: bool | str = False):
        self.lang = lang if lang in LANGUAGES else "en"
        self.digit_set = digit_set(self.lang, native_digits)
        # The native digits in use, "" for Latin: false when Latin, and tells two native sets apart.
        self.native_digits = "" if self.digit_set == LATIN_DIGITS else self.digit_set
        self.rtl = self.lang in RTL_LANGUAGES
        self.date_locale = DATE_LOCALES.get(self.lang, self.lang)
        self.numbering = NUMBERING_SYSTEMS[self.digit_set]

    def digits(self, text: str) -> str:
        """Latin digits in `text` turned into the chosen ones."""
        return text.translate(_table(self.native_digits)) if self.native_digits else text

    def number(self, value: int, signed: bool = False) -> str:
        from babel.numbers import (
            format_decimal,
        )  # Babel loads at the first figure shown, not at start

        text = format_decimal(abs(value) if signed else value, locale=self.lang)
        if signed and value:
            text = (
                "+" if value > 0 else "\u2212"
            ) + text  # a real minus sign reads better than a hyphen
            if self.rtl:  # the sign before its number, not after it ("1−"), in Urdu and Sindhi
                return f"{_LRI}{self.digits(text)}{_PDI}"
        return self.digits(text)

    def decimal(self, value: float, pattern: str = "#,##0.0") -> str:
        """A fraction with the separators the language writes with its chosen digits ("4٫5" in
        Urdu's and Sindhi's own digits, "4.5" in Latin ones)."""
        from babel.numbers import format_decimal

        return self.digits(
            format_decimal(value, format=pattern, locale=self.lang, numbering_system=self.numbering)
        )

    def percent(self, rate: float) -> str:
        """A rate (0.5) as a percentage ("50%", "۵۰٪"). Babel writes its pattern's separators for
        the numbering system but always the ASCII percent sign: with native digits the locale's own
        sign for them replaces it (Latin digits keep "%", as Urdu writes "50%" with them)."""
        from babel import Locale
        from babel.numbers import format_percent

        text = format_percent(rate, locale=self.lang, numbering_system=self.numbering)
        if self.native_digits:
            symbols = Locale.parse(self.lang).number_symbols[self.numbering]
            text = text.replace("%", symbols.get("percentSign", "%"))
        return self.digits(text)

    def date(self, value: _dt.datetime | _dt.date | str, with_time: bool = True) -> str:
        """The day in words (medium_date), and the time where there is one:
        "1 Dec 2026, 3:04 pm"."""
        if isinstance(value, str):
            value = _dt.datetime.fromisoformat(value)
        from babel.dates import format_date, format_time, get_datetime_format

        day = format_date(value, "medium", locale=self.date_locale)
        if not (with_time and isinstance(value, _dt.datetime)):
            return self.digits(day)
        # The language's own way of joining a day and a time ("{1}, {0}" in English), as Babel
        # joins them.
        joined = get_datetime_format("medium", locale=self.date_locale)
        return self.digits(
            joined.replace("{1}", day).replace(
                "{0}", format_time(value, "short", locale=self.date_locale)
            )
        )

    def medium_date(self, value: _dt.datetime | _dt.date | str) -> str:
        """The day in the language's medium form ("1 Dec 2026" in English, "1 dic 2026" in Italian):
        the month in words, so no reader mistakes the day for the month."""
        if isinstance(value, str):
            value = _dt.datetime.fromisoformat(value)
        day = value.date() if isinstance(value, _dt.datetime) else value
        from babel.dates import format_date

        return self.digits(format_date(day, "medium", locale=self.date_locale))

    def side(self, value: int) -> str:
        """A team's number in a pair written as the teams stand ("16 : 84", team A first): in a
        right-to-left language each number is isolated, so that the first team's number stands
        on the right, where that team's column is (issue 33: "16 : 84" read the other way)."""
        text = self.number(value)
        return f"{_RLI}{text}{_PDI}" if self.rtl else text

    def code(self, text: str) -> str:
        """A card code or other Latin token, kept readable (left to right) inside RTL text."""
        return f"{_LRI}{text}{_PDI}" if self.rtl else text
