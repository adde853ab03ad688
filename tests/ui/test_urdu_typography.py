"""Issue 22 items 6 and 7 without a browser: Urdu is set in Noto Nastaliq Urdu with the line
heights it needs, the page's locale follows the language, and the fixed heights laid out for Latin
lines (the scoreboard's title and buttons, the card tiles) grow for Nastaliq's taller lines."""

import asyncio

import flet as ft
from harness import Phone, _walk

from seep_scorer import resources
from seep_scorer.app.shell import theme
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.scoreboard import fit_title
from seep_scorer.i18n import translate as i18n
from seep_scorer.rules import Match, MatchFormat, Team

ASSETS = resources.ASSETS_DIR
TEAMS = (Team("ٹیم الف", ("A", "C")), Team("ٹیم ب", ("B", "D")))


def test_urdu_puts_nastaliq_first_and_sindhi_keeps_naskh():
    assert (ASSETS / theme.FONTS["Noto Nastaliq Urdu"]).stat().st_size > 500_000
    urdu = theme.make_theme("light", "ur").text_theme.body_medium
    assert urdu.font_family_fallback[0] == "Noto Nastaliq Urdu" and urdu.height == 2.0
    assert theme.make_theme("light", "ur").text_theme.label_large.height == 1.7
    sindhi = theme.make_theme("light", "sd").text_theme.body_medium
    assert "Noto Nastaliq Urdu" not in sindhi.font_family_fallback and sindhi.height is None


def test_the_page_locale_is_the_language_flutter_knows_or_english():
    assert theme.locale_configuration("ur").current_locale.language_code == "ur"
    assert theme.locale_configuration("pa").current_locale.language_code == "pa"
    # Flutter has no Material strings for Sindhi: English keeps its widgets whole
    assert theme.locale_configuration("sd").current_locale.language_code == "en"


def heights(phone, ident):
    return [c.height for c in _walk(phone.find(ident)) if getattr(c, "height", None)]


def test_switching_to_urdu_sets_nastaliq_the_locale_and_taller_buttons_and_tiles(repo):
    async def go():
        mid = repo.create(
            Match(teams=TEAMS, format=MatchFormat("bazzis", 3), first_dealer=0, deals=())
        ).id
        phone = await Phone(make_main(lambda: repo)).start("/settings")
        assert phone.page.locale_configuration.current_locale.language_code == "en"
        await phone.tap("language-ur")
        page = phone.page
        assert page.locale_configuration.current_locale.language_code == "ur"
        assert page.theme.text_theme.body_medium.font_family_fallback[0] == "Noto Nastaliq Urdu"
        assert page.dark_theme.text_theme.body_medium.font_family_fallback[0] == (
            "Noto Nastaliq Urdu"
        )
        await phone.tap("nav-matches")
        await phone.tap(f"match-{mid}")
        urdu_button = max(heights(phone, "record-deal"))
        await phone.tap("record-deal")
        urdu_tile = max(heights(phone, "card-KS"))
        # the same in English
        english = await Phone(
            make_main(lambda: repo), storage={"seep_scorer.language": "en"}
        ).start(f"/match/{mid}")
        english_button = max(heights(english, "record-deal"))
        await english.tap("record-deal")
        english_tile = max(heights(english, "card-KS"))
        assert (english_button, english_tile) == (52, 52)
        # two label lines of 1.7 em instead of 1.36 em
        assert urdu_button >= 52 * 1.7 / 1.362 - 1 and urdu_tile >= 52 * 1.7 / 1.362 - 1

    asyncio.run(go())


def bar(title):
    return ft.AppBar(title=ft.Text(title))


def test_an_urdu_title_gets_a_bar_as_tall_as_its_nastaliq_lines():
    """At 22 px "ٹیم الف بمقابلہ ٹیم ب" wrapped into a second line that the 56-pixel bar cut off:
    it takes the size that keeps it on one line; a long title gets the lines of 1.9 em it needs."""
    with i18n.using(i18n.UILocale("ur")):
        short = bar("ٹیم الف بمقابلہ ٹیم ب")
        fit_title(short)
        assert short.title.size == 16 and short.title.max_lines == 1
        assert short.toolbar_height >= 16 * 1.9 + 16
        long = bar("شرما خاندان لکھنؤ والے بمقابلہ ورما خاندان پرانی دلی والے")
        fit_title(long)
        lines = long.title.max_lines
        assert lines >= 2 and long.toolbar_height >= lines * long.title.size * 1.9 + 16
    with i18n.using(i18n.UILocale("en")):
        english = bar("Team A vs Team B")
        fit_title(english)
        assert english.toolbar_height is None and english.title.size is None
