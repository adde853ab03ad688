"""The scoreboard of one match: standings, the deals (newest first), undo and redo, ending the
match."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from ...i18n import _
from ..host import Host
from ..viewmodels import ScoreboardVM, off_loop
from ..widgets import (
    BUTTON,
    TAP,
    big_button,
    labelled_icon_button,
    notice,
    relabel,
    section_title,
    sem,
    tall,
)
from .base import Screen
from .chances import chances_row
from .deal_view import DealViewScreen
from .invite import invite_entry
from .scoreboard_parts import Standings, deal_row, fit_title, wrap_title

log = logging.getLogger(__name__)
SCROLL_SECONDS = 10.0

__all__ = ["DealViewScreen", "ScoreboardScreen"]


# From this page width (a phone held sideways, a desktop) the standings sit beside the difference.
WIDE = 560


def is_wide(page_width: float | None) -> bool:
    return bool(page_width and page_width > WIDE)


class ScoreboardScreen(Screen):
    nav_route = ""

    keeps_awake = True

    def __init__(self, host: Host, vm: ScoreboardVM):
        self.vm = vm
        self.match_id = vm.match_id
        self.route = f"/match/{vm.match_id}"
        self.wide = is_wide(host.page_width())  # as `fit_width` will find it: one first drawing
        self.seen_news: tuple = (None, False)  # the notice and the finished flag last drawn
        super().__init__(host)
        wrap_title(self.view.appbar)
        # built once: quick taps must never land on a replaced control
        self.row_controls: dict[int, tuple[object, ft.Control]] = {}
        h = self.host.handler
        self.record_btn = ft.FilledButton(
            content=ft.Text(_("Record deal"), max_lines=2, text_align=ft.TextAlign.CENTER),
            icon=ft.Icons.ADD,
            height=tall(BUTTON),
            expand=True,
            on_click=h(self.host.go, f"/match/{self.match_id}/deal"),
        )
        # The same, with every point card already on the second team: when that team took most of
        # them, fewer taps (at most min(k, 17 - k) card taps either way).
        names = self.vm.team_names()
        # Says what it does to the eye too (a team's name alone did not), in as many words as the
        # first button has; read once: its text is its name.
        self.swapped_text = ft.Text(
            _("Record deal, cards to {team}").format(team=names[1]),
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
            text_align=ft.TextAlign.CENTER,
        )
        self.swapped_btn = ft.OutlinedButton(
            content=self.swapped_text,
            icon=ft.Icons.SWAP_HORIZ,
            height=tall(BUTTON),
            expand=True,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            on_click=h(self.host.go, f"/match/{self.match_id}/deal/swapped"),
        )
        self.swapped_sem = ft.Semantics(
            identifier="record-deal-swapped", content=self.swapped_btn, expand=3
        )
        self.end_button = big_button(
            "end-match", _("End the match now"), h(self._ask_end, screen=self), filled=False
        )
        self.reopen_button = big_button(
            "reopen-match",
            _("Reopen the match"),
            h(self._reopen, screen=self),
            icon=ft.Icons.REPLAY,
            filled=False,
        )
        # the chart, the tally, sharing, downloads and a rematch
        self.review_button = big_button(
            "open-review",
            _("Review the match"),
            h(self.host.go, f"/match/{self.match_id}/review"),
            icon=ft.Icons.SHOW_CHART,
            filled=False,
        )
        self.end_dialog: ft.AlertDialog | None = None
        # Undo and redo sit in the app bar, always in reach, so that the record buttons keep
        # room for long labels ("Registra smazzata") on a 360-pixel phone.
        # Each says what it would do ("Take back deal 4"): `refresh` renames them as the history
        # changes.
        self.undo_sem = labelled_icon_button(
            "undo-deal", vm.undo_label(), ft.Icons.UNDO, h(self._undo, screen=self)
        )
        self.redo_sem = labelled_icon_button(
            "redo-deal", vm.redo_label(), ft.Icons.REDO, h(self._redo, screen=self)
        )
        self.undo_btn, self.redo_btn = self.undo_sem.content, self.redo_sem.content
        self.view.appbar.actions = invite_entry(host, f"{self.route}/invite") + [
            self.undo_sem,
            self.redo_sem,
        ]
        self.standings = Standings(host, vm)
        self.deals_title = section_title(_("Deals (newest first)"))
        self.no_deals = ft.Text(_("No deals yet."), color=ft.Colors.ON_SURFACE_VARIANT)
        self.headings: dict[str, ft.Text] = {}  # a bazzi's heading, by its text
        record = sem("record-deal", self.record_btn, expand=2)
        self.footer.controls = [ft.Row([record, self.swapped_sem], spacing=6)]

    def title(self) -> str:
        names = self.vm.team_names()
        return _("{team0} vs {team1}").format(team0=names[0], team1=names[1])

    def fit_width(self, page_width: float | None) -> None:
        super().fit_width(page_width)
        wide = is_wide(page_width)
        if wide != self.wide:
            self.wide = wide
            self.refresh()

    def refresh(self) -> None:
        vm = self.vm
        st = vm.standings
        h = self.host.handler
        # team names may have changed; keep the undo/redo actions
        self.view.appbar.title.value = self.title()
        fit_title(self.view.appbar, self.wide)
        items: list[ft.Control] = []
        # A notice or a result not seen yet is brought into sight: both sit at the top, and the
        # scoreboard kept the scroll position of a deal edited far down (issue 33).
        news = (vm.message, st.finished)
        if news != self.seen_news and (vm.message or st.finished):
            self.host.after_show(self._to_top)
        self.seen_news = news
        if vm.message:
            action, handler = None, None
            if vm.refusal is not None and vm.refusal.kept is not None:
                # a deletion refused on the deal screen: its way out, one tap away
                action = _("Delete, keeping the dealers")
                handler = h(self._keep_dealers, screen=self)
            elif vm.offers_undo:
                action, handler = _("Undo"), h(self._undo, screen=self)
            elif vm.can_redo:
                action, handler = _("Redo"), h(self._redo, screen=self)
            items.append(notice(vm.message, action, handler, on_close=h(self._dismiss)))
        if st.finished:
            items.append(
                sem(
                    "match-result",
                    ft.Container(
                        ft.Row(
                            [
                                ft.Icon(
                                    ft.Icons.EMOJI_EVENTS, color=ft.Colors.ON_TERTIARY_CONTAINER
                                ),
                                ft.Text(
                                    vm.result_text(),
                                    weight=ft.FontWeight.BOLD,
                                    expand=True,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER,
                                ),
                            ]
                        ),
                        bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        padding=12,
                        border_radius=12,
                    ),
                )
            )
        self.standings.draw(self.wide)
        items.append(self.standings.control)
        items += chances_row(self)  # off unless this device's settings turn it on
        if not self.confined:  # a table phone: ending is the organiser's, the review elsewhere
            if vm.can_end:
                items.append(self.end_button)
            if vm.can_reopen:
                items.append(self.reopen_button)
            if vm.deals:
                items.append(self.review_button)
        # Only what changed is new: the rest are the controls the client already has.
        items.append(self.deals_title)
        if not vm.deals:
            items.append(self.no_deals)
        controls, headings = {}, {}
        heading = None
        for row in vm.rows():
            if row.bazzi is not None and row.bazzi != heading:
                heading = row.bazzi
                text = vm.bazzi_heading(row.bazzi)
                headings[text] = self.headings.get(text) or ft.Text(
                    text, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT
                )
                items.append(headings[text])
            cached = self.row_controls.get(row.number)
            if cached is None or cached[0] != row:
                cached = (row, deal_row(self.host, self.match_id, row))
            controls[row.number] = cached
            items.append(cached[1])
        self.row_controls, self.headings = controls, headings
        self.body.controls = items
        self.record_btn.disabled = vm.finished
        self.swapped_btn.disabled = vm.finished
        self.undo_btn.disabled = not vm.can_undo
        self.redo_btn.disabled = not vm.can_redo
        relabel(self.undo_sem, vm.undo_label())  # "Take back deal 4"
        relabel(self.redo_sem, vm.redo_label())

    async def _to_top(self) -> None:
        try:  # bounded: Flet waits for the phone's answer, which a phone that left never sends
            await asyncio.wait_for(self.body.scroll_to(offset=0, duration=250), SCROLL_SECONDS)
        except Exception as err:  # not on a live page, or the phone left meanwhile
            log.debug("scoreboard not scrolled: %s", err)

    def changed(self) -> None:
        super().changed()
        self.host.run_after_show()  # a notice an undo brought, in sight

    async def _apply(self, change) -> None:
        """Run a view-model change off the loop; tell the other phones only when it was saved."""
        if await off_loop(change):
            self.host.publish(self.match_id)
        self.changed()

    async def _undo(self):
        await self._apply(self.vm.undo)

    async def _redo(self):
        await self._apply(self.vm.redo)

    async def _keep_dealers(self):
        await self._apply(self.vm.delete_keeping_dealers)

    async def _reopen(self):
        await self._apply(self.vm.reopen_match)

    def _ask_end(self):
        """Ending is easy to tap by mistake: ask first (and undo reopens it anyway)."""
        h = self.host.handler
        self.end_dialog = ft.AlertDialog(
            title=ft.Text(_("End the match now?")),
            content=ft.Semantics(
                identifier="end-match-confirm",
                container=True,
                content=ft.Text(
                    _(
                        "The match ends here, with the result as it stands now. "
                        "Undo brings it back, and so does “Reopen the match”."
                    )
                ),
            ),
            actions=[
                sem(
                    "end-match-cancel",
                    ft.TextButton(
                        content=_("Keep playing"), height=TAP, on_click=h(self._close_end_dialog)
                    ),
                ),
                sem(
                    "end-match-yes",
                    ft.FilledButton(
                        content=_("End the match"), height=TAP, on_click=h(self._end, screen=self)
                    ),
                ),
            ],
        )
        self.host.show_dialog(self.end_dialog)

    def _close_end_dialog(self):
        if self.end_dialog is not None:
            self.host.close_dialog(self.end_dialog)

    async def _end(self):
        self._close_end_dialog()
        await self._apply(self.vm.end_match)

    def _dismiss(self):
        self.vm.dismiss()
        self.changed()

    def leave(self) -> None:
        super().leave()
        self.vm.dismiss()  # the view-model outlives this screen: its notice must not
