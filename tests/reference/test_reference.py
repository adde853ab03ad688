"""The rules reference: every language complete, numbers filled from the presets."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import seep_scorer.reference as ref
from seep_scorer.reference import (
    LANGUAGES,
    SECTION_IDS,
    RulesTextError,
    Section,
    fill,
    load_sections,
    parse_sections,
    placeholder_values,
    render_sections,
    rules_path,
)
from seep_scorer.rules import DEFAULT_MATCH, PRESETS, MatchFormat
from seep_scorer.rules.cards import standard_values


@pytest.fixture(autouse=True)
def _fresh_cache():
    ref.clear_cache()
    yield
    ref.clear_cache()


def raw(lang: str) -> str:
    return rules_path(lang).read_text(encoding="utf-8")


def by_id(lang: str) -> dict[str, Section]:
    return {s.id: s for s in load_sections(lang)}


def has_number(text: str, value: object) -> bool:
    return re.search(rf"(?<!\d){re.escape(str(value))}(?!\d)", text) is not None


def test_constants():
    assert SECTION_IDS == (
        "overview",
        "deal-and-bid",
        "play",
        "houses",
        "cemented-houses",
        "end-of-deal",
        "scoring",
        "bazzi",
        "variants",
    )
    assert LANGUAGES == ("en", "hi", "sq", "th", "sd", "as", "it", "pa", "ur")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_section_in_order(lang):
    sections = load_sections(lang)
    assert tuple(s.id for s in sections) == SECTION_IDS
    for s in sections:
        assert isinstance(s, Section)
        assert s.title.strip() and s.body.strip(), s.id
        assert "\n## " not in "\n" + s.body and "{#" not in s.title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_known_and_filled(lang):
    text = raw(lang)
    known = placeholder_values()
    used = re.findall(r"\{([^{}#]*)\}", text)
    assert used, "the text should take its numbers from the presets"
    assert sorted(set(used) - set(known)) == []
    for s in load_sections(lang):
        assert "{" not in s.title + s.body and "}" not in s.title + s.body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_markdown_only(lang):
    text = raw(lang)
    assert "<" not in text and "](" not in text and "![" not in text
    assert text.count("**") % 2 == 0
    for line in text.splitlines():
        assert not line.startswith(("* ", "+ ", "# ", "### ")), line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_scoring_states_the_standard_numbers(lang):
    std = PRESETS["standard"]
    raw_scoring = dict((i, b) for i, _, b in parse_sections(raw(lang)))["scoring"]
    scoring = by_id(lang)["scoring"].body
    for name, value in [
        ("card_total", std.card_total),
        ("ten_of_diamonds", std.card_values["10D"]),
        ("sweep_normal", std.sweep_normal),
        ("sweep_opening", std.sweep_opening),
        ("sweep_last", std.sweep_last),
        ("minimum", std.minimum),
    ]:
        assert "{standard.%s}" % name in raw_scoring, name
        assert has_number(scoring, value), name
    assert "10♦" in scoring


@pytest.mark.parametrize("lang", LANGUAGES)
def test_variants_state_the_race500_numbers(lang):
    race = PRESETS["race500"]
    raw_variants = dict((i, b) for i, _, b in parse_sections(raw(lang)))["variants"]
    variants = by_id(lang)["variants"].body
    for name, value in [
        ("ten_of_diamonds", race.card_values["10D"]),
        ("card_total", race.card_total),
        ("most_cards_bonus", race.most_cards_bonus),
        ("most_cards_tie_bonus", race.most_cards_tie_bonus),
        ("target", DEFAULT_MATCH["race500"].count),
    ]:
        assert "{race500.%s}" % name in raw_variants, name
        assert has_number(variants, value), name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_engine_number_typed_by_hand(lang):
    # Numbers the engine owns must not appear outside placeholders.
    bare = re.sub(r"\{[^{}]*\}", " ", raw(lang))
    for value in ("100", "91", "96", "50", "25", "500"):
        assert not has_number(bare, value), value


def test_changing_a_preset_changes_the_text(monkeypatch):
    std = PRESETS["standard"]
    monkeypatch.setitem(
        PRESETS,
        "standard",
        replace(
            std,
            card_values=standard_values(7),
            sweep_normal=77,
            sweep_opening=33,
            minimum=11,
            lead_target=150,
        ),
    )
    monkeypatch.setitem(PRESETS, "race500", replace(PRESETS["race500"], most_cards_bonus=8))
    monkeypatch.setitem(DEFAULT_MATCH, "race500", MatchFormat("target", 750))
    ref.clear_cache()
    for lang in LANGUAGES:
        s = by_id(lang)
        for value in (77, 33, 11, 101, 7):  # 101 = card total with 10♦ = 7
            assert has_number(s["scoring"].body, value), (lang, value)
        assert not has_number(s["scoring"].body, 50), lang
        assert has_number(s["bazzi"].body, 150), lang
        assert has_number(s["variants"].body, 750) and has_number(s["variants"].body, 8), lang


def test_render_with_a_modified_preset():
    text = (
        "## Scoring {#scoring}\n\n"
        "A seep is worth {standard.sweep_normal}; race to {race500.target}.\n"
    )
    presets = dict(PRESETS, standard=replace(PRESETS["standard"], sweep_normal=60))
    matches = dict(DEFAULT_MATCH, race500=MatchFormat("target", 300))
    [section] = render_sections(text, presets, matches)
    assert section == Section("scoring", "Scoring", "A seep is worth 60; race to 300.")
    [section] = render_sections(text)
    assert section.body == "A seep is worth 50; race to 500."


def test_unknown_or_broken_placeholders_are_errors():
    values = placeholder_values()
    with pytest.raises(RulesTextError):
        fill("{standard.no_such_value}", values)
    with pytest.raises(RulesTextError):
        fill("{nopreset.sweep_normal}", values)
    with pytest.raises(RulesTextError):
        fill("{race500.minimum}", values)  # race to 500 has no minimum
    with pytest.raises(RulesTextError):
        fill("a stray { brace", values)
    with pytest.raises(RulesTextError):
        parse_sections("## No id here\n\ntext\n")
    with pytest.raises(RulesTextError):
        parse_sections("text before\n## Title {#overview}\n")


def test_unknown_language_falls_back_to_english():
    assert load_sections("xx") == load_sections("en")
    assert load_sections() == load_sections("en")


def test_cached_and_independent_of_working_directory(tmp_path, monkeypatch):
    first = load_sections("hi")
    first.clear()  # callers get their own list
    monkeypatch.chdir(tmp_path)
    ref.clear_cache()
    assert len(load_sections("hi")) == len(SECTION_IDS)
    assert load_sections("hi") == load_sections("hi")


SCRIPTS = {
    "hi": [(0x0900, 0x097F)],
    "th": [(0x0E00, 0x0E7F)],
    "sd": [
        (0x0600, 0x06FF),
        (0x0750, 0x077F),
        (0x08A0, 0x08FF),
        (0xFB50, 0xFDFF),
        (0xFE70, 0xFEFF),
    ],
    "as": [(0x0980, 0x09FF)],
    "en": [(0x41, 0x5A), (0x61, 0x7A), (0xC0, 0x24F)],
    "sq": [(0x41, 0x5A), (0x61, 0x7A), (0xC0, 0x24F)],
    "it": [(0x41, 0x5A), (0x61, 0x7A), (0xC0, 0x24F)],
    "pa": [(0x0A00, 0x0A7F)],  # Gurmukhi
    "ur": [
        (0x0600, 0x06FF),
        (0x0750, 0x077F),
        (0x08A0, 0x08FF),
        (0xFB50, 0xFDFF),
        (0xFE70, 0xFEFF),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_written_in_its_own_script(lang):
    text = " ".join(s.title + " " + s.body for s in load_sections(lang))
    letters = [c for c in text if c.isalpha()]
    inside = sum(any(lo <= ord(c) <= hi for lo, hi in SCRIPTS[lang]) for c in letters)
    assert len(letters) > 1000
    assert inside / len(letters) >= 0.9, (lang, inside / len(letters))
    if lang == "as":
        assert "ৰ" in text or "ৱ" in text
        assert "\u09b0" not in text  # Bengali ra: Assamese writes ৰ
