"""A restore's message shows on the settings screen on top, even when the tap that started the
restore reached a settings screen that was rebuilt meanwhile: tapping "Settings" in the navigation
bar while on the settings builds a new one, and a quick tap on "Restore from a file" can still
land on the old one's button (seen in the phone-only app, where the new frame comes late). The
restore happened, so its message (and its Undo) must not vanish with the old screen."""

import asyncio
from types import SimpleNamespace

import flet as ft
import pytest
from harness import Phone

from seep_scorer.app.shell.app import make_main
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
from seep_scorer.store.registry import close_all, open_repository


@pytest.fixture(autouse=True)
def _english_and_closed():
    with using(UILocale("en")):
        yield
    close_all()


def test_the_message_of_a_restore_begun_on_a_rebuilt_settings_screen_shows(tmp_path):
    source = open_repository(tmp_path / "old", fresh=True)
    m = Match(
        PRESETS["standard"],
        MatchFormat("open", None),
        (Team("Reds", ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
        0,
        (),
    )
    source.create(m.with_deals([Deal(points=(60, 40))]))
    data = source.export_backup_text().encode("utf-8")
    table = open_repository(tmp_path / "table", fresh=True)

    async def go():
        phone = await Phone(make_main(lambda: table), storage={"seep_scorer.language": "en"}).start(
            "/settings"
        )
        app = phone.page.on_route_change.__self__
        old = app.screens["/settings"].backup
        await phone.tap("nav-settings")  # on the settings already: a new settings screen
        assert app.screens["/settings"].backup is not old
        # the tap on "Restore from a file" that reached the old screen's button
        old._picking()
        picked = ft.FilePickerFile(id=0, name="b.jsonl", size=len(data), bytes=data)
        await old._picked(SimpleNamespace(files=[picked]))
        await phone.settle()
        await phone.tap("restore-confirm")
        assert len(table.list_matches()) == 1
        assert phone.text("notice").startswith("1 match added from b.jsonl.")
        await phone.tap("notice-action")  # its Undo works from the screen on top
        assert table.list_matches() == []
        assert phone.text("notice") == "The restore is undone: 1 match removed."

    asyncio.run(go())
