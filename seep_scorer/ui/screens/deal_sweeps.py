"""The deal screen's sweep counters: a heading of its own (never cut), a row of team names, a row
per kind, and the hint saying which team may make the opening and the last-play sweep."""

from __future__ import annotations

from typing import Callable

import flet as ft

from ...i18n import _
from ...rules import SWEEP_KINDS
from .. import texts
from ..host import Host
from ..viewmodels import DealEntryVM
from ..widgets import Counter, sem
from .base import help_mark


class SweepCounters:
    def __init__(self, host: Host, names, edit: Callable):
        """`edit(change, team, kind)`: the screen's handler of a sweep added or taken away
        (`change`: DealEntryVM.inc or .dec, unbound)."""
        h = host.handler
        short = {"normal": _("Normal"), "opening": _("Opening"), "last": _("Last play")}
        self.hint = ft.Text("", size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        self.names = [
            ft.Text(
                names[t],
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
            )
            for t in (0, 1)
        ]
        # The heading and the team names share a row: the names stand over their counters.
        self.rows: list[ft.Control] = [
            ft.Row(
                [
                    ft.Row(
                        [
                            ft.Text(_("Sweeps"), weight=ft.FontWeight.BOLD),
                            help_mark(host, "help-sweeps"),
                        ],
                        spacing=0,
                        wrap=True,  # a long word for "Sweeps" goes over the mark, never cut
                        expand=True,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    sem(
                        "sweep-teams",
                        ft.Row(
                            [ft.Container(text, width=122) for text in self.names],
                            spacing=2,
                        ),
                    ),
                ],
                spacing=2,
                vertical_alignment=ft.CrossAxisAlignment.END,
            ),
        ]
        self.counters: dict[tuple[int, str], Counter] = {}
        for kind in SWEEP_KINDS:
            row: list[ft.Control] = [ft.Text(short[kind], expand=True, size=14, max_lines=2)]
            for t in (0, 1):
                c = Counter(
                    f"sweep-{t}-{kind}",
                    _("{kind}, {team}").format(
                        kind=_(texts.SWEEP_KIND_LABELS[kind]), team=names[t]
                    ),
                    h(edit, DealEntryVM.dec, t, kind),
                    h(edit, DealEntryVM.inc, t, kind),
                    dec_label=_(texts.SWEEP_REMOVE_LABELS[kind]).format(team=names[t]),
                    inc_label=_(texts.SWEEP_ADD_LABELS[kind]).format(team=names[t]),
                )
                self.counters[(t, kind)] = c
                row.append(c.control)
            self.rows.append(
                ft.Row(row, spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER)
            )
        # Under the counters: the disabled + already shows which sweeps a team cannot make; the
        # line says why, without pushing the counters below the footer (issue 33).
        self.rows.append(sem("sweep-hint", self.hint))
        # One block, its rows close together: the heading and the names sit right on the counters.
        self.section = ft.Column(self.rows, spacing=0, tight=True)

    def fit(self, wide: bool) -> None:
        """Wide (held sideways), the team names and the three counter rows are seen together."""
        for text in self.names:
            text.max_lines = 1 if wide else 2

    def draw(self, vm: DealEntryVM, names) -> None:
        for (t, kind), c in self.counters.items():
            c.set(vm.sweeps[(t, kind)], vm.can_add(t, kind))
        opening, last = vm.sweep_team("opening"), vm.sweep_team("last")
        self.hint.visible = opening is not None
        if opening is not None:
            self.hint.value = _(
                "Only {bidder_team} (the bidder's team) can make the opening sweep, "
                "only {dealer_team} (the dealer's team) the last-play sweep."
            ).format(bidder_team=names[opening], dealer_team=names[last])
