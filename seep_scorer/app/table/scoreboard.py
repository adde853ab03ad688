"""The scoreboard screen and its parts: the title, each team's standing, the deal rows, and each
side's chance of winning the next bazzi.

The scoreboard of one match: standings, the deals (newest first), undo and redo, ending the
match.
"""

from __future__ import annotations

import asyncio
import logging
import math
from weakref import WeakKeyDictionary

import flet as ft

from seep_scorer.app.history.stats import percent
from seep_scorer.app.shell.handlers import STORE_FAULTS, off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.theme import line_height, line_scale
from seep_scorer.app.shell.widgets import (
    BUTTON,
    TAP,
    Screen,
    big_button,
    help_mark,
    labelled_icon_button,
    notice,
    num,
    relabel,
    section_title,
    sem,
    tall,
    tile,
)
from seep_scorer.app.table.deal_view import DealViewScreen
from seep_scorer.app.table.invite import invite_entry
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.app.table.share import share_entry
from seep_scorer.i18n.translate import _, current_language, ngettext
from seep_scorer.rules import Team
from seep_scorer.stats import player_key
from seep_scorer.stats.ratings import UNRATED, chances

__all__ = [
    "DealViewScreen",
    "ScoreboardScreen",
    "is_wide",
    "wrap_title",
    "fit_title",
    "TeamColumn",
    "Standings",
    "deal_row",
    "next_bazzi",
    "chances_row",
]

log = logging.getLogger(__name__)
SCROLL_SECONDS = 10.0


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
        self.view.appbar.actions = (
            invite_entry(host, f"{self.route}/invite")
            + share_entry(host, vm.match_id)
            + [self.undo_sem, self.redo_sem]
        )
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


# ---- the scoreboard's parts
# The scoreboard's parts: its title fitted to the team names, each team's standing, a deal's
# row.


def _quiet(control: ft.Control) -> ft.Control:
    """Shown, not read: a screen reader hears the same thing from the node beside it."""
    return ft.Semantics(content=control, exclude_semantics=True)


def wrap_title(appbar: ft.AppBar) -> None:
    """Long team names wrap in the title instead of being cut."""
    appbar.title.max_lines = 3
    appbar.title.overflow = ft.TextOverflow.ELLIPSIS
    fit_title(appbar)


def fit_title(appbar: ft.AppBar, wide: bool = False) -> None:
    """Wide (held sideways) the title has room for one line: no tall bar over a short screen.
    Upright, the bar grows with the lines it wraps into, so two lines are never squeezed into 56."""
    n = len(appbar.title.value or "")
    lang = current_language()
    if line_scale(lang, "title") > 1:
        _fit_tall_title(appbar, n, line_height(lang, "title"), wide)
        return
    appbar.title.size = None if n <= 26 else 16 if n <= 52 or wide else 14
    if wide:
        appbar.title.max_lines, appbar.toolbar_height = 2, None if n <= 80 else 64
        return
    appbar.title.max_lines = 3 if n <= 52 else 4
    appbar.toolbar_height = None if n <= 26 else 64 if n <= 40 else 76 if n <= 52 else 88


# The room the title has between the bar's buttons (upright, at 360 px; sideways more), and the
# mean advance of a letter (em): Noto Sans's and Nastaliq's are both about half an em.
TITLE_ROOM = {False: 200, True: 400}
LETTER_EM = 0.5


def _fit_tall_title(appbar: ft.AppBar, n: int, line_em: float, wide: bool) -> None:
    """A script whose lines are taller than Latin ones (Urdu's Nastaliq, 1.9 em a line): the title
    takes the largest size that keeps it on the fewest lines, and the bar is as tall as those lines
    with their padding, from the font's line height rather than a count of characters."""
    room = TITLE_ROOM[wide]

    def lines(size: int) -> int:
        return max(1, math.ceil(n * size * LETTER_EM / room))

    size = next((s for s in (22, 16) if lines(s) == 1), 16 if lines(16) <= 2 else 14)
    count = min(lines(size), 2 if wide else 4)
    appbar.title.size = None if size == 22 else size
    appbar.title.max_lines = count
    appbar.toolbar_height = max(56, math.ceil(count * size * line_em + 16))


class TeamColumn:
    """A team's standing, read as one sentence ("Sharmas: 1 bazzi, 450 points"): the big number
    carries it, the words around it are for the eye only. Built once, redrawn in place."""

    def __init__(self, vm: ScoreboardVM, t: int):
        self.vm, self.t = vm, t
        self.bazzis = vm.uses_bazzis
        self.name = ft.Text(
            "",
            weight=ft.FontWeight.BOLD,
            size=16,
            max_lines=3,
            overflow=ft.TextOverflow.ELLIPSIS,
            text_align=ft.TextAlign.CENTER,
        )
        quiet = dict(size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        self.big = ft.Text("", size=44 if self.bazzis else 40, weight=ft.FontWeight.BOLD)
        self.word = ft.Text("", **quiet)
        self.points = ft.Text("", **quiet)  # with bazzis: the points in all, under the word
        self.big_sem = sem(
            f"bazzis-{t}" if self.bazzis else f"totals-{t}",
            self.big,
            label="",
            exclude_semantics=True,
        )
        col = [_quiet(self.name), self.big_sem, _quiet(self.word)]
        if self.bazzis:
            col.append(sem(f"totals-{t}", self.points, exclude_semantics=True))
        self.control = ft.Container(
            ft.Column(
                col, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True
            ),
            expand=True,
        )

    def draw(self) -> None:
        vm, t = self.vm, self.t
        st = vm.standings
        total = st.totals[t]
        self.name.value = vm.team_names()[t]
        self.big_sem.label = vm.standing_text(t)
        if self.bazzis:
            n = st.bazzis[t]
            self.big.value = num(n)
            # TRANSLATORS: the word under the big number of bazzis a team has won.
            self.word.value = ngettext("bazzi", "bazzis", n)
            self.points.value = ngettext(
                "{points} point in all", "{points} points in all", total
            ).format(points=num(total))
        else:
            self.big.value = num(total)
            # TRANSLATORS: the word under a team's big running total.
            self.word.value = ngettext("point", "points", total)


class Standings:
    """The standings card: each team's column, the difference, the next dealer, the format. Built
    once and redrawn in place, so that a deal saved on another phone sends a few new texts, not a
    new card (issue 24's load)."""

    def __init__(self, host: Host, vm: ScoreboardVM):
        self.vm = vm
        self.columns = [TeamColumn(vm, t) for t in (0, 1)]
        self.difference = ft.Text(
            "", size=20, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
        )
        self.dealer = ft.Text("", text_align=ft.TextAlign.CENTER)
        self.format = ft.Text("", size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        middle = ft.CrossAxisAlignment.CENTER
        self.lines = [
            ft.Row(
                [
                    sem("difference", self.difference, expand=True),
                    help_mark(host, "help-bazzi" if vm.uses_bazzis else "help-scoring"),
                ],
                spacing=0,
                vertical_alignment=middle,
            ),
            ft.Row(
                [sem("next-dealer", self.dealer, expand=True), help_mark(host, "help-dealer")],
                spacing=0,
                vertical_alignment=middle,
            ),
            self.format,
        ]
        self.control = ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=16)
        self.wide: bool | None = None

    def draw(self, wide: bool) -> None:
        vm = self.vm
        for column in self.columns:
            column.draw()
        self.difference.value = vm.difference_text()
        self.dealer.value = vm.next_dealer_text()
        self.format.value = vm.format_text()
        if wide == self.wide:
            return
        self.wide = wide
        cols = [c.control for c in self.columns]
        if wide:
            # landscape (or a desktop): the standings beside the difference and the next dealer,
            # so a 412-pixel-high screen shows them without scrolling
            self.control.content = ft.Row(
                [
                    ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START, expand=1),
                    ft.Column(
                        self.lines,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        spacing=2,
                        tight=True,
                        expand=1,
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=8,
            )
        else:
            self.control.content = ft.Column(
                [ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START), ft.Divider(height=8)]
                + self.lines,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=4,
                tight=True,
            )
        self.control.padding = 8 if wide else 12


def deal_row(host: Host, match_id: str, row) -> ft.Control:
    """A deal row: its score, its own margin and the running difference apart, its sweeps, how a
    bazzi was won; a tap opens the deal read-only."""
    lines = [
        ft.Text(row.title, weight=ft.FontWeight.BOLD),
        ft.Text(row.margin, size=13),
        ft.Text(row.running, size=13),
    ]
    if row.sweeps:
        lines.append(ft.Text(row.sweeps, size=13))
    if row.dealer:
        lines.append(ft.Text(row.dealer, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if row.event:
        lines.append(
            ft.Text(row.event, size=13, color=ft.Colors.TERTIARY, weight=ft.FontWeight.BOLD)
        )
    return tile(
        f"deal-{row.number}",
        ft.Row(
            [
                ft.Column(lines, spacing=1, tight=True, expand=True),
                ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18),
            ]
        ),
        host.handler(host.go, f"/match/{match_id}/deal/{row.number}"),
        height=None,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        alignment=ft.Alignment.CENTER_LEFT,
        settled=True,  # a row that changes is built anew (Scoreboard.refresh)
    )


# ---- each side's chance of the next bazzi
# Each side's chance of winning the next bazzi, under the scoreboard's standings (stats.md
# "Ratings"). Off by default: only a device whose Settings turn it on (`setting-show-chances`) ever
# shows it. The ratings are read off the event loop, once per revision of the match, and the
# scoreboard is drawn again when they arrive.


class _Chances:
    """One match's row, kept with its view-model: its chances are those of `revision`."""

    def __init__(self) -> None:
        self.revision: int | None = None
        self.values: tuple[float, float] | None = None
        self.task: asyncio.Task | None = None  # held: a task nobody holds may be collected


_rows: WeakKeyDictionary[ScoreboardVM, _Chances] = WeakKeyDictionary()


def next_bazzi(repo, teams: tuple[Team, Team]) -> tuple[float, float]:
    """Each team's chance of winning a bazzi from the players' all-time ratings (a store call)."""
    stats = repo.statistics(None)
    ratings = {p.key[0]: p.rating for p in stats.players if p.rating is not None}
    sides = [[ratings.get(player_key(n), UNRATED) for n in team.players] for team in teams]
    return chances(*sides)


def chances_row(screen) -> list[ft.Control]:
    """What the scoreboard shows under its standings: nothing, or `scoreboard-chances`."""
    vm: ScoreboardVM = screen.vm
    settings = getattr(screen.host, "settings", None)  # this device's (the app's SettingsVM)
    if not getattr(settings, "show_chances", False) or vm.finished or not vm.uses_bazzis:
        return []
    row = _rows.setdefault(vm, _Chances())
    revision = vm.stored.revision
    if row.revision != revision and row.task is None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # drawn with no event loop (a control-tree test): nothing to wait on
            loop = None
        if loop is not None:
            fill = screen.host.handler(_fill, screen, row, revision, screen=screen)
            row.task = loop.create_task(fill())
            row.task.add_done_callback(lambda _task: setattr(row, "task", None))
    if row.values is None:
        return []
    names = vm.team_names()
    lines = [
        ft.Text(_("Chance of winning the next bazzi"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(
            [
                ft.Text(
                    f"{names[t]}: {percent(row.values[t])}",
                    weight=ft.FontWeight.BOLD,
                    expand=True,
                    text_align=ft.TextAlign.START if t == 0 else ft.TextAlign.END,
                )
                for t in (0, 1)
            ],
            spacing=8,
        ),
    ]
    return [
        sem(
            "scoreboard-chances",
            ft.Container(
                ft.Column(lines, spacing=2, tight=True),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                border_radius=12,
                padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            ),
            container=True,
        )
    ]


async def _fill(screen, row: _Chances, revision: int) -> None:
    vm: ScoreboardVM = screen.vm
    try:
        row.values = await off_loop(next_bazzi, vm.repo, vm.match.teams)
    except STORE_FAULTS:
        log.info("no chances: the ratings are not available", exc_info=True)
        row.values = None
    row.revision = revision
    screen.changed()
