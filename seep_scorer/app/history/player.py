"""A player's page: results and win rate, bazzis, averages, results by month as a chart, partners
(each opening that partner's page) and head-to-head records, for the period chosen on the
statistics screen."""

from __future__ import annotations

import flet as ft

from seep_scorer.app.history.player_model import Partner, PlayerVM, Rivalry
from seep_scorer.app.history.stats import (
    PERIOD_LABELS,
    against_section,
    decimal,
    games_text,
    num,
    one_decimal,
    pair_name,
    percent,
    provisional_text,
    rating_chart,
    record_text,
    results_chart,
)
from seep_scorer.app.history.stats_model import PROVISIONAL_GAMES
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import Screen, notice, section_title, sem, tile
from seep_scorer.i18n.translate import _, fmt


class PlayerScreen(Screen):
    nav_route = "/stats"

    def __init__(self, host: Host, vm: PlayerVM, route: str):
        self.vm = vm
        self.route = route
        super().__init__(host)

    def title(self) -> str:
        return self.vm.name or _("Player")

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        self.view.appbar.title.value = self.title()
        items: list[ft.Control] = [notice(vm.message, error=True)] if vm.message else []
        if not vm.loaded:
            self.body.controls = items
            return
        items.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.DATE_RANGE, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(
                        fmt().digits(_(PERIOD_LABELS[vm.period])),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                ],
                spacing=6,
            )
        )
        f = vm.figures
        if f is None:
            items.append(
                ft.Text(
                    _("No matches for this player in this period."),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        else:
            results, rest = self._figures()
            items += results
            items += self._ratings()
            if vm.months:
                items += [
                    section_title(_("Results by month")),
                    results_chart(vm.months[-self._months_shown() :]),
                ]
            items += rest
            if vm.partners:
                items += [
                    section_title(_("Partners")),
                    *(self._partner(n, p) for n, p in enumerate(vm.partners, start=1)),
                ]
            if vm.rivalries:
                items += [
                    section_title(_("Head to head")),
                    *(self._rivalry(n, r) for n, r in enumerate(vm.rivalries, start=1)),
                ]
        self.body.controls = [sem("player", ft.Column(items, spacing=10), container=True)]

    def _ratings(self) -> list[ft.Control]:
        """The rating in the period, then (all time) its course and the surprises."""
        vm = self.vm
        r = vm.rating
        items: list[ft.Control] = []
        if r is not None and r.games:
            note = games_text(r.games)
            if r.games < PROVISIONAL_GAMES:
                note = f"{note} · {provisional_text()}"
            items.append(_cells([("player-rating", _("Rating"), one_decimal(r.rating))]))
            items.append(ft.Text(note, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        # The ratings learn from every match: below, all time whatever the period chosen.
        whole = "" if vm.period == "all" else f" \u00b7 {_(PERIOD_LABELS['all'])}"
        if vm.rating_points:
            # TRANSLATORS: a chart's title; its points are the player's rating over every match.
            title = _("Rating after each match") + whole
            items += [section_title(title), rating_chart(vm.rating_points)]
        for ident, title, rows in (
            ("player-best-partners", _("Best partners"), vm.best_partners),
            ("player-worst-partners", _("Worst partners"), vm.worst_partners),
            ("player-toughest-opponents", _("Toughest opponents"), vm.toughest),
        ):
            if rows:
                items.append(against_section(ident, title + whole, rows))
        return items

    def _months_shown(self) -> int:
        """Month names need room: a phone shows the last six months with a result, a wider
        window twelve."""
        width = self.host.page_width()
        return 12 if width and width >= 560 else 6

    def _figures(self) -> tuple[list[ft.Control], list[ft.Control]]:
        """The results (matches, win rate; wins, losses, draws) and the rest, as rows of cells."""
        f = self.vm.figures
        results = [
            [
                ("player-matches", _("Matches"), num(f.matches)),
                ("player-win-rate", _("Win rate"), percent(f.win_rate)),
            ],
            [
                ("player-wins", _("Wins"), num(f.wins)),
                ("player-losses", _("Losses"), num(f.losses)),
                ("player-draws", _("Draws"), num(f.draws)),
            ],
        ]
        rest = [
            [
                ("player-bazzis-won", _("Bazzis won"), num(f.bazzis_won)),
                ("player-bazzis-lost", _("Bazzis lost"), num(f.bazzis_lost)),
            ],
            [
                (
                    "player-bazzis-minimum",
                    _("Bazzis won by the minimum"),
                    num(f.bazzis_won_by_minimum),
                ),
                ("player-deals", _("Deals"), num(f.deals)),
            ],
            [
                ("player-card-points", _("Card points per deal"), decimal(f.card_points_per_deal)),
                ("player-sweeps", _("Sweeps per ten deals"), decimal(f.sweeps_per_ten_deals)),
            ],
        ]
        return [_cells(line) for line in results], [_cells(line) for line in rest]

    def _partner(self, n: int, p: Partner) -> ft.Control:
        f = p.figures
        return tile(
            f"partner-{n}",
            ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(
                                p.name,
                                weight=ft.FontWeight.BOLD,
                                max_lines=2,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            ft.Text(
                                record_text(f.wins, f.losses, f.draws),
                                size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                        spacing=0,
                        tight=True,
                        expand=True,
                    ),
                    ft.Text(_("{count} played").format(count=num(f.matches)), size=12),
                    ft.Text(
                        percent(f.win_rate),
                        weight=ft.FontWeight.BOLD,
                        width=56,
                        text_align=ft.TextAlign.END,
                    ),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            self.host.handler(self.host.go, f"/stats/player/{p.slug}"),
            height=None,
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            alignment=ft.Alignment.CENTER_LEFT,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        )

    def _rivalry(self, n: int, r: Rivalry) -> ft.Control:
        return sem(
            f"rival-{n}",
            ft.Container(
                ft.Row(
                    [
                        ft.Column(
                            [
                                ft.Text(
                                    _("With {partner} against {opponents}").format(
                                        partner=r.partner, opponents=pair_name(r.opponents)
                                    ),
                                    weight=ft.FontWeight.BOLD,
                                    max_lines=3,
                                ),
                                ft.Text(
                                    record_text(r.wins, r.losses, r.draws),
                                    size=12,
                                    color=ft.Colors.ON_SURFACE_VARIANT,
                                ),
                            ],
                            spacing=0,
                            tight=True,
                            expand=True,
                        ),
                        ft.Text(_("{count} played").format(count=num(r.matches)), size=12),
                    ],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            ),
            container=True,
        )


def _cells(line: list[tuple[str, str, str]]) -> ft.Control:
    """One row of figures: each a label over its value, in its own semantics node."""
    return ft.Row(
        [
            sem(
                ident,
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                label, size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2
                            ),
                            ft.Text(value, size=20, weight=ft.FontWeight.BOLD),
                        ],
                        spacing=0,
                        tight=True,
                    ),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                    border_radius=12,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                ),
                container=True,
                expand=True,
            )
            for ident, label, value in line
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
