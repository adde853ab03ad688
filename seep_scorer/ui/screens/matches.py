"""The matches list: the home screen."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from ...i18n import _, fmt
from .. import texts
from ..host import Host
from ..viewmodels import MatchesVM, off_loop
from ..widgets import big_button, icon_button, notice, tile
from .base import Screen


class MatchesScreen(Screen):
    nav_route = "/"

    def __init__(self, host: Host, vm: MatchesVM):
        self.vm = vm
        super().__init__(host)
        self.refresh()

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        h = self.host.handler
        items: list[ft.Control] = []
        for text in self.host.take_store_notices():
            items.append(notice(texts.store_notice_text(text), on_close=h(self.changed), error=True))
        if vm.message:
            items.append(notice(vm.message, _("Undo") if vm.deleted else None, h(self._undo_delete, screen=self),
                                on_close=h(self._dismiss)))
        items.append(big_button("new-match", _("New match"), h(self.host.go, "/new"), icon=ft.Icons.ADD))
        if not vm.matches:
            items.append(ft.Text(_("No matches yet. Start one: the defaults are the standard rules, "
                                   "a match of three bazzis."), color=ft.Colors.ON_SURFACE_VARIANT))
        for m in vm.matches:
            status = _("finished") if m.finished else _("in progress")
            when = _format_when(m.updated)
            line2 = _("{deals}, {status}, {when}").format(deals=texts.deals_count_text(m.deals), status=status, when=when)
            row = ft.Row([
                tile(f"match-{m.id}",
                     ft.Column([ft.Text(_("{team0} vs {team1}").format(team0=m.teams[0], team1=m.teams[1]),
                                        weight=ft.FontWeight.BOLD, max_lines=2),
                                ft.Text(line2, size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
                               spacing=2, tight=True),
                     h(self.host.go, f"/match/{m.id}"),
                     height=None, expand=True, padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                     alignment=ft.Alignment.CENTER_LEFT,
                     bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if m.finished else ft.Colors.SURFACE_CONTAINER_HIGH),
                icon_button(f"delete-match-{m.id}", ft.Icons.DELETE_OUTLINE, h(self._delete, m.id, screen=self),
                            tooltip=_("Delete match")),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
            items.append(row)
        self.body.controls = items

    async def _delete(self, match_id: str) -> None:
        await off_loop(self.vm.delete, match_id)
        self.host.publish(None)
        self.changed()

    async def _undo_delete(self) -> None:
        await off_loop(self.vm.undo_delete)
        self.host.publish(None)
        self.changed()

    def _dismiss(self, e=None) -> None:
        self.vm.dismiss()
        self.changed()


def _format_when(iso: str) -> str:
    """When a match was last changed, in local time, as the session's language writes dates."""
    try:
        dt = datetime.fromisoformat(iso.replace("Z", "+00:00"))
        return fmt().date(dt.astimezone())
    except Exception:
        return fmt().digits(iso[:16].replace("T", " "))
