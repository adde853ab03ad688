"""The statistics screen."""

from __future__ import annotations

import flet as ft

from ...i18n import _
from .. import texts
from ..host import Host
from ..viewmodels import StatsVM
from ..widgets import notice, sem
from .base import Screen, num


class StatsScreen(Screen):
    route = "/stats"
    nav_route = "/stats"

    def __init__(self, host: Host, vm: StatsVM):
        self.vm = vm
        super().__init__(host)
        self.refresh()

    def title(self) -> str:
        return _("Statistics")

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        sweeps = vm.sweeps
        rows = [
            ("stats-matches", _("Matches"), vm.matches),
            ("stats-finished", _("Finished matches"), vm.finished),
            ("stats-deals", _("Deals recorded"), vm.deals),
            ("stats-sweeps-normal", _(texts.SWEEP_KIND_LABELS["normal"]), sweeps["normal"]),
            ("stats-sweeps-opening", _(texts.SWEEP_KIND_LABELS["opening"]), sweeps["opening"]),
            ("stats-sweeps-last", _(texts.SWEEP_KIND_LABELS["last"]), sweeps["last"]),
        ]
        self.body.controls = ([notice(vm.message, error=True)] if vm.message else []) + [
            sem(ident, ft.Row([ft.Text(label, expand=True), ft.Text(num(n), weight=ft.FontWeight.BOLD, size=18)]),
                label=label, value=num(n))
            for ident, label, n in rows
        ]
