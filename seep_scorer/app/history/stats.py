"""The statistics screen, and the pieces it shares with the player page: figures in the session's
language, the charts, and the ratings (ranking, chances, surprises).

The statistics screen: a period, the totals, the ranking by rating, win rate per partnership as
a chart, and the tables of players and partnerships (sortable by matches and by win rate); a
player's row opens their page.
"""

from __future__ import annotations

from datetime import date
from typing import Callable, Sequence

import flet as ft
import flet_charts as fch
from babel.dates import format_skeleton
from babel.lists import format_list
from babel.numbers import format_decimal

from seep_scorer.app.history.player_model import Against
from seep_scorer.app.history.stats_model import (
    PROVISIONAL_GAMES,
    Meeting,
    Ranked,
    StatsVM,
    player_slug,
    team_names,
)
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.theme import chart_padding, in_order, value_axis
from seep_scorer.app.shell.widgets import TAP, Chip, Screen, notice, section_title, sem, tile
from seep_scorer.i18n.translate import N_, _, fmt, ngettext
from seep_scorer.stats import Figures, MonthResults
from seep_scorer.stats.ratings import PlayerRating

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


# ---- pieces the statistics screen and the player page share
# Pieces the statistics screen and the player page share: figures in the session's language and
# digits, the period chips, and the two charts (flet-charts, which the stock web client renders).

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


# ---- the ratings
# The ratings on the statistics screen and the player page (stats.md "Ratings"): the ranking,
# the rating after each match as a line chart, and partners and opponents against what the
# ratings predicted.

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
