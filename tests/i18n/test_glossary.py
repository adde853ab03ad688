"""Every term one word (issue 35): each message of every catalog (screens, command line, errors) and
each line of every rules reference uses its language's glossary word for each term its English
uses, never another term's word, never an avoided word; listed exceptions carry their reasons."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from seep_scorer.i18n.numbers import LANGUAGES
from seep_scorer.reference import rules_path
from seep_scorer.reference.glossary import (
    TERMS,
    english_names,
    english_terms,
    load_glossary,
    misused_terms,
    names,
    term_table,
)
from seep_scorer.resources import LOCALES_DIR

OTHERS = [code for code in LANGUAGES if code != "en"]


def _messages(lang: str):
    """(English, [translations]) for each translated message of `lang`'s catalog."""
    with (LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        strings = [s for s in strings if s]
        if strings:
            yield " | ".join(ids), strings


def _report(faults: list[str]) -> str:
    return f"{len(faults)} texts misuse a term:\n" + "\n".join(faults[:60])


def test_every_language_has_every_term():
    for lang in LANGUAGES:
        glossary = load_glossary(lang)
        assert set(glossary.terms) == set(TERMS), lang
        for exception in glossary.exceptions:
            assert exception.reason.strip(), (lang, exception)
    assert all(load_glossary("en").terms[t].english for t in TERMS)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_uses_the_glossary_words(lang):
    faults = []
    for english, strings in _messages(lang):
        for fault in misused_terms(lang, english, strings):
            faults.append(f"{english[:90]!r} -> {strings[0][:90]!r}: {fault}")
    assert not faults, _report(faults)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_rules_reference_uses_the_glossary_words(lang):
    english = rules_path("en").read_text(encoding="utf-8").splitlines()
    text = rules_path(lang).read_text(encoding="utf-8").splitlines()
    assert len(text) == len(english), "the rules texts are written line for line"
    faults = []
    for n, (en_line, line) in enumerate(zip(english, text), start=1):
        for fault in misused_terms(lang, en_line, [line], line=True):
            faults.append(f"rules.md:{n} {en_line[:70]!r}: {fault}")
    assert not faults, _report(faults)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_exceptions_name_texts_that_exist(lang):
    """An exception for a text no longer there is stale: it would excuse a later text by chance."""
    with (LOCALES_DIR / "messages.pot").open("rb") as fh:
        template = read_po(fh)
    ids = {" | ".join(m.id) if isinstance(m.id, tuple) else m.id for m in template if m.id}
    lines = rules_path("en").read_text(encoding="utf-8").splitlines()
    for exception in load_glossary(lang).exceptions:
        found = any(names(exception.text, i) for i in ids) or any(
            names(exception.text, line, line=True) for line in lines
        )
        assert found, f"{lang}: exception for a text not found: {exception.text!r}"


def test_english_patterns_tell_the_term_from_the_verb():
    assert english_terms("Deal {number}") == {"deal"}
    assert english_terms("{dealer} deals next; {bidder} bids") == set()
    assert english_terms("Scoreboard") == {"scoreboard"}  # not the board
    assert english_terms("Round {round}: tables") == {"round", "table"}
    assert english_terms("{standard.sweep_normal} points") == set()  # a placeholder's name
    assert english_names("With {partner} against {opponents}") == {"partner", "opponent"}
    assert english_terms("With {partner} against {opponents}") == set()


def test_a_term_only_a_placeholder_names_may_be_worded_or_not():
    for translation in ("साथी {partner} के साथ, {opponents} के ख़िलाफ़", "{partner} के साथ"):
        assert misused_terms("hi", "With {partner} against {opponents}", [translation]) == []


def test_a_round_called_a_deal_and_a_deal_called_a_bazzi_are_caught():
    """The findings of issue 35, as the old Hindi catalog had them."""
    assert any(
        f.startswith("round:") for f in misused_terms("hi", "Round {round}", ["दौर {round}"])
    )
    deal_as_bazzi = misused_terms("hi", "It must be a list of deals.", ["यह बाज़ियों की सूची हो।"])
    assert any(f.startswith("deal:") for f in deal_as_bazzi)
    assert any(f.startswith("bazzi:") for f in deal_as_bazzi)


def test_the_rules_end_with_a_table_of_terms():
    assert term_table("en") == []
    rows = term_table("hi")
    assert [english for english, _word in rows] == list(TERMS)
    assert dict(rows)["round"] == load_glossary("hi").terms["round"].word
    for lang in OTHERS:
        assert all(word and not re.search(r"[{}]", word) for _e, word in term_table(lang))
