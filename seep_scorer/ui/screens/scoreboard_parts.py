"""The scoreboard's parts: its title fitted to the team names, each team's standing, a deal's
row."""

from __future__ import annotations

import math

import flet as ft

from ...i18n import current_language, ngettext
from ..host import Host
from ..theme import line_height, line_scale
from ..viewmodels import ScoreboardVM
from ..widgets import sem, tile
from .base import help_mark, num


def _quiet(control: ft.Control) -> ft.Control:
    """Shown, not read: a screen reader hears the same thing from the node beside it."""
    return ft.Semantics(content=control, exclude_semantics=True)


def wrap_title(appbar: ft.AppBar) -> None:
    """Long team names wrap in the title instead of being cut."""
    appbar.title.max_lines = 3
    appbar.title.overflow = ft.TextOverflow.ELLIPSIS
    fit_title(appbar)


def fit_title(appbar: ft.AppBar, wide: bool = False) -> None:
    """Wide (held sideways) the title has room for one line: no tall bar over a short screen.
    Upright, the bar grows with the lines it wraps into, so two lines are never squeezed into 56."""
    n = len(appbar.title.value or "")
    lang = current_language()
    if line_scale(lang, "title") > 1:
        _fit_tall_title(appbar, n, line_height(lang, "title"), wide)
        return
    appbar.title.size = None if n <= 26 else 16 if n <= 52 or wide else 14
    if wide:
        appbar.title.max_lines, appbar.toolbar_height = 2, None if n <= 80 else 64
        return
    appbar.title.max_lines = 3 if n <= 52 else 4
    appbar.toolbar_height = None if n <= 26 else 64 if n <= 40 else 76 if n <= 52 else 88


# The room the title has between the bar's buttons (upright, at 360 px; sideways more), and the
# mean advance of a letter (em): Noto Sans's and Nastaliq's are both about half an em.
TITLE_ROOM = {False: 200, True: 400}
LETTER_EM = 0.5


def _fit_tall_title(appbar: ft.AppBar, n: int, line_em: float, wide: bool) -> None:
    """A script whose lines are taller than Latin ones (Urdu's Nastaliq, 1.9 em a line): the title
    takes the largest size that keeps it on the fewest lines, and the bar is as tall as those lines
    with their padding, from the font's line height rather than a count of characters."""
    room = TITLE_ROOM[wide]

    def lines(size: int) -> int:
        return max(1, math.ceil(n * size * LETTER_EM / room))

    size = next((s for s in (22, 16) if lines(s) == 1), 16 if lines(16) <= 2 else 14)
    count = min(lines(size), 2 if wide else 4)
    appbar.title.size = None if size == 22 else size
    appbar.title.max_lines = count
    appbar.toolbar_height = max(56, math.ceil(count * size * line_em + 16))


class TeamColumn:
    """A team's standing, read as one sentence ("Sharmas: 1 bazzi, 450 points"): the big number
    carries it, the words around it are for the eye only. Built once, redrawn in place."""

    def __init__(self, vm: ScoreboardVM, t: int):
        self.vm, self.t = vm, t
        self.bazzis = vm.uses_bazzis
        self.name = ft.Text(
            "",
            weight=ft.FontWeight.BOLD,
            size=16,
            max_lines=3,
            overflow=ft.TextOverflow.ELLIPSIS,
            text_align=ft.TextAlign.CENTER,
        )
        quiet = dict(size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        self.big = ft.Text("", size=44 if self.bazzis else 40, weight=ft.FontWeight.BOLD)
        self.word = ft.Text("", **quiet)
        self.points = ft.Text("", **quiet)  # with bazzis: the points in all, under the word
        self.big_sem = sem(
            f"bazzis-{t}" if self.bazzis else f"totals-{t}",
            self.big,
            label="",
            exclude_semantics=True,
        )
        col = [_quiet(self.name), self.big_sem, _quiet(self.word)]
        if self.bazzis:
            col.append(sem(f"totals-{t}", self.points, exclude_semantics=True))
        self.control = ft.Container(
            ft.Column(
                col, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True
            ),
            expand=True,
        )

    def draw(self) -> None:
        vm, t = self.vm, self.t
        st = vm.standings
        total = st.totals[t]
        self.name.value = vm.team_names()[t]
        self.big_sem.label = vm.standing_text(t)
        if self.bazzis:
            n = st.bazzis[t]
            self.big.value = num(n)
            # TRANSLATORS: the word under the big number of bazzis a team has won.
            self.word.value = ngettext("bazzi", "bazzis", n)
            self.points.value = ngettext(
                "{points} point in all", "{points} points in all", total
            ).format(points=num(total))
        else:
            self.big.value = num(total)
            # TRANSLATORS: the word under a team's big running total.
            self.word.value = ngettext("point", "points", total)


class Standings:
    """The standings card: each team's column, the difference, the next dealer, the format. Built
    once and redrawn in place, so that a deal saved on another phone sends a few new texts, not a
    new card (issue 24's load)."""

    def __init__(self, host: Host, vm: ScoreboardVM):
        self.vm = vm
        self.columns = [TeamColumn(vm, t) for t in (0, 1)]
        self.difference = ft.Text(
            "", size=20, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
        )
        self.dealer = ft.Text("", text_align=ft.TextAlign.CENTER)
        self.format = ft.Text("", size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        middle = ft.CrossAxisAlignment.CENTER
        self.lines = [
            ft.Row(
                [
                    sem("difference", self.difference, expand=True),
                    help_mark(host, "help-bazzi" if vm.uses_bazzis else "help-scoring"),
                ],
                spacing=0,
                vertical_alignment=middle,
            ),
            ft.Row(
                [sem("next-dealer", self.dealer, expand=True), help_mark(host, "help-dealer")],
                spacing=0,
                vertical_alignment=middle,
            ),
            self.format,
        ]
        self.control = ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=16)
        self.wide: bool | None = None

    def draw(self, wide: bool) -> None:
        vm = self.vm
        for column in self.columns:
            column.draw()
        self.difference.value = vm.difference_text()
        self.dealer.value = vm.next_dealer_text()
        self.format.value = vm.format_text()
        if wide == self.wide:
            return
        self.wide = wide
        cols = [c.control for c in self.columns]
        if wide:
            # landscape (or a desktop): the standings beside the difference and the next dealer,
            # so a 412-pixel-high screen shows them without scrolling
            self.control.content = ft.Row(
                [
                    ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START, expand=1),
                    ft.Column(
                        self.lines,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        spacing=2,
                        tight=True,
                        expand=1,
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=8,
            )
        else:
            self.control.content = ft.Column(
                [ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START), ft.Divider(height=8)]
                + self.lines,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=4,
                tight=True,
            )
        self.control.padding = 8 if wide else 12


def deal_row(host: Host, match_id: str, row) -> ft.Control:
    """A deal row: its score, its own margin and the running difference apart, its sweeps, how a
    bazzi was won; a tap opens the deal read-only."""
    lines = [
        ft.Text(row.title, weight=ft.FontWeight.BOLD),
        ft.Text(row.margin, size=13),
        ft.Text(row.running, size=13),
    ]
    if row.sweeps:
        lines.append(ft.Text(row.sweeps, size=13))
    if row.dealer:
        lines.append(ft.Text(row.dealer, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if row.event:
        lines.append(
            ft.Text(row.event, size=13, color=ft.Colors.TERTIARY, weight=ft.FontWeight.BOLD)
        )
    return tile(
        f"deal-{row.number}",
        ft.Row(
            [
                ft.Column(lines, spacing=1, tight=True, expand=True),
                ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18),
            ]
        ),
        host.handler(host.go, f"/match/{match_id}/deal/{row.number}"),
        height=None,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        alignment=ft.Alignment.CENTER_LEFT,
        settled=True,  # a row that changes is built anew (Scoreboard.refresh)
    )
