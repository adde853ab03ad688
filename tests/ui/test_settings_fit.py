"""Issue 33, item 11: on the settings screen the chances switch's text wraps within the screen
(in English it ran off the right edge), and the theme chips are two a row, as the languages, so
Urdu's "سسٹم کے مطابق" has room for one line (a chip of a row of four cut its second line)."""

from __future__ import annotations

import asyncio

import flet as ft
from harness import Phone

from seep_scorer.app.settings.settings import SWITCH_WIDTH
from seep_scorer.app.shell.app import make_main


def test_the_switch_text_wraps_within_the_screen_and_the_themes_are_two_a_row(repo):
    async def go():
        for width in (360, 412):
            phone = await Phone(make_main(lambda: repo), size=(width, 800)).start("/settings")
            switch = phone.find("setting-show-chances").content
            label = switch.label
            assert isinstance(label.content, ft.Text) and label.content.max_lines is None
            assert label.width + SWITCH_WIDTH <= width - 24
            themes = phone.find("theme").content
            assert isinstance(themes, ft.ResponsiveRow)
            assert all(c.col == {"xs": 6, "sm": 3} for c in themes.controls)

    asyncio.run(go())
