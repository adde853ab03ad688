"""The "Fair teams" panel of the new-match screen: `fair-teams` asks for the fairest split of the
four players, the card shows both sides' chances, `fair-teams-apply` seats them and
`fair-teams-undo` puts the players back. Built once; `refresh()` only restyles."""

from __future__ import annotations

from typing import Callable

import flet as ft

from ...i18n import _
from ..host import Host
from ..viewmodels import off_loop
from ..viewmodels.new_match_fair import FairTeamsVM
from ..widgets import TAP, sem
from .stats_parts import pair_name, percent


class FairTeamsPanel:
    def __init__(self, host: Host, screen, vm: FairTeamsVM, names_moved: Callable[[], None]):
        self.host, self.screen, self.vm = host, screen, vm
        self._names_moved = names_moved
        h = host.handler
        self.ask = sem(
            "fair-teams",
            ft.OutlinedButton(
                content=_("Fair teams"),
                icon=ft.Icons.BALANCE,
                height=TAP,
                on_click=h(self._suggest, screen=screen),
            ),
        )
        self.sides = [ft.Text("", weight=ft.FontWeight.BOLD, expand=True) for _i in (0, 1)]
        self.chances = [ft.Text("", weight=ft.FontWeight.BOLD, size=18) for _i in (0, 1)]
        self.guess = ft.Text(
            # TRANSLATORS: under the fair teams suggestion when a player has never played here.
            _("Some of these players have no rated games yet, so this is a guess."),
            size=12,
            color=ft.Colors.TERTIARY,
        )
        self.seated = ft.Text(
            _("The players already sit in the fairest teams."), size=13, weight=ft.FontWeight.BOLD
        )
        self.apply = sem(
            "fair-teams-apply",
            ft.FilledTonalButton(
                content=_("Use these teams"),
                icon=ft.Icons.CHECK,
                height=TAP,
                on_click=h(self._apply),
            ),
        )
        self.undo = sem(
            "fair-teams-undo",
            ft.TextButton(
                content=_("Undo"), icon=ft.Icons.UNDO, height=TAP, on_click=h(self._undo)
            ),
        )
        self.error = ft.Text("", color=ft.Colors.ERROR)
        rows = [
            sem(
                f"fair-teams-side-{i}",
                ft.Row([self.sides[i], self.chances[i]], spacing=8),
                container=True,
            )
            for i in (0, 1)
        ]
        self.card = sem(
            "fair-teams-suggestion",
            ft.Container(
                ft.Column(
                    [
                        ft.Text(
                            # TRANSLATORS: heading of the two partnerships' chances.
                            _("Chance of winning a bazzi, from the ratings"),
                            size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                        *rows,
                        self.guess,
                        self.seated,
                        ft.Row([self.apply, self.undo], wrap=True, spacing=8),
                    ],
                    spacing=4,
                    tight=True,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                border_radius=12,
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            ),
            container=True,
        )
        self.control = ft.Column([ft.Row([self.ask]), self.card, self.error], spacing=6, tight=True)
        self.refresh()

    def refresh(self) -> None:
        vm = self.vm
        split = vm.shown
        self.control.visible = vm.available
        self.card.visible = split is not None
        self.error.value = vm.error or ""
        self.error.visible = bool(vm.error)
        if split is None:
            return
        for i in (0, 1):
            self.sides[i].value = pair_name(split.teams[i])
            self.chances[i].value = percent(split.chances[i])
        self.guess.visible = split.guess
        self.seated.visible = vm.seated_so and not vm.can_undo
        self.apply.visible = not vm.seated_so
        self.undo.visible = vm.can_undo

    async def _suggest(self) -> None:
        await off_loop(self.vm.suggest)
        self.screen.changed()

    def _apply(self) -> None:
        self.vm.apply()
        self._names_moved()

    def _undo(self) -> None:
        self.vm.undo()
        self._names_moved()
