"""Translations: `_()` and `ngettext()` for every user-visible string, in the session's language.

Source strings are English. Catalogs live in the top-level `locales/` folder
(`locales/<code>/LC_MESSAGES/messages.po`; an installed wheel carries them compiled
inside the package), found from the package location (`resources.py`), never the
working directory. `.po` files are compiled in memory when first
used, so a compiled `.mo` can never be stale. A language without a catalog
falls back to the source strings.

Several phones share one server, each in its own language. `_()` resolves the
language of the *current session*, in this order:

1. a locale made current explicitly with `using(locale)` (scoped, always reset
   on exit: pubsub callbacks run in the sending session's context, so they use it);
2. the locale bound to the current Flet page (`bind_page`): Flet sets its own
   page context at every entry point of a session (main, every event handler,
   route changes), so handlers need nothing;
3. the process default (`set_language`), used by the command line and tests.

Never build a sentence from fragments: translate whole sentences with named
placeholders, `_("{team} leads by {points}").format(team=..., points=...)`.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
import threading
import weakref
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from seep_scorer.i18n.numbers import LANGUAGES as LANGUAGE_CODES
from seep_scorer.i18n.numbers import RTL_LANGUAGES, LocaleFormat
from seep_scorer.resources import LOCALES_DIR as _LOCALES_DIR

LOCALES_DIR = _LOCALES_DIR  # the installed package's, else the checkout's
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"

# Languages the app offers, with their names in their own language (never translated).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "hi": "हिन्दी",
    "sq": "Shqip",
    "th": "ไทย",
    "sd": "سنڌي",
    "as": "অসমীয়া",
    "it": "Italiano",
    "pa": "ਪੰਜਾਬੀ",
    "ur": "اردو",
}
assert tuple(LANGUAGES) == LANGUAGE_CODES  # one list of languages: locale_format's

_lock = threading.Lock()
_cache: dict[str, gettext.NullTranslations] = {}


def compile_catalog(po: Path, code: str) -> bytes:
    """The .mo bytes of a .po catalog (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=code)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _load(code: str) -> gettext.NullTranslations:
    with _lock:
        if code in _cache:
            return _cache[code]
        translations: gettext.NullTranslations = gettext.NullTranslations()
        po = LOCALES_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        # The .po when there is one (never stale); the published app ships only the .mo that publish
        # compiled from it, sparing the phone Babel's catalog reader at every start.
        mo = po.with_suffix(".mo")
        if po.is_file() or mo.is_file():
            try:
                data = compile_catalog(po, code) if po.is_file() else mo.read_bytes()
                translations = gettext.GNUTranslations(io.BytesIO(data))
            except Exception:  # a broken catalog must never break the app: fall back to English
                translations = gettext.NullTranslations()
        _cache[code] = translations
        return translations


def normalize(code: str | None) -> str:
    return code if code in LANGUAGES else SOURCE_LANGUAGE


@dataclass
class UILocale:
    """One session's language and digit choice (mutable: the settings screen changes it)."""

    language: str = SOURCE_LANGUAGE
    native_digits: bool | str = (
        False  # a digits choice (locale_format.DIGIT_CHOICES); True means "native"
    )

    def __post_init__(self) -> None:
        self.language = normalize(self.language)

    @property
    def translations(self) -> gettext.NullTranslations:
        return _load(self.language)

    @property
    def rtl(self) -> bool:
        return self.language in RTL_LANGUAGES

    @property
    def fmt(self) -> LocaleFormat:
        return LocaleFormat(self.language, self.native_digits)


_default = UILocale()
# The browser's Accept-Language header, set by the web server for the session's connection
# (seep_scorer.server.app); `main(page)` runs in a task copied from that connection's context.
client_accept_language: ContextVar[str | None] = ContextVar(
    "seep_scorer_accept_language", default=None
)
_explicit: ContextVar[UILocale | None] = ContextVar("seep_scorer_locale", default=None)
_pages: dict[int, UILocale] = {}


def bind_page(page, locale: UILocale) -> None:
    """Every later `_()` in this page's session (found through Flet's page context) uses
    `locale`."""
    key = id(page)
    if key not in _pages:
        weakref.finalize(page, _pages.pop, key, None)
    _pages[key] = locale


@contextlib.contextmanager
def using(locale: UILocale) -> Iterator[UILocale]:
    token = _explicit.set(locale)
    try:
        yield locale
    finally:
        _explicit.reset(token)


def _flet_page():
    """The Flet page whose session is running this code, if any (`ft.context.page`)."""
    import sys

    flet = sys.modules.get("flet")  # not loaded (the command line): no sessions, and none loaded
    if flet is None:
        return None
    try:
        return flet.context.page
    except RuntimeError:  # not inside a session
        return None


def current() -> UILocale:
    loc = _explicit.get()
    if loc is not None:
        return loc
    page = _flet_page()
    if page is not None:
        loc = _pages.get(id(page))
        if loc is not None:
            return loc
    return _default


def set_language(code: str | None) -> str:
    """Set the process default language (no session bound); unknown codes fall back to English."""
    _default.language = normalize(code)
    return _default.language


def current_language() -> str:
    return current().language


def fmt() -> LocaleFormat:
    """How the current session writes numbers and dates."""
    return current().fmt


def is_rtl(code: str | None = None) -> bool:
    return (code or current().language) in RTL_LANGUAGES


def _(message: str) -> str:
    return current().translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return current().translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and its plural for extraction (as ngettext's), not translating them now."""
    return singular, plural


def match_language(preferences: list[str] | str | None) -> str | None:
    """The first of the app's languages in a preference list (an Accept-Language header or
    language tags such as 'hi-IN'); None when none of them is there."""
    if not preferences:
        return None
    if isinstance(preferences, str):
        items = []
        for i, part in enumerate(preferences.split(",")):
            tag, _sep, params = part.strip().partition(";")
            q = 1.0
            for p in params.split(";"):
                k, _eq, v = p.strip().partition("=")
                if k == "q":
                    try:
                        q = float(v)
                    except ValueError:
                        q = 0.0
            if tag and q > 0:
                items.append((-q, i, tag))
        preferences = [tag for _q, _i, tag in sorted(items)]
    for tag in preferences:
        parts = tag.strip().replace("_", "-").lower().split("-")
        base = parts[0]
        if base == "pa" and ("arab" in parts[1:] or "pk" in parts[1:]):
            # Punjabi in Shahmukhi (Pakistan): its readers read the Arabic script, not Gurmukhi
            base = "ur"
        if base in LANGUAGES:
            return base
    return None


def cli_language(environ=None) -> str:
    """The language the command line speaks: the first of the app's languages that `LANGUAGE`
    lists, else the one `LC_ALL`, `LC_MESSAGES` or `LANG` (the first set) names; else English.
    (Here, not in seep_scorer.i18n.wording, so that a command picks it without loading the
    wordings.)"""
    env = os.environ if environ is None else environ

    def tags(value: str) -> list[str]:
        found = [t.split(".")[0].split("@")[0] for t in value.split(":")]
        return [t for t in found if t and t not in ("C", "POSIX")]

    chosen = match_language(tags(env.get("LANGUAGE", "")))
    if chosen:
        return chosen
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            return match_language(tags(env[var])) or "en"
    return "en"
