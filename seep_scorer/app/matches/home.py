"""The matches list: the home screen. Matches in progress first, then the newest, a page at a time;
search by team or player name as you type, and a filter finished / in progress."""

from __future__ import annotations

import asyncio
from datetime import datetime

import flet as ft

from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import (
    Chip,
    Screen,
    big_button,
    labelled_icon_button,
    notice,
    sem,
    tile,
)
from seep_scorer.app.table.invite import invite_entry
from seep_scorer.app.table.share import join_entry
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import N_, _, fmt

FILTERS = (("all", N_("All")), ("playing", N_("In progress")), ("finished", N_("Finished")))


class MatchesScreen(Screen):
    nav_route = "/"
    # Typing waits this long for the next key before searching: one search per pause, not per key.
    SEARCH_DELAY = 0.3

    def __init__(self, host: Host, vm: MatchesVM):
        self.vm = vm
        self._pending: asyncio.Task | None = None
        self._typed = (
            0  # counts keystrokes in the search field; a pending search runs only if it is the last
        )
        super().__init__(host)
        h = self.host.handler
        # built once: typing must never land on a replaced field
        self.search_field = ft.TextField(
            label=_("Search by team or player"),
            prefix_icon=ft.Icons.SEARCH,
            value=vm.text,
            dense=False,
            on_change=h(self._typed_text, event=True),
            on_submit=h(self._submitted, event=True),
        )
        self.search = ft.Row([sem("matches-search", self.search_field, expand=True)])
        self.filter_chips = {
            status: Chip(
                f"matches-filter-{status}",
                _(label),
                h(self._filter, status, screen=self),
                expand=True,
                compact=False,
            )
            for status, label in FILTERS
        }
        self.filters = sem(
            "matches-filter", ft.Row([c.control for c in self.filter_chips.values()], spacing=6)
        )
        self.more_button = big_button(
            "matches-more",
            _("More matches"),
            h(self._more, screen=self),
            icon=ft.Icons.EXPAND_MORE,
            filled=False,
        )
        self.view.appbar.actions = invite_entry(host, "/invite") + join_entry(host)

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        h = self.host.handler
        items: list[ft.Control] = []
        for text in self.host.take_store_notices():
            items.append(
                notice(texts.store_notice_text(text), on_close=h(self.changed), error=True)
            )
        if vm.message:
            items.append(
                notice(
                    vm.message,
                    _("Undo") if vm.deleted else None,
                    h(self._undo_delete, screen=self),
                    on_close=h(self._dismiss),
                )
            )
        items.append(
            big_button("new-match", _("New match"), h(self.host.go, "/new"), icon=ft.Icons.ADD)
        )
        if vm.matches or vm.searching:
            for status, chip in self.filter_chips.items():
                chip.set(vm.status == status)
            items += [self.search, self.filters]
        if not vm.matches:
            items.append(
                ft.Text(
                    _("No matches found.")
                    if vm.searching
                    else _(
                        "No matches yet. Start one: the defaults are the standard rules, "
                        "a match of three bazzis."
                    ),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        for m in vm.matches:
            items.append(self._row(m))
        if vm.has_more:
            items.append(self.more_button)
        self.body.controls = items

    def _row(self, m) -> ft.Control:
        h = self.host.handler
        line2 = _("{deals}, {status}, {when}").format(
            deals=texts.deals_count_text(m.deals),
            status=self.vm.status_text(m),
            when=_format_when(m.updated),
        )
        teams = _("{team0} vs {team1}").format(team0=m.teams[0], team1=m.teams[1])
        lines = [ft.Text(teams, weight=ft.FontWeight.BOLD, max_lines=2)]
        players = self.vm.players_text(m)
        if players:
            lines.append(ft.Text(players, size=13, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))
        event = self.vm.event_text(m)
        if event:
            lines.append(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.EMOJI_EVENTS_OUTLINED, size=16, color=ft.Colors.PRIMARY),
                        ft.Text(event, size=13, color=ft.Colors.PRIMARY, expand=True),
                    ],
                    spacing=4,
                )
            )
        result = ft.Text(line2, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)
        # stopped early: no trophy
        icon = ft.Icons.STOP_CIRCLE_OUTLINED if m.stopped else ft.Icons.EMOJI_EVENTS
        lines.append(
            ft.Row([ft.Icon(icon, size=16, color=ft.Colors.TERTIARY), result], spacing=4)
            if m.finished
            else result
        )
        # A finished match opens its review; one in progress its scoreboard (which leads to the
        # review too).
        route = f"/review/{m.id}" if m.finished else f"/match/{m.id}"
        return ft.Row(
            [
                tile(
                    f"match-{m.id}",
                    ft.Column(lines, spacing=2, tight=True),
                    h(self.host.go, route),
                    height=None,
                    expand=True,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                    alignment=ft.Alignment.CENTER_LEFT,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW
                    if m.finished
                    else ft.Colors.SURFACE_CONTAINER_HIGH,
                ),
                # A club night's match is the organiser's: not deleted here by one tap (issue 33);
                # its event is where it belongs.
                ft.Container(width=48)
                if event
                else labelled_icon_button(
                    f"delete-match-{m.id}",
                    _("Delete the match {teams} ({details})").format(teams=teams, details=line2),
                    ft.Icons.DELETE_OUTLINE,
                    h(self._delete, m.id, f"{teams} ({line2})", screen=self),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    # -- search as you type: one search once typing pauses
    def _typed_text(self, e) -> None:
        self._typed += 1
        # the loop keeps only a weak reference to a task: hold it until it is done
        self._pending = asyncio.get_running_loop().create_task(self._search_later(self._typed))

    async def _search_later(self, typed: int) -> None:
        await asyncio.sleep(self.SEARCH_DELAY)
        if typed == self._typed:
            await self.host.handler(self._search, screen=self)()

    def _submitted(self, e) -> None:
        self._typed += 1
        self._pending = asyncio.get_running_loop().create_task(
            self.host.handler(self._search, screen=self)()
        )

    async def _search(self) -> None:
        text = self.search_field.value or ""
        if text.strip() == self.vm.text:
            return
        await off_loop(self.vm.search, text)
        self.changed()

    async def _filter(self, status: str) -> None:
        await off_loop(self.vm.set_status, status)
        self.changed()

    async def _more(self) -> None:
        await off_loop(self.vm.more)
        self.changed()

    async def _delete(self, match_id: str, name: str) -> None:
        await off_loop(self.vm.delete, match_id, name)
        self.host.publish(None)
        self.changed()

    async def _undo_delete(self) -> None:
        await off_loop(self.vm.undo_delete)
        self.host.publish(None)
        self.changed()

    def _dismiss(self, e=None) -> None:
        self.vm.dismiss()
        self.changed()

    def leave(self) -> None:
        super().leave()
        # this screen stays under the others: "Match deleted" must not greet a return
        self.vm.dismiss()


def _format_when(iso: str) -> str:
    """The day a match was last changed, in local time, as the language's medium date ("Dec 1,
    2026", "1 dic 2026"): no reader can take the day for the month."""
    try:
        dt = datetime.fromisoformat(iso.replace("Z", "+00:00"))
        return fmt().medium_date(dt.astimezone())
    except Exception:
        return fmt().digits(iso[:10])
