"""The statistics screen: a period, the totals, the ranking by rating, win rate per partnership as
a chart, and the tables of players and partnerships (sortable by matches and by win rate); a
player's row opens their page."""

from __future__ import annotations

import flet as ft

from ...i18n import N_, _
from ...stats import Figures
from ..host import Host
from ..viewmodels import StatsVM, off_loop
from ..viewmodels.stats import Meeting, player_slug, team_names
from ..widgets import TAP, notice, section_title, sem, tile
from .base import Screen
from .stats_parts import (
    num,
    pair_name,
    partnership_chart,
    percent,
    period_chips,
    played_as_text,
    record_text,
)
from .stats_ratings import ranking_section

MATCHES_WIDTH, RATE_WIDTH = 72, 84  # the figure columns of both tables


SORT_LABELS = {
    ("players", "matches"): N_("Sort the players by matches played"),
    ("players", "win_rate"): N_("Sort the players by win rate"),
    ("partnerships", "matches"): N_("Sort the partnerships by matches played"),
    ("partnerships", "win_rate"): N_("Sort the partnerships by win rate"),
}


class StatsScreen(Screen):
    route = "/stats"
    nav_route = "/stats"

    def __init__(self, host: Host, vm: StatsVM):
        self.vm = vm
        super().__init__(host)

    def title(self) -> str:
        return _("Statistics")

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        items: list[ft.Control] = [notice(vm.message, error=True)] if vm.message else []
        if not vm.loaded:
            self.body.controls = items
            return
        if vm.empty and vm.period == "all":
            items.append(
                ft.Text(
                    _("No statistics yet. Record a deal in a match and the figures appear here."),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        else:
            items.append(period_chips("stats-period", vm.period, self._period_handler))
            items.append(self._totals())
            if vm.empty:
                items.append(
                    ft.Text(_("No matches in this period."), color=ft.Colors.ON_SURFACE_VARIANT)
                )
            else:
                ranking = vm.ranking()
                if ranking:
                    items.append(ranking_section(ranking, self._open_player))
                chart = vm.chart()
                if chart:
                    items += [section_title(_("Win rate by partnership")), partnership_chart(chart)]
                items += [
                    self._table("players", _("Players"), _("Player"), vm.players),
                    self._table(
                        "partnerships", _("Partnerships"), _("Partnership"), vm.partnerships
                    ),
                ]
                meetings = vm.head_to_head()
                if meetings:
                    items.append(
                        sem(
                            "stats-head-to-head",
                            ft.Column(
                                [
                                    section_title(_("Head to head")),
                                    *(self._meeting(n, m) for n, m in enumerate(meetings, start=1)),
                                ],
                                spacing=4,
                            ),
                            container=True,
                        )
                    )
        self.body.controls = [sem("stats", ft.Column(items, spacing=12), container=True)]

    def _open_player(self, slug: str):
        return self.host.handler(self.host.go, f"/stats/player/{slug}")

    def _period_handler(self, period: str):
        return self.host.handler(self._set_period, period, screen=self)

    async def _set_period(self, period: str) -> None:
        await off_loop(self.vm.set_period, period)
        self.changed()

    def _sort(self, table: str, column: str) -> None:
        self.vm.sort_by(table, column)
        self.changed()

    def _totals(self) -> ft.Control:
        vm = self.vm
        cells = [
            ("stats-matches", _("Matches"), vm.matches),
            ("stats-finished", _("Finished"), vm.finished),
            ("stats-deals", _("Deals"), vm.deals),
        ]
        return ft.Row(
            [
                sem(
                    ident,
                    ft.Container(
                        ft.Column(
                            [
                                ft.Text(
                                    label,
                                    size=12,
                                    color=ft.Colors.ON_SURFACE_VARIANT,
                                    max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                ),
                                ft.Text(num(n), size=20, weight=ft.FontWeight.BOLD),
                            ],
                            spacing=0,
                            tight=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        border_radius=12,
                        padding=8,
                        alignment=ft.Alignment.CENTER,
                    ),
                    container=True,
                    expand=True,
                )
                for ident, label, n in cells
            ],
            spacing=6,
        )

    def _header(self, table: str, first: str) -> ft.Control:
        column, descending = self.vm.sort[table]
        cells: list[ft.Control] = [ft.Text(first, size=12, weight=ft.FontWeight.BOLD, expand=True)]
        for name, label, width in (
            ("matches", _("Matches"), MATCHES_WIDTH),
            ("win_rate", _("Win rate"), RATE_WIDTH),
        ):
            active = name == column
            arrow = (
                [
                    ft.Icon(
                        ft.Icons.ARROW_DOWNWARD if descending else ft.Icons.ARROW_UPWARD,
                        size=14,
                        color=ft.Colors.PRIMARY,
                    )
                ]
                if active
                else []
            )
            # its own name, saying what it does to which table (both tables have the same headings)
            content = ft.Row(
                [
                    ft.Text(
                        label,
                        size=12,
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.END,
                        color=ft.Colors.PRIMARY if active else None,
                        max_lines=2,
                        semantics_label=_(SORT_LABELS[table, name]),
                    ),
                    *arrow,
                ],
                spacing=2,
                tight=True,
                alignment=ft.MainAxisAlignment.END,
            )
            value = (_("highest first") if descending else _("lowest first")) if active else None
            cells.append(
                tile(
                    f"stats-{table}-sort-{name.replace('_', '-')}",
                    content,
                    self.host.handler(self._sort, table, name),
                    width=width,
                    height=TAP,
                    padding=ft.Padding.symmetric(horizontal=4),
                    selected=active,
                    value=value,
                    alignment=ft.Alignment.CENTER_RIGHT,
                )
            )
        return ft.Row(cells, spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def _table(self, table: str, title: str, first: str, rows: list[Figures]) -> ft.Control:
        lines: list[ft.Control] = [section_title(title), self._header(table, first)]
        for n, f in enumerate(rows, start=1):
            name = f.names[0] if table == "players" else pair_name(f.names)
            column: list[ft.Control] = [
                ft.Text(
                    name, weight=ft.FontWeight.BOLD, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS
                )
            ]
            teams = team_names(f) if table == "partnerships" else ()
            if teams:
                column.append(
                    ft.Text(
                        played_as_text(teams),
                        size=12,
                        max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    )
                )
            column.append(
                ft.Text(
                    record_text(f.wins, f.losses, f.draws),
                    size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
            cells = ft.Row(
                [
                    ft.Column(column, spacing=0, tight=True, expand=True),
                    ft.Text(num(f.matches), width=MATCHES_WIDTH - 8, text_align=ft.TextAlign.END),
                    ft.Text(
                        percent(f.win_rate),
                        width=RATE_WIDTH - 8,
                        text_align=ft.TextAlign.END,
                        weight=ft.FontWeight.BOLD,
                    ),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
            pad = ft.Padding.symmetric(horizontal=8, vertical=6)
            if table == "players":
                lines.append(
                    tile(
                        f"player-{n}",
                        cells,
                        self.host.handler(self.host.go, self._player_route(f)),
                        height=None,
                        padding=pad,
                        alignment=ft.Alignment.CENTER_LEFT,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                    )
                )
            else:
                lines.append(
                    sem(
                        f"partnership-{n}",
                        ft.Container(
                            cells,
                            padding=pad,
                            border_radius=12,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        ),
                        container=True,
                    )
                )
        return sem(f"stats-{table}", ft.Column(lines, spacing=4), container=True)

    @staticmethod
    def _meeting(n: int, m: Meeting) -> ft.Control:
        """`h2h-<n>`: two partnerships, the one with more wins first, and its record against the
        other."""
        return sem(
            f"h2h-{n}",
            ft.Container(
                ft.Row(
                    [
                        ft.Column(
                            [
                                ft.Text(
                                    _("{team0} vs {team1}").format(
                                        team0=pair_name(m.first), team1=pair_name(m.second)
                                    ),
                                    weight=ft.FontWeight.BOLD,
                                    max_lines=3,
                                ),
                                ft.Text(
                                    record_text(m.wins, m.losses, m.draws),
                                    size=12,
                                    color=ft.Colors.ON_SURFACE_VARIANT,
                                ),
                            ],
                            spacing=0,
                            tight=True,
                            expand=True,
                        ),
                        ft.Text(_("{count} played").format(count=num(m.matches)), size=12),
                    ],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            ),
            container=True,
        )

    @staticmethod
    def _player_route(f: Figures) -> str:
        return f"/stats/player/{player_slug(f.key[0])}"
