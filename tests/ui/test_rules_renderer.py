"""The rules reference renders its Markdown itself (see seep_scorer/app/rules/rules.py for why not
ft.Markdown): numbered lists stay lists, with native digits in their markers too; card codes keep
Latin digits; every section keeps its semantics identifier."""

from __future__ import annotations

import flet as ft
import pytest
from harness import _walk

from seep_scorer.app.rules.rules import markdown_controls
from seep_scorer.i18n.numbers import NATIVE_DIGITS
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.reference import SECTION_IDS, load_sections

NATIVE = ("hi", "th", "sd", "as")


def _bazzi(lang: str) -> str:
    return next(s.body for s in load_sections(lang) if s.id == "bazzi")


def _list_markers(controls) -> list[str]:
    return [c.controls[0].content.value for c in controls if isinstance(c, ft.Row)]


@pytest.mark.parametrize("lang", ("en",) + NATIVE)
def test_the_numbered_list_renders_as_a_list(lang):
    with using(UILocale(lang)):
        markers = _list_markers(markdown_controls(_bazzi(lang)))
    assert markers[:2] == ["1.", "2."], (
        markers
    )  # "Minimum first", then "Otherwise": the order matters
    assert set(markers[2:]) == {"•"}


@pytest.mark.parametrize("lang", NATIVE)
def test_native_digits_reach_the_list_markers_and_the_text_but_not_card_codes(lang):
    digits = NATIVE_DIGITS[lang]
    with using(UILocale(lang, native_digits=True)):
        controls = markdown_controls(_bazzi(lang))
        scoring = markdown_controls(next(s.body for s in load_sections(lang) if s.id == "scoring"))
    assert _list_markers(controls)[:2] == [f"{digits[1]}.", f"{digits[2]}."]
    text = "".join(
        span.text
        for c in _walk(ft.Column(controls))
        if isinstance(c, ft.Text)
        for span in c.spans or []
    )
    assert any(d in text for d in digits) and not any(d in text for d in "0123456789"), text
    spans = "".join(
        span.text
        for c in _walk(ft.Column(scoring))
        if isinstance(c, ft.Text)
        for span in c.spans or []
    )
    assert "10♦" in spans  # a card code is a code, not a number


def test_every_section_keeps_its_identifier():
    screen = _rules_screen("sd")
    idents = {c.identifier for c in _walk(screen.view) if isinstance(c, ft.Semantics)}
    assert {f"rules-section-{sid}" for sid in SECTION_IDS} <= idents


def _rules_screen(lang: str):
    from seep_scorer.app.rules.rules import RulesScreen

    class StubHost:
        def handler(self, fn, *args, **kw):
            return lambda e=None: None

        async def go_top(self, route):
            pass

        def page_width(self):
            return 412

        def after_show(self, fn):
            pass

    with using(UILocale(lang)):
        return RulesScreen(StubHost()).drawn()


@pytest.mark.parametrize("lang", ("hi", "ur", "it"))
def test_the_rules_end_with_the_terms_in_the_language_beside_english(lang):
    """Issue 35: a player who learnt Seep in another language finds the words: the last block of
    the reference is the glossary, each row read out as "<word>: <English>"."""
    from seep_scorer.reference.glossary import TERMS, load_glossary

    screen = _rules_screen(lang)
    last = screen.body.controls[-1]
    assert isinstance(last, ft.Semantics) and last.identifier == "rules-terms"
    labels = [c.label for c in _walk(last) if isinstance(c, ft.Semantics) and c.label]
    words = load_glossary(lang).terms
    assert labels == [f"{words[t].word}: {t}" for t in TERMS]


def test_english_rules_have_no_table_of_terms():
    screen = _rules_screen("en")
    idents = {c.identifier for c in _walk(screen.view) if isinstance(c, ft.Semantics)}
    assert "rules-terms" not in idents
