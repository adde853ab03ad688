"""The ratings on the statistics screen and the player page (stats.md "Ratings"): the ranking,
the rating after each match as a line chart, and partners and opponents against what the
ratings predicted."""

from __future__ import annotations

from typing import Callable, Sequence

import flet as ft
import flet_charts as fch
from babel.numbers import format_decimal

from ...i18n import _, fmt, ngettext
from ...stats.ratings import PlayerRating
from ..viewmodels.player import Against
from ..viewmodels.stats import PROVISIONAL_GAMES, Ranked
from ..widgets import section_title, sem, tile
from .stats_parts import num, pair_name

RATING_WIDTH = 64  # the rating column of the ranking
POINTS_SHOWN = 60  # the chart's last matches: older points would be too close to tell apart
SPOKEN_POINTS = 12  # what a screen reader hears of the chart: its last points


def one_decimal(value: float) -> str:
    """A rating (or wins, expected wins) to one decimal, as the session's language writes it."""
    f = fmt()
    # round first: -0.04 is shown as 0.0, never as "-0.0"
    rounded = round(value, 1) + 0.0
    return _minus_kept(f.digits(format_decimal(rounded, format="#,##0.0", locale=f.lang)), rounded)


def _minus_kept(text: str, value: float) -> str:
    """A negative figure kept left to right, so Urdu or Sindhi never shows "0.7-" for -0.7."""
    return f.code(text) if value < 0 and (f := fmt()).rtl else text


def games_text(games: int) -> str:
    # TRANSLATORS: how many bazzis a player's rating was learnt from (issue 33: "3 rated games"
    # meant 3 bazzis).
    return ngettext("{count} bazzi rated", "{count} bazzis rated", games).format(count=num(games))


def provisional_text() -> str:
    # TRANSLATORS: beside a rating based on few games, so still far from certain.
    return _("Provisional")


def ranking_section(rows: Sequence[Ranked], open_player: Callable[[str], Callable]) -> ft.Control:
    """`stats-ranking`: players by rating, `rank-<n>` each opening the player's page."""
    lines: list[ft.Control] = [
        section_title(_("Ranking")),
        ft.Text(
            # TRANSLATORS: under the ranking; {count} is 10.
            _(
                "The number beside each name is the player's rating: it comes from who won each "
                "bazzi, allowing for the strength of partners and opponents. Provisional: fewer "
                "than {count} bazzis rated."
            ).format(count=num(PROVISIONAL_GAMES)),
            size=12,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    for n, r in enumerate(rows, start=1):
        detail = games_text(r.games)
        if r.provisional:
            detail = f"{detail} · {provisional_text()}"
        cells = ft.Row(
            [
                ft.Container(
                    ft.Text(num(r.rank), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
                    width=32,
                    height=32,
                    border_radius=16,
                    alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.PRIMARY if r.rank <= 3 else ft.Colors.OUTLINE,
                ),
                ft.Column(
                    [
                        ft.Text(
                            r.name,
                            weight=ft.FontWeight.BOLD,
                            max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        ft.Text(
                            detail,
                            size=12,
                            color=ft.Colors.TERTIARY
                            if r.provisional
                            else ft.Colors.ON_SURFACE_VARIANT,
                        ),
                    ],
                    spacing=0,
                    tight=True,
                    expand=True,
                ),
                ft.Text(
                    one_decimal(r.rating),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    width=RATING_WIDTH,
                    text_align=ft.TextAlign.END,
                    italic=r.provisional,
                ),
            ],
            spacing=10,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        lines.append(
            tile(
                f"rank-{n}",
                cells,
                open_player(r.slug),
                height=None,
                padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                alignment=ft.Alignment.CENTER_LEFT,
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            )
        )
    return sem("stats-ranking", ft.Column(lines, spacing=4), container=True)


def rating_chart(points: Sequence[tuple[str, PlayerRating]]) -> ft.Control:
    """`player-rating-chart`: the rating (mu - 3 sigma) after each match, oldest on the left."""
    f = fmt()
    shown = list(points)[-POINTS_SHOWN:]
    values = [p.rating for _created, p in shown]
    low, high = min(values + [0.0]), max(values + [0.0])
    step = max(5, 5 * round((high - low) / 4 / 5)) if high > low else 5
    bottom, top = step * (low // step), step * (-(-high // step))
    if top == bottom:
        top = bottom + step
    spots = [
        fch.LineChartDataPoint(x=x, y=round(v, 2), tooltip=one_decimal(v))
        for x, v in enumerate(values, start=1)
    ]
    ends = {1: shown[0][0], len(shown): shown[-1][0]}
    labels = [
        fch.ChartAxisLabel(
            value=x,
            label=ft.Container(
                ft.Text(f.medium_date(created), size=10, no_wrap=True),
                padding=ft.Padding.only(top=4),
            ),
        )
        for x, created in ends.items()
    ]
    chart = fch.LineChart(
        data_series=[
            fch.LineChartData(
                points=spots,
                color=ft.Colors.PRIMARY,
                stroke_width=3,
                curved=False,
                point=fch.ChartCirclePoint(radius=3, color=ft.Colors.PRIMARY),
            )
        ],
        min_x=0.5,
        max_x=len(shown) + 0.5,
        min_y=bottom,
        max_y=top,
        height=200,
        interactive=False,
        left_axis=fch.ChartAxis(
            label_size=40,
            labels=[
                fch.ChartAxisLabel(value=v, label=ft.Text(_minus_kept(num(int(v)), v), size=10))
                for v in range(int(bottom), int(top) + 1, int(step))
            ],
        ),
        bottom_axis=fch.ChartAxis(labels=labels, label_size=24),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    spoken = [f"{f.medium_date(c)}: {one_decimal(p.rating)}" for c, p in shown[-SPOKEN_POINTS:]]
    return ft.Semantics(
        identifier="player-rating-chart",
        container=True,
        label="; ".join(spoken),
        content=ft.Semantics(
            exclude_semantics=True,
            content=ft.Container(chart, padding=ft.Padding.only(top=8, right=16, left=4)),
        ),
    )


def against_text(a: Against) -> str:
    wins = num(int(a.wins)) if a.wins == int(a.wins) else one_decimal(a.wins)
    # TRANSLATORS: e.g. "Won 3 of 4; the ratings expected 2.1" (games together or against them).
    return _("Won {wins} of {games}; the ratings expected {expected}").format(
        wins=wins, games=num(a.games), expected=one_decimal(a.expected)
    )


def against_section(ident: str, title: str, rows: Sequence[Against]) -> ft.Control:
    """A few partners (or opposing partnerships), each with wins against expected wins."""
    lines: list[ft.Control] = [section_title(title)]
    for a in rows:
        who = a.names[0] if len(a.names) == 1 else pair_name(a.names)
        lines.append(
            ft.Container(
                ft.Column(
                    [
                        ft.Text(who, weight=ft.FontWeight.BOLD, max_lines=2),
                        ft.Text(against_text(a), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                    ],
                    spacing=0,
                    tight=True,
                ),
                padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            )
        )
    column = ft.Column(lines, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return sem(ident, column, container=True)
