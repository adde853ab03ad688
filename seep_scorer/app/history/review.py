"""A match's review: the chart of the difference after each deal (totals for a cumulative match),
the tally, every deal; copy the result for a chat, download the match file and the CSV, rematch."""

from __future__ import annotations

import math

import flet as ft
import flet_charts as fch

from seep_scorer.app.history.review_model import ReviewVM
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.theme import along, chart_padding, value_axis, whole_axis
from seep_scorer.app.shell.widgets import (
    BUTTON,
    BrowserDownloads,
    Screen,
    big_button,
    copy_action,
    notice,
    num,
    section_title,
    sem,
    tall,
)
from seep_scorer.i18n.translate import _

TEAM_COLORS = (ft.Colors.BLUE_700, ft.Colors.DEEP_ORANGE_700)


class ReviewScreen(Screen):
    nav_route = ""

    def __init__(self, host: Host, vm: ReviewVM, route: str):
        self.vm = vm
        self.match_id = vm.match_id
        self.route = route
        self.from_list = route.startswith(
            "/review/"
        )  # opened from the list: no scoreboard below it
        self._downloads = BrowserDownloads()
        super().__init__(host)
        h = self.host.handler
        self.share_button = ft.FilledButton(
            content=_("Copy the result"),
            icon=ft.Icons.CONTENT_COPY,
            height=tall(BUTTON),
            expand=True,
            on_click=h(self._copied),
        )
        self.rematch_button = big_button(
            "rematch",
            _("Rematch"),
            h(self._rematch, screen=self),
            icon=ft.Icons.REPLAY,
            expand=True,
        )
        self.footer.controls = [
            ft.Row([sem("share-result", self.share_button, expand=True)], spacing=6)
        ]

    def title(self) -> str:
        names = self.vm.team_names()
        return _("{team0} vs {team1}").format(team0=names[0], team1=names[1])

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        h = self.host.handler
        self.view.appbar.title.value = self.title()
        items: list[ft.Control] = []
        if vm.message:
            items.append(notice(vm.message, on_close=h(self._dismiss), error=vm.gone))
        items.append(
            sem(
                "review-result",
                ft.Container(
                    ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.EMOJI_EVENTS if vm.finished else ft.Icons.PENDING,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                            ),
                            ft.Text(
                                vm.result_text(),
                                weight=ft.FontWeight.BOLD,
                                expand=True,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                            ),
                        ]
                    ),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    padding=12,
                    border_radius=12,
                ),
            )
        )
        items.append(self._tally())
        items.append(
            section_title(
                _("Difference after each deal") if vm.uses_bazzis else _("Totals after each deal")
            )
        )
        items.append(
            sem(
                "review-chart",
                ft.Container(build_chart(vm), height=240, padding=chart_padding(top=0)),
                label=vm.chart_summary(),
                container=True,
            )
        )
        items.append(self._legend())
        actions = [
            big_button(
                "export-match",
                _("Match file"),
                h(self._download, "match", screen=self),
                icon=ft.Icons.DOWNLOAD,
                filled=False,
                expand=True,
            ),
            big_button(
                "export-csv",
                _("CSV table"),
                h(self._download, "csv", screen=self),
                icon=ft.Icons.TABLE_CHART,
                filled=False,
                expand=True,
            ),
        ]
        items.append(ft.Row(actions, spacing=6))
        if self.from_list:
            items.append(
                big_button(
                    "open-scoreboard",
                    _("Open the scoreboard"),
                    h(self.host.go, f"/match/{self.match_id}"),
                    icon=ft.Icons.SCOREBOARD,
                    filled=False,
                )
            )
        items.append(section_title(_("Every deal")))
        if not vm.match.deals:
            items.append(ft.Text(_("No deals yet."), color=ft.Colors.ON_SURFACE_VARIANT))
        for row in vm.rows():
            lines = [
                ft.Text(row.title, weight=ft.FontWeight.BOLD),
                ft.Text(f"{row.margin} · {row.running}", size=13),
            ]
            if row.event:
                lines.append(
                    ft.Text(row.event, size=13, color=ft.Colors.TERTIARY, weight=ft.FontWeight.BOLD)
                )
            items.append(
                sem(
                    f"review-deal-{row.number}",
                    ft.Container(
                        ft.Column(lines, spacing=1, tight=True),
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        border_radius=12,
                        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                    ),
                    container=True,
                )
            )
        self.body.controls = items
        # the text to copy is set ahead of the tap: the browser lets a page write to the clipboard
        # only while it handles the tap itself, so the client copies it without a round trip
        self.share_button.action = copy_action(vm.share_text())
        row = self.footer.controls[0]
        row.controls = [row.controls[0]] + (
            [self.rematch_button] if vm.finished and not vm.gone else []
        )

    def _tally(self) -> ft.Control:
        vm = self.vm
        names = vm.team_names()
        counts = vm.tally()
        cols = []
        for t in (0, 1):
            label = (_("Bazzis won by {team}") if vm.uses_bazzis else _("Total of {team}")).format(
                team=names[t]
            )
            cols.append(
                sem(
                    f"review-tally-{t}",
                    ft.Column(
                        [
                            ft.Text(
                                names[t],
                                weight=ft.FontWeight.BOLD,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                color=TEAM_COLORS[t],
                            ),
                            ft.Text(num(counts[t]), size=32, weight=ft.FontWeight.BOLD),
                        ],
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    label=label,
                    value=num(counts[t]),
                    expand=True,
                )
            )
        return ft.Container(
            ft.Row(cols), bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=16, padding=8
        )

    def _legend(self) -> ft.Control:
        vm = self.vm
        names = vm.team_names()
        if vm.uses_bazzis:
            words = [
                _("Above the line: {team} ahead.").format(team=names[0]),
                _("Below the line: {team} ahead.").format(team=names[1]),
                _("A dot: a bazzi won."),
            ]
        else:
            words = [_("Each line: a team's total; a dot: the target reached.")]
        return ft.Text(" ".join(words), size=12, color=ft.Colors.ON_SURFACE_VARIANT)

    # -- actions
    def _copied(self) -> None:
        """The client has already copied the text (the button's action): say so."""
        self.vm.message = _("The result is copied: paste it in a chat.")
        self.changed()

    async def _download(self, kind: str) -> None:
        found = await off_loop(self.vm.export_match if kind == "match" else self.vm.export_csv)
        if found is None:
            self.changed()
            return
        name, data = found
        self._downloads.start(name, data)

    async def _rematch(self) -> None:
        match_id = await off_loop(self.vm.rematch)
        if match_id is None:
            self.changed()
            return
        self.host.publish(None)
        await self.host.go(f"/match/{match_id}")

    def _dismiss(self) -> None:
        self.vm.dismiss()
        self.changed()


def build_chart(vm: ReviewVM) -> fch.LineChart:
    """The line chart; a marked point is a bazzi won (or the target reached), in the winner's
    colour."""
    low, high = vm.chart_range()
    step = _nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    deals = len(vm.match.deals)
    # a little room past the last deal, so that its mark is not cut in half; right to left the
    # deals run from the right (chart_direction), each still at a whole x so its label shows
    last = max(deals, 1)
    min_x, max_x = whole_axis(last, 0.3)
    series = []
    for s in vm.series():
        color = TEAM_COLORS[s.team] if s.team is not None else ft.Colors.PRIMARY
        points = []
        for p in s.points:
            mark = (
                None
                if p.bazzi is None
                else fch.ChartCirclePoint(
                    radius=6,
                    color=TEAM_COLORS[p.bazzi],
                    stroke_color=ft.Colors.SURFACE,
                    stroke_width=2,
                )
            )
            points.append(
                fch.LineChartDataPoint(
                    along(p.deal, last),
                    p.value,
                    point=mark if mark else False,
                    tooltip=chart_num(p.value),
                )
            )
        series.append(fch.LineChartData(points=points, color=color, stroke_width=3))
    deal_step = max(1, math.ceil(deals / 6))
    return fch.LineChart(
        data_series=series,
        min_x=min_x,
        max_x=max_x,
        min_y=low,
        max_y=high,
        interactive=False,
        **value_axis(
            fch.ChartAxis(
                label_size=44,
                labels=[
                    fch.ChartAxisLabel(value=v, label=ft.Text(chart_num(v), size=11))
                    for v in range(low, high + 1, step)
                ],
            )
        ),
        bottom_axis=fch.ChartAxis(
            label_size=24,
            # fl_chart asks for a label at each whole x (and the ends); only deals have one
            label_spacing=1,
            labels=[
                fch.ChartAxisLabel(value=along(n, last), label=ft.Text(num(n), size=11))
                for n in range(0, deals + 1, deal_step)
            ],
        ),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def chart_num(value: int) -> str:
    """A number on the chart, which runs left to right in every language: a left-to-right mark keeps
    a negative number's minus sign in front of it in a right-to-left language ("-100", not
    "100-")."""
    return "\u200e" + num(value) if value < 0 else num(value)


def _nice_step(span: int) -> int:
    """A round step that gives about four grid lines over `span`."""
    raw = max(span, 1) / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)) or 1
