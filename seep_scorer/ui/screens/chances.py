"""Each side's chance of winning the next bazzi, under the scoreboard's standings (stats.md
"Ratings"). Off by default: only a device whose Settings turn it on (`setting-show-chances`) ever
shows it. The ratings are read off the event loop, once per revision of the match, and the
scoreboard is drawn again when they arrive."""

from __future__ import annotations

import asyncio
import logging
from weakref import WeakKeyDictionary

import flet as ft

from ...i18n import _
from ...rules import Team
from ...stats import player_key
from ...stats.ratings import UNRATED, chances
from ..viewmodels import off_loop
from ..viewmodels.base import STORE_FAULTS
from ..viewmodels.scoreboard import ScoreboardVM
from ..widgets import sem
from .stats_parts import percent

log = logging.getLogger(__name__)


class _Chances:
    """One match's row, kept with its view-model: its chances are those of `revision`."""

    def __init__(self) -> None:
        self.revision: int | None = None
        self.values: tuple[float, float] | None = None
        self.task: asyncio.Task | None = None  # held: a task nobody holds may be collected


_rows: WeakKeyDictionary[ScoreboardVM, _Chances] = WeakKeyDictionary()


def next_bazzi(repo, teams: tuple[Team, Team]) -> tuple[float, float]:
    """Each team's chance of winning a bazzi from the players' all-time ratings (a store call)."""
    stats = repo.statistics(None)
    ratings = {p.key[0]: p.rating for p in stats.players if p.rating is not None}
    sides = [[ratings.get(player_key(n), UNRATED) for n in team.players] for team in teams]
    return chances(*sides)


def chances_row(screen) -> list[ft.Control]:
    """What the scoreboard shows under its standings: nothing, or `scoreboard-chances`."""
    vm: ScoreboardVM = screen.vm
    settings = getattr(screen.host, "settings", None)  # this device's (the app's SettingsVM)
    if not getattr(settings, "show_chances", False) or vm.finished or not vm.uses_bazzis:
        return []
    row = _rows.setdefault(vm, _Chances())
    revision = vm.stored.revision
    if row.revision != revision and row.task is None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # drawn with no event loop (a control-tree test): nothing to wait on
            loop = None
        if loop is not None:
            fill = screen.host.handler(_fill, screen, row, revision, screen=screen)
            row.task = loop.create_task(fill())
            row.task.add_done_callback(lambda _task: setattr(row, "task", None))
    if row.values is None:
        return []
    names = vm.team_names()
    lines = [
        ft.Text(_("Chance of winning the next bazzi"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(
            [
                ft.Text(
                    f"{names[t]}: {percent(row.values[t])}",
                    weight=ft.FontWeight.BOLD,
                    expand=True,
                    text_align=ft.TextAlign.START if t == 0 else ft.TextAlign.END,
                )
                for t in (0, 1)
            ],
            spacing=8,
        ),
    ]
    return [
        sem(
            "scoreboard-chances",
            ft.Container(
                ft.Column(lines, spacing=2, tight=True),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                border_radius=12,
                padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            ),
            container=True,
        )
    ]


async def _fill(screen, row: _Chances, revision: int) -> None:
    vm: ScoreboardVM = screen.vm
    try:
        row.values = await off_loop(next_bazzi, vm.repo, vm.match.teams)
    except STORE_FAULTS:
        log.info("no chances: the ratings are not available", exc_info=True)
        row.values = None
    row.revision = revision
    screen.changed()
