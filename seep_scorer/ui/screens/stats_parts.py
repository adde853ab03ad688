"""Pieces the statistics screen and the player page share: figures in the session's language and
digits, the period chips, and the two charts (flet-charts, which the stock web client renders)."""

from __future__ import annotations

from datetime import date
from typing import Callable, Sequence

import flet as ft
import flet_charts as fch
from babel.dates import format_skeleton
from babel.lists import format_list

from ...i18n import N_, _, fmt
from ...stats import Figures, MonthResults
from ..chart_direction import chart_padding, in_order, value_axis
from ..widgets import Chip

PERIOD_LABELS = {"all": N_("All time"), "year": N_("This year"), "30d": N_("Last 30 days")}
NO_FIGURE = "\u2013"  # a dash where a rate has nothing to divide by yet

WIN_COLOR, DRAW_COLOR, LOSS_COLOR = ft.Colors.PRIMARY, ft.Colors.OUTLINE, ft.Colors.ERROR


def percent(rate: float | None) -> str:
    """A win rate as the session's language writes a percentage, in its digits."""
    if rate is None:
        return NO_FIGURE
    return fmt().percent(rate)


def decimal(value: float | None) -> str:
    """An average to one decimal place (card points per deal, sweeps per ten deals)."""
    if value is None:
        return NO_FIGURE
    return fmt().decimal(value)


def num(value: int) -> str:
    return fmt().number(value)


def pair_name(names: Sequence[str]) -> str:
    return _("{first} & {second}").format(first=names[0], second=names[1])


def played_as_text(team_names: Sequence[str]) -> str:
    """The team names a partnership played under, listed as the session's language lists things."""
    # TRANSLATORS: under a partnership's names; {teams} are its team names, e.g. "Tigers and Lions".
    return _("Played as {teams}").format(teams=format_list(list(team_names), locale=fmt().lang))


def record_text(wins: int, losses: int, draws: int) -> str:
    return _("Won {wins}, lost {losses}, drawn {draws}").format(
        wins=num(wins), losses=num(losses), draws=num(draws)
    )


def period_chips(prefix: str, current: str, on_pick: Callable[[str], Callable]) -> ft.Control:
    """All time / this year / last 30 days: `prefix-all`, `prefix-year`, `prefix-30d`."""
    chips = []
    for period, label in PERIOD_LABELS.items():
        chip = Chip(
            f"{prefix}-{period}", fmt().digits(_(label)), on_pick(period), expand=True
        )  # "30" in the chosen digits
        chip.set(period == current)
        chips.append(chip.control)
    return ft.Row(chips, spacing=6)


def _axis_percent() -> fch.ChartAxis:
    return fch.ChartAxis(
        label_size=40,
        labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(percent(v / 100), size=10))
            for v in (0, 50, 100)
        ],
    )


def partnership_chart(pairs: list[Figures]) -> ft.Control:
    """Win rate per partnership, one bar each, its rate written on top (`stats-chart`)."""
    groups, labels, spoken = [], [], []
    for x, pair in enumerate(pairs):
        rate = pair.win_rate or 0.0
        groups.append(
            fch.BarChartGroup(
                x=x,
                rods=[
                    fch.BarChartRod(
                        # No full-height track behind the bar: beside a 0 % bar it looked like
                        # a tall grey bar.
                        from_y=0,
                        to_y=round(rate * 100, 1),
                        width=22,
                        color=WIN_COLOR,
                        border_radius=4,
                        selected=True,
                        tooltip=fch.BarChartRodTooltip(
                            text=percent(rate), text_style=ft.TextStyle(size=11)
                        ),
                    )
                ],
            )
        )
        labels.append(
            fch.ChartAxisLabel(
                value=x,
                label=ft.Container(
                    ft.Text(
                        "\n".join(pair.names),
                        size=10,
                        text_align=ft.TextAlign.CENTER,
                        max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    width=56,
                    padding=ft.Padding.only(top=4),
                ),
            )
        )
        spoken.append(f"{pair_name(pair.names)}: {percent(pair.win_rate)}")
    chart = fch.BarChart(
        groups=in_order(groups),  # right to left the first partnership stands on the right
        min_y=0,
        max_y=115,
        interactive=False,
        height=220,
        **value_axis(_axis_percent()),
        bottom_axis=fch.ChartAxis(labels=labels, label_size=40),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=50, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        tooltip=fch.BarChartTooltip(
            bgcolor=ft.Colors.TRANSPARENT, padding=ft.Padding.all(0), margin=2
        ),
        group_alignment=ft.MainAxisAlignment.SPACE_AROUND,
    )
    return ft.Semantics(
        identifier="stats-chart",
        container=True,
        label="; ".join(spoken),
        content=_silent(ft.Container(chart, padding=chart_padding())),
    )


def month_label(year: int, month: int, show_year: bool) -> str:
    f = fmt()
    day = date(year, month, 1)
    text = format_skeleton("MMM", day, locale=f.lang)
    if show_year:
        text += "\n" + format_skeleton("y", day, locale=f.lang)
    return f.digits(text)


def results_chart(months: list[MonthResults], identifier: str = "player-chart") -> ft.Control:
    """Results by month: wins, draws and losses stacked, one bar per month with a finished match."""
    top = max((m.finished for m in months), default=1)
    groups, labels, spoken = [], [], []
    for x, m in enumerate(months):
        stack, y = [], 0
        for count, color in ((m.wins, WIN_COLOR), (m.draws, DRAW_COLOR), (m.losses, LOSS_COLOR)):
            if count:
                stack.append(fch.BarChartRodStackItem(from_y=y, to_y=y + count, color=color))
                y += count
        text = record_text(m.wins, m.losses, m.draws)
        groups.append(
            fch.BarChartGroup(
                x=x,
                rods=[
                    fch.BarChartRod(
                        from_y=0,
                        to_y=y,
                        width=18,
                        stack_items=stack,
                        border_radius=3,
                        color=WIN_COLOR,
                        tooltip=fch.BarChartRodTooltip(
                            text=text,
                            text_style=ft.TextStyle(size=12, color=ft.Colors.ON_INVERSE_SURFACE),
                        ),
                    )
                ],
            )
        )
        label = month_label(m.year, m.month, x == 0 or months[x - 1].year != m.year)
        labels.append(
            fch.ChartAxisLabel(
                value=x,
                label=ft.Container(
                    ft.Text(
                        label,
                        size=10,
                        text_align=ft.TextAlign.CENTER,
                        max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    padding=ft.Padding.only(top=4),
                ),
            )
        )
        spoken.append(f"{label.replace(chr(10), ' ')}: {text}")
    step = max(1, -(-top // 4))
    chart = fch.BarChart(
        groups=in_order(groups),  # right to left the months run from the right
        min_y=0,
        max_y=top,
        height=200,
        tooltip=fch.BarChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE),
        **value_axis(
            fch.ChartAxis(
                label_size=32,
                label_spacing=step,
                labels=[
                    fch.ChartAxisLabel(value=v, label=ft.Text(num(v), size=10))
                    for v in range(0, top + 1, step)
                ],
            )
        ),
        bottom_axis=fch.ChartAxis(labels=labels, label_size=36),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        group_alignment=ft.MainAxisAlignment.SPACE_AROUND,
    )
    legend = ft.Row(
        [_key(WIN_COLOR, _("Wins")), _key(DRAW_COLOR, _("Draws")), _key(LOSS_COLOR, _("Losses"))],
        spacing=16,
        alignment=ft.MainAxisAlignment.CENTER,
        wrap=True,
    )
    return ft.Semantics(
        identifier=identifier,
        container=True,
        label="; ".join(spoken),
        content=ft.Column(
            [_silent(ft.Container(chart, padding=chart_padding())), legend],
            spacing=6,
            tight=True,
        ),
    )


def _silent(control: ft.Control) -> ft.Control:
    """The chart's own axis texts stay out of the semantics tree: its label says it all, once."""
    return ft.Semantics(exclude_semantics=True, content=control)


def _key(color, label: str) -> ft.Control:
    return ft.Row(
        [
            ft.Container(width=12, height=12, bgcolor=color, border_radius=3),
            ft.Text(label, size=12),
        ],
        spacing=6,
        tight=True,
    )
