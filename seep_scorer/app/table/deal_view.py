"""One past deal, read-only (a tap on its scoreboard row): what was recorded and what it did, with
Edit (`edit-deal`) and Delete (`delete-deal`)."""

from __future__ import annotations

import flet as ft

from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import TAP, Screen, big_button, num, sem
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.i18n.translate import _


class DealViewScreen(Screen):
    nav_route = ""
    keeps_awake = True

    def __init__(self, host: Host, board: ScoreboardVM, number: int):
        self.board, self.number = board, number
        self.match_id = board.match_id
        self.route = f"/match/{board.match_id}/deal/{number}"
        super().__init__(host)
        h = host.handler
        self.edit_button = big_button(
            "edit-deal",
            _("Edit deal {number}").format(number=num(number)),
            h(self._edit, screen=self),
            icon=ft.Icons.EDIT,
            expand=True,
        )
        self.delete_button = big_button(
            "delete-deal",
            _("Delete deal {number}").format(number=num(number)),
            h(self._delete, screen=self),
            icon=ft.Icons.DELETE_OUTLINE,
            filled=False,
            expand=True,
        )
        self.footer.controls = [ft.Row([self.delete_button, self.edit_button], spacing=6)]
        self.refused_dialog: ft.AlertDialog | None = None

    def title(self) -> str:
        return _("Deal {number}").format(number=num(self.number))

    def refresh(self) -> None:
        lines = self.board.deal_view(self.number)
        if lines is None:  # deleted on another phone meanwhile
            self.body.controls = [ft.Text(_("This deal is no longer in the match."))]
            self.edit_button.visible = self.delete_button.visible = False
            return
        rows = []
        for i, (what, value) in enumerate(lines):
            rows.append(
                sem(
                    f"deal-view-{i}",
                    ft.Row(
                        [
                            ft.Text(what, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=2),
                            ft.Text(value, weight=ft.FontWeight.BOLD, expand=3),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    container=True,
                )
            )
        self.body.controls = [sem("deal-view", ft.Column(rows, spacing=8, tight=True))]

    async def _edit(self):
        await self.host.go(f"/match/{self.match_id}/deal/{self.number}/edit", replace_top=True)

    async def _delete(self):
        if await off_loop(self.board.delete_deal, self.number):
            self.host.publish(self.match_id)
        elif self.board.refusal is not None:
            self._offer_ways_out()
            return
        await self.host.go_back()

    def _offer_ways_out(self) -> None:
        """A later deal would fail without this one: say which and why, here, with the ways out
        (keep the dealers the later deals were shown with, or change that deal first)."""
        plan, h = self.board.refusal, self.host.handler
        message = self.board.take_message()  # shown here, not again on the scoreboard
        actions = [
            sem(
                "delete-deal-cancel",
                ft.TextButton(content=_("Cancel"), height=TAP, on_click=h(self._close_refused)),
            ),
            sem(
                "delete-deal-edit-later",
                ft.TextButton(
                    content=_("Edit deal {number}").format(number=num(plan.to_change)),
                    height=TAP,
                    on_click=h(self._edit_later, plan.to_change, screen=self),
                ),
            ),
        ]
        if plan.kept is not None:
            actions.append(
                sem(
                    "delete-deal-keep-dealers",
                    ft.FilledButton(
                        content=_("Delete, keeping the dealers"),
                        height=TAP,
                        on_click=h(self._keep_dealers, screen=self),
                    ),
                )
            )
        self.refused_dialog = ft.AlertDialog(
            title=ft.Text(_("Delete deal {number}").format(number=num(self.number))),
            content=ft.Semantics(
                identifier="delete-deal-refused", container=True, content=ft.Text(message)
            ),
            actions=actions,
        )
        self.host.show_dialog(self.refused_dialog)

    def _close_refused(self) -> None:
        self.board.dismiss()
        if self.refused_dialog is not None:
            self.host.close_dialog(self.refused_dialog)

    async def _edit_later(self, number: int):
        self._close_refused()
        await self.host.go(f"/match/{self.match_id}/deal/{number}/edit", replace_top=True)

    async def _keep_dealers(self):
        if self.refused_dialog is not None:
            self.host.close_dialog(self.refused_dialog)
        if await off_loop(self.board.delete_keeping_dealers):
            self.host.publish(self.match_id)
        await self.host.go_back()
