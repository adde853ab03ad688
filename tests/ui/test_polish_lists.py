"""Issue 11, items 8 and 9 (off the scoreboard): the matches list shows each finished match's result
and its date as the language's medium date; Settings shows nothing about the server's folders and
lays the languages over the full width; every delete button in the list names its match."""

import datetime as dt

import flet as ft
import pytest
from harness import _walk
from memrepo import MemoryRepository

from seep_scorer.app.matches.home import MatchesScreen
from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.settings.settings import SettingsScreen
from seep_scorer.app.settings.settings_model import SettingsVM
from seep_scorer.app.shell.app import App
from seep_scorer.i18n.numbers import LocaleFormat
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import Deal, Match, MatchFormat, Team


class StubPage:
    width = 412
    route = "/"

    def __init__(self):
        self.views = []

    def update(self):
        pass


TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))


@pytest.mark.parametrize(
    "lang, digits, expected",
    [
        ("en", False, "1 Dec 2026"),
        ("it", False, "1 dic 2026"),
        ("hi", True, "१ दिस॰ २०२६"),
        ("th", True, "๑ ธ.ค. ๒๐๒๖"),
    ],
)
def test_the_medium_date_names_the_month(lang, digits, expected):
    f = LocaleFormat(lang, digits)
    assert f.medium_date(dt.datetime(2026, 12, 1, 23, 30)) == expected
    assert f.medium_date("2026-12-01T10:00:00") == expected
    assert f.medium_date(dt.date(2026, 12, 1)) == expected


def texts_of(control) -> str:
    return " ".join(c.value for c in _walk(control) if isinstance(c, ft.Text) and c.value)


def test_rows_show_the_result_and_a_medium_date():
    repo = MemoryRepository()
    won = repo.create(
        Match(format=MatchFormat("bazzis", 1), teams=TEAMS, deals=(Deal(points=(95, 5)),))
    )
    repo.create(Match(teams=TEAMS, deals=(Deal(points=(60, 40)),)))
    screen = MatchesScreen(App(StubPage(), repo), MatchesVM(repo)).drawn()
    row = next(
        c
        for c in _walk(screen.view)
        if isinstance(c, ft.Semantics) and c.identifier == f"match-{won.id}"
    )
    text = texts_of(row)
    stamp = dt.datetime.fromisoformat(won.updated.replace("Z", "+00:00")).astimezone()
    assert "Sharmas won" in text and f"{stamp.day} {stamp.strftime('%b')} {stamp.year}" in text
    assert ":" not in text.split("won, ")[1]  # a day, no time of day
    deletes = [
        c.content.icon.semantics_label
        for c in _walk(screen.view)
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("delete-match-")
    ]
    assert len(deletes) == 2 and len(set(deletes)) == 2
    assert all(d.startswith("Delete the match Sharmas vs Vermas (") for d in deletes)


def test_settings_show_nothing_about_the_servers_folders(tmp_path):
    repo = MemoryRepository()
    repo.data_dir = tmp_path / "secret-folder"
    vm = SettingsVM(repo, {})
    screen = SettingsScreen(App(StubPage(), repo), vm).drawn()
    shown = texts_of(screen.view)
    assert "secret-folder" not in shown and "Data folder" not in shown


def test_the_language_grid_uses_the_full_width():
    repo = MemoryRepository()
    screen = SettingsScreen(App(StubPage(), repo), SettingsVM(repo, {})).drawn()
    grid = next(
        c for c in _walk(screen.view) if isinstance(c, ft.Semantics) and c.identifier == "language"
    ).content
    assert isinstance(grid, ft.ResponsiveRow)
    for chip in grid.controls:
        assert chip.col == {"xs": 6, "sm": 4} and chip.content.width is None
    with using(UILocale("en")):
        names = [c.identifier for c in grid.controls]
    assert names[0] == "language-en"
