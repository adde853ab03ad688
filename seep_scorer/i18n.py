"""Translations: `_()` and `ngettext()` for every user-visible string.

Source strings are English. Catalogs live in the top-level `locales/` folder
(`locales/<code>/LC_MESSAGES/messages.po`), found from the package location,
never the working directory. `.po` files are compiled in memory when first
used, so a compiled `.mo` can never be stale. A language without a catalog
falls back to the source strings.

Never build a sentence from fragments: translate whole sentences with named
placeholders, `_("{team} leads by {points}").format(team=..., points=...)`.
"""

from __future__ import annotations

import gettext
import io
import threading
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
LOCALES_DIR = PACKAGE_DIR.parent / "locales"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"

# Languages the app offers, with their names in their own language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "hi": "हिन्दी",
    "sq": "Shqip",
    "th": "ไทย",
    "sd": "سنڌي",
    "as": "অসমীয়া",
    "it": "Italiano",
}
RTL_LANGUAGES = frozenset({"sd"})

_lock = threading.Lock()
_cache: dict[str, gettext.NullTranslations] = {}
_current: gettext.NullTranslations = gettext.NullTranslations()
_current_code = SOURCE_LANGUAGE


def _load(code: str) -> gettext.NullTranslations:
    with _lock:
        if code in _cache:
            return _cache[code]
        translations: gettext.NullTranslations = gettext.NullTranslations()
        po = LOCALES_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.is_file():
            try:
                from babel.messages.mofile import write_mo
                from babel.messages.pofile import read_po

                with po.open("rb") as fh:
                    catalog = read_po(fh, locale=code)
                buf = io.BytesIO()
                write_mo(buf, catalog)
                buf.seek(0)
                translations = gettext.GNUTranslations(buf)
            except Exception:  # a broken catalog must never break the app: fall back to English
                translations = gettext.NullTranslations()
        _cache[code] = translations
        return translations


def set_language(code: str | None) -> str:
    """Switch the current language; unknown codes fall back to English. Returns the code in use."""
    global _current, _current_code
    code = code if code in LANGUAGES else SOURCE_LANGUAGE
    _current = _load(code)
    _current_code = code
    return code


def current_language() -> str:
    return _current_code


def is_rtl(code: str | None = None) -> bool:
    return (code or _current_code) in RTL_LANGUAGES


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message
