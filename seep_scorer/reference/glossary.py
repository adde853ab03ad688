"""Seep's terms, one word each in every language (issue 35): `locales/<code>/glossary.toml`.

English's file names the terms, the English patterns that mark a text as using one, and the
English texts where a pattern matches but the term is not meant. Each other language's file gives
its word for each term (shown at the end of the rules reference), the forms a text using the term
contains (stems, so inflected words match), words it must never use for the term, and its own
exceptions with their reasons. tests/i18n/test_glossary.py holds every message and every line of
the rules reference to it. Pure Python, no Flet.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from seep_scorer import resources

__all__ = [
    "TERMS",
    "Exception_",
    "Glossary",
    "GlossaryError",
    "Term",
    "english_names",
    "english_terms",
    "load_glossary",
    "misused_terms",
    "names",
    "normalized",
    "term_table",
]

TERMS = (
    "deal",
    "round",
    "bazzi",
    "sweep",
    "table",
    "match",
    "event",
    "bye",
    "partner",
    "opponent",
    "withdraw",
    "board",
    "scoreboard",
    "organiser",
    "rating",
)


class GlossaryError(ValueError):
    """A glossary file that is malformed or misses a term."""


@dataclass(frozen=True)
class Term:
    id: str
    word: str  # shown in the rules' table of terms
    forms: tuple[str, ...]  # a text using the term contains one of these (or `re:` patterns)
    avoid: tuple[str, ...] = ()  # words never to be used for the term
    english: tuple[re.Pattern[str], ...] = ()  # English's file only


@dataclass(frozen=True)
class Exception_:
    text: str  # a message id, or the start of a line of rules.md (English)
    term: str
    reason: str


@dataclass(frozen=True)
class Glossary:
    language: str
    terms: dict[str, Term]
    exceptions: tuple[Exception_, ...]

    def excepted(self, english: str, term: str, line: bool = False) -> bool:
        """Whether an exception lets `english` differ for `term`: a message named by its id (a
        plural by its singular), a line of the rules reference by its start (`line`)."""
        return any(e.term == term and names(e.text, english, line) for e in self.exceptions)


def names(text: str, english: str, line: bool = False) -> bool:
    """Whether an exception's `text` names `english`: the message id itself, the singular of a
    plural message ("singular | plural"), or the start of a rules line."""
    return (
        english == text or english.startswith(text + " | ") or (line and english.startswith(text))
    )


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def normalized(text: str) -> str:
    """NFC and lower case: a nukta written two ways, a capital, compare equal."""
    return unicodedata.normalize("NFC", text).casefold()


def _path(lang: str):
    return resources.LOCALES_DIR / lang / "glossary.toml"


@lru_cache(maxsize=None)
def load_glossary(lang: str) -> Glossary:
    try:
        data = tomllib.loads(_path(lang).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise GlossaryError(f"{lang}: {err}") from None
    raw = data.get("terms", {})
    missing = [t for t in TERMS if t not in raw]
    unknown = [t for t in raw if t not in TERMS]
    if missing or unknown:
        raise GlossaryError(f"{lang}: missing terms {missing}, unknown terms {unknown}")
    terms = {}
    for tid in TERMS:
        entry = raw[tid]
        word = entry.get("word", "")
        if not word:
            raise GlossaryError(f"{lang}: {tid} has no word")
        terms[tid] = Term(
            tid,
            word,
            tuple(entry.get("forms", [word])),
            tuple(entry.get("avoid", ())),
            tuple(re.compile(p, re.IGNORECASE) for p in entry.get("english", ())),
        )
    exceptions = []
    for e in data.get("exceptions", []):
        if e.get("term") not in TERMS or not e.get("text") or not e.get("reason"):
            raise GlossaryError(f"{lang}: an exception needs text, a known term and a reason: {e}")
        exceptions.append(Exception_(e["text"], e["term"], e["reason"]))
    return Glossary(lang, terms, tuple(exceptions))


def english_terms(text: str, line: bool = False) -> set[str]:
    """The terms an English text uses, by English's patterns and exceptions; placeholders
    (`{deals}`) and heading ids (`{#deal-and-bid}`) are names, not words."""
    en = load_glossary("en")
    words = _PLACEHOLDER.sub(" ", text)
    return {
        tid
        for tid, term in en.terms.items()
        if any(p.search(words) for p in term.english) and not en.excepted(text, tid, line)
    }


def english_names(text: str) -> set[str]:
    """The terms only a placeholder's name holds (`{deals}`, `{partner}`): the translation may
    name the term around it, or leave that to the value put there."""
    en = load_glossary("en")
    names_ = " ".join(m.group(0)[1:-1].replace("_", " ") for m in _PLACEHOLDER.finditer(text))
    return {tid for tid, term in en.terms.items() if any(p.search(names_) for p in term.english)}


def term_table(lang: str) -> list[tuple[str, str]]:
    """(English word, the word in `lang`) for every term, for the end of the rules reference;
    empty for English and for a language without a glossary."""
    if lang == "en" or not _path(lang).is_file():
        return []
    en, words = load_glossary("en"), load_glossary(lang)
    return [(en.terms[t].word, words.terms[t].word) for t in TERMS]


def _has(text: str, forms: tuple[str, ...]) -> bool:
    """Whether `text` (normalized) holds one of `forms`: a stem, or a regular expression written
    `re:<pattern>` (a short word that is also part of longer ones: `re:(^|\\s)बाई`)."""
    return any(_form(f).search(text) for f in forms)


@lru_cache(maxsize=None)
def _form(form: str) -> re.Pattern[str]:
    if form.startswith("re:"):
        return re.compile(normalized(form[3:]))
    return re.compile(re.escape(normalized(form)))


def misused_terms(
    lang: str, english: str, translations: list[str], line: bool = False
) -> list[str]:
    """What a translation of `english` gets wrong about the terms (empty when nothing): a term the
    English uses whose word is missing, another term's word where the English does not use that
    term, a word the language avoids. Placeholders (`{table}`) are not words; a term only a
    placeholder names may be worded around it or not. The language's
    exceptions, and English's, let a listed text differ for a term; `line`: `english` is a line of
    the rules reference (an exception names it by its start)."""
    words = load_glossary(lang)
    used, named = english_terms(english, line), english_names(english)
    en = load_glossary("en")
    faults = []
    for translation in translations:
        text = normalized(_PLACEHOLDER.sub(" ", translation))
        rest = text
        for tid in used:
            term = words.terms[tid]
            if words.excepted(english, tid, line):
                continue
            if not _has(text, term.forms):
                faults.append(f"{tid}: none of {list(term.forms)}")
            for form in term.forms:  # what the used terms' words take is not another term's
                rest = _form(form).sub(" ", rest)
        for tid, term in words.terms.items():
            if tid in used or tid in named:
                continue
            if words.excepted(english, tid, line) or en.excepted(english, tid, line):
                continue
            if _has(rest, term.forms):
                faults.append(f"{tid}: {term.word!r} where the English has no {tid}")
        for tid, term in words.terms.items():
            if not term.avoid or not _has(text, term.avoid):
                continue
            if not (words.excepted(english, tid, line) or en.excepted(english, tid, line)):
                faults.append(f"{tid}: an avoided word of {list(term.avoid)}")
    return sorted(set(faults))
