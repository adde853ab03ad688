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
from .base import num


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


def team_column(vm: ScoreboardVM, t: int) -> ft.Control:
    """A team's standing, read as one sentence ("Sharmas: 1 bazzi, 450 points"): the big number
    carries it, the words around it are for the eye only."""
    st = vm.standings
    name = vm.team_names()[t]
    total = st.totals[t]
    col = [
        _quiet(
            ft.Text(
                name,
                weight=ft.FontWeight.BOLD,
                size=16,
                max_lines=3,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER,
            )
        )
    ]
    if vm.uses_bazzis:
        n = st.bazzis[t]
        col.append(
            sem(
                f"bazzis-{t}",
                ft.Text(num(n), size=44, weight=ft.FontWeight.BOLD),
                label=vm.standing_text(t),
                exclude_semantics=True,
            )
        )
        # TRANSLATORS: the word under the big number of bazzis a team has won.
        word = ngettext("bazzi", "bazzis", n)
        col.append(_quiet(ft.Text(word, size=12, color=ft.Colors.ON_SURFACE_VARIANT)))
        col.append(
            sem(
                f"totals-{t}",
                ft.Text(
                    ngettext("{points} point in all", "{points} points in all", total).format(
                        points=num(total)
                    ),
                    size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                exclude_semantics=True,
            )
        )
    else:
        col.append(
            sem(
                f"totals-{t}",
                ft.Text(num(total), size=40, weight=ft.FontWeight.BOLD),
                label=vm.standing_text(t),
                exclude_semantics=True,
            )
        )
        # TRANSLATORS: the word under a team's big running total.
        word = ngettext("point", "points", total)
        col.append(_quiet(ft.Text(word, size=12, color=ft.Colors.ON_SURFACE_VARIANT)))
    return ft.Container(
        ft.Column(col, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
        expand=True,
    )


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
    )
