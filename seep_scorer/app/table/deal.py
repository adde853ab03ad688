"""The deal entry screen and its parts: the card tiles, the sweep counters, the most-cards choice,
the footer with live totals, and the questions before leaving it or when another phone saved.

Record a deal, or edit or delete a past one: card taps, sweeps, live totals, save."""

from __future__ import annotations

from typing import Callable

import flet as ft

from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.theme import LATIN_LINE
from seep_scorer.app.shell.widgets import (
    BUTTON,
    MAX_WIDTH,
    PAD,
    TAP,
    Chip,
    Counter,
    Screen,
    big_button,
    help_mark,
    notice,
    num,
    sem,
    send,
    tall,
    tile,
)
from seep_scorer.app.table.match_model import DealEntryVM, ScoreboardVM
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, fmt, ngettext
from seep_scorer.rules import SWEEP_KINDS, card_label

__all__ = [
    "DealScreen",
    "Card",
    "swap_tile",
    "card_width",
    "SweepCounters",
    "MostCards",
    "split_at_number",
    "TeamFigure",
    "DealFooter",
    "ask_discard",
    "stale_dialog",
]

# What the points field takes, character by character: ASCII, Arabic-Indic, Extended Arabic-Indic
# (Urdu, Sindhi), Devanagari, Bengali-Assamese, Gurmukhi and Thai digits, a sign, a decimal mark.
POINTS_TYPED = (
    r"[0-9\u0660-\u0669\u06F0-\u06F9\u0966-\u096F\u09E6-\u09EF\u0A66-\u0A6F\u0E50-\u0E59"
    r".,\u066B-]"
)
WIDE = 600  # from this width on (a phone held sideways) the footer is one row: totals, then save


class DealScreen(Screen):
    nav_route = ""

    keeps_awake = True

    def __init__(
        self, host: Host, board: ScoreboardVM, vm: DealEntryVM, swapped: bool = False, drafts=None
    ):
        """`vm` enters a new deal (its number None) or edits deal `vm.number` of `board`'s match;
        `swapped`: a new deal opened from "Record deal, cards to <second team>"; `drafts`: this
        device's `DraftBook`, which brings back an entry left unsaved (a reload) and keeps this
        one."""
        self.board, self.vm = board, vm
        self.swapped = swapped
        self.match_id = board.match_id
        self.number = number = vm.number
        self.route = f"/match/{self.match_id}/deal" + (
            f"/{number}" if number else "/swapped" if swapped else ""
        )
        self.message: str | None = None
        self.stale_dialog: ft.AlertDialog | None = None
        self.stale_upto = 0  # the last deal the stale-deal question named
        if swapped and number is None:
            vm.start_with(1)  # every card on the second team, the instruction saying so
        self.drafts, self.leaving = drafts, False  # leaving: saved or discarded, Back asks no more
        self.asked = False  # a dialog was shown over it: never kept for the next deal (keptentry)
        if drafts is not None:
            drafts.restore(self.match_id, vm)
        super().__init__(host)
        self._build()

    def start_again(self, board: ScoreboardVM) -> bool:
        """The next new deal on this entry, kept since the last one under the scoreboard (see
        `App.show`): a fresh view-model drawn in place, so the phone mounts no new controls (issue
        24: building and sending the 250 controls of a new entry was most of a table's cost).
        False where a new screen must be built instead."""
        if self.number is not None or self.swapped or board is not self.board:
            return False
        vm = DealEntryVM(board.match, None)
        if self.drafts is not None:
            self.drafts.restore(self.match_id, vm)
        if board.team_names() != self.names or vm.start_team != self.start_team:
            return False  # renamed teams, or a draft that started with the other team
        self.vm, self.message, self.leaving = vm, None, False
        self.stale_dialog, self.stale_upto = None, 0
        self.points_field.value = vm.points_text
        self.points_field.autofocus = vm.mode == "points" and not vm.points_text
        if self.points_field.autofocus:  # a field already on the phone takes focus when asked
            self.host.after_show(self.points_field.focus)
        self.drawn()
        return True

    def title(self) -> str:
        if self.number:
            return _("Edit deal {number}").format(number=num(self.number))
        return _("Record deal {number}").format(number=num(len(self.board.deals) + 1))

    def rebase(self) -> None:
        """The match changed elsewhere: keep what was entered, check it against the new state."""
        self.vm.rebase(self.board.match)

    def fit_width(self, page_width: float | None) -> None:
        super().fit_width(page_width)
        wide = bool(page_width and page_width >= WIDE)
        for box in [c.control.content for c in self.cards.values()] + [self.swap_tile.content]:
            box.width = card_width(page_width)
            box.height = tall(52)  # three rows of tiles over 48 each way (card_width)
        # A phone held sideways (or a wide window) is short: the save button goes beside the
        # totals and the app bar and the margins are slimmer, so the fixed part stays under a
        # third of the height and the body shows the cards and the sweep counters whole (issue 19).
        self.view.appbar.toolbar_height = 48 if wide else None
        self.frames[1].padding = ft.Padding.symmetric(horizontal=12, vertical=2) if wide else PAD
        self.view.padding = ft.Padding.only(bottom=0 if wide else 8)
        self.body.spacing = 6 if wide else 10
        self.sweeps.fit(wide)
        self.footer.controls = self.deal_footer.arrange(wide)

    def _build(self) -> None:
        vm = self.vm
        match = vm.match
        names = self.names = self.board.team_names()
        h = self.host.handler
        self.notice_slot = ft.Column(tight=True)
        self.dealer_chips = [
            Chip(
                f"dealer-{s}",
                match.seat_name(s),
                h(self._edit, DealEntryVM.set_dealer, s),
                expand=True,
            )
            for s in range(4)
        ]
        self.bidder_text = ft.Text("", size=13)
        self.mode_chips = {
            m: Chip(f"mode-{m}", label, h(self._set_mode, m), expand=True, compact=False)
            for m, label in (("cards", _("Cards")), ("points", _("Points")))
        }
        self.cards = {code: Card(code, h(self._tap, code)) for code in vm.cards}
        self.card_points = ft.Text("", size=13, weight=ft.FontWeight.BOLD, no_wrap=True)
        self.start_team = vm.start_team
        other = names[1 - vm.start_team]
        # "Swap all" is the grid's last tile, in the place the 17 cards leave free (issue 33: its
        # own row pushed the sweep counters under the footer); the card points end the first line.
        self.swap_tile = swap_tile(h(self._edit, DealEntryVM.swap_all))
        self.cards_section = ft.Column(
            [
                ft.Row(
                    [
                        # every tile names the team that has it: where the cards start is seen
                        ft.Text(
                            _("Tap the cards {team} took.").format(team=other), size=13, expand=True
                        ),
                        self.card_points,
                    ],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                ft.Row(
                    [c.control for c in self.cards.values()] + [self.swap_tile],
                    wrap=True,
                    spacing=CARD_GAP,
                    run_spacing=CARD_GAP,
                ),
            ],
            spacing=8,
            tight=True,
        )
        # Quick points: empty at first (nothing to type after), the number pad, the other team
        # follows live. The field's label is cut short on one line when the team's name is long: a
        # wrapped label covered the typed number (issue 33).
        self.points_field = ft.TextField(
            label=ft.Text(
                _("Card points of {team}").format(team=names[0]),
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            value=vm.points_text,
            keyboard_type=ft.KeyboardType.NUMBER,
            # Digits of every script the app writes, and what a mistyped number holds ("-5",
            # "12.5"): the entry says why it is not a card total instead of silently reading 5 or
            # 125 (issue 33); Python's int() reads "५०" as 50.
            input_filter=ft.InputFilter(regex_string=POINTS_TYPED),
            max_length=5,
            autofocus=vm.mode == "points" and not vm.points_text,
            on_change=h(self._points_changed, event=True),
            on_focus=h(self._points_focused),
            counter="",
            expand=True,
        )
        self.points_other = TeamFigure(size=16, ident="points-1", live_region=True, expand=True)
        self.points_section = ft.Row(
            [sem("points-0", self.points_field, expand=True), self.points_other.control],
            spacing=12,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        items: list[ft.Control] = [
            self.notice_slot,
            # Who deals and who bids, over the dealer's chips: the line is their heading.
            sem("bidder", self.bidder_text),
            sem("dealer", ft.Row([c.control for c in self.dealer_chips], spacing=4)),
            ft.Row([c.control for c in self.mode_chips.values()], spacing=6),
            self.cards_section,
            self.points_section,
        ]
        # The most-cards choice (race to 500) right under the cards, where its error is seen.
        self.most = MostCards(self.host, names, self._edit) if vm.needs_most_cards else None
        items.extend(self.most.rows if self.most else [])
        self.sweeps = SweepCounters(self.host, names, self._sweep)
        items.append(self.sweeps.section)
        if self.number:
            items.append(
                big_button(
                    "delete-deal",
                    _("Delete this deal"),
                    h(self._delete, screen=self),
                    icon=ft.Icons.DELETE_OUTLINE,
                    filled=False,
                )
            )
        items.append(ft.Container(height=16))  # the last row clear of the footer's edge
        self.body.controls = items
        self.deal_footer = DealFooter(self.host, h(self._save, screen=self))

    def refresh(self) -> None:
        vm = self.vm
        names = self.names
        match = vm.match
        # "Record deal 4" once another phone saved deal 3
        self.view.appbar.title.value = self.title()
        self.notice_slot.controls = (
            [notice(self.message, on_close=self.host.handler(self._dismiss), error=True)]
            if self.message
            else []
        )
        for s, chip in enumerate(self.dealer_chips):
            chip.set(vm.dealer == s)
        if vm.dealer is None:
            self.bidder_text.value = _("Choose the dealer: the bidder sits on the dealer's right.")
        else:
            self.bidder_text.value = _("{dealer} deals; {bidder} bids ({team}).").format(
                dealer=match.seat_name(vm.dealer),
                bidder=match.seat_name(vm.bidder),
                team=names[vm.bidder % 2],
            )
        self._draw_mode()
        for code, card in self.cards.items():
            card.set(vm.team_of(code), names[vm.team_of(code)])
        self.sweeps.draw(vm, names)
        if self.most:
            self.most.draw(vm)
        self._draw_figures()

    def _draw_mode(self) -> None:
        for m, chip in self.mode_chips.items():
            chip.set(self.vm.mode == m)
        self.cards_section.visible = self.vm.mode == "cards"
        self.points_section.visible = self.vm.mode == "points"

    def _draw_figures(self) -> None:
        """What every change to the entry may move: the card points, the other team's points, the
        footer's totals, preview, error and save button."""
        vm, names = self.vm, self.names
        cp = vm.card_points()
        if vm.mode == "cards":
            f = fmt()
            self.card_points.value = _("Card points {points0} : {points1}").format(
                points0=f.side(cp[0]), points1=f.side(cp[1])
            )
        self.points_other.set(
            names[1],
            "–" if cp is None or not 0 <= cp[1] <= vm.rules.card_total else num(cp[1]),
        )
        self.deal_footer.draw(vm, names)

    def changed(self) -> None:
        super().changed()
        self._keep_draft()

    def _changed_only(self, *parts: ft.Control) -> None:
        """A small change (a card tap, a sweep, a digit typed): `parts`, already drawn, and the
        figures are sent, and nothing else is redrawn or diffed (issue 24: a whole-screen update
        of 52 tiles cost a table's server more than the save itself)."""
        self._draw_figures()
        send(*parts, self.card_points, self.points_other.control, self.footer)
        self._keep_draft()

    def _keep_draft(self) -> None:
        if self.drafts is not None and not self.leaving:
            if self.vm.has_changes:
                self.drafts.keep(self.match_id, self.vm)
            elif self.vm.touched:  # an edit put back as it was
                self.drafts.drop(self.match_id)

    async def take_draft(self) -> None:
        """A draft read late (`DraftBook.read_again`): shown if nothing was entered here yet."""
        if not self.vm.touched and not self.leaving and self.drafts.restore(self.match_id, self.vm):
            self.points_field.value = self.vm.points_text
            self.changed()

    def discard(self) -> None:
        """Saved or discarded: no draft, and Back no longer asks."""
        self.leaving = True
        if self.drafts is not None:
            self.drafts.drop(self.match_id)

    def holds_back(self, then) -> bool:
        if self.leaving or not self.vm.has_changes:
            return False
        self.asked = True
        ask_discard(self.host, self, then)
        return True

    # handlers: each takes the view-model's method unbound, since a kept entry gets a new one
    def _edit(self, change, *args):
        """A change to the entry (the dealer, swap all, most cards): nothing to read or save."""
        change(self.vm, *args)
        self.changed()

    def _tap(self, code: str):
        """A card tap: that tile and the figures change, nothing else."""
        self.vm.toggle(code)
        team = self.vm.team_of(code)
        self.cards[code].set(team, self.names[team])
        self._changed_only(self.cards[code].control)

    def _sweep(self, change, team: int, kind: str):
        """A sweep + or - (`change`: DealEntryVM.inc or .dec): the two counters of that kind (one
        such sweep a deal) and the figures."""
        change(self.vm, team, kind)
        self.sweeps.draw(self.vm, self.names)
        self._changed_only(*(self.sweeps.counters[(t, kind)].control for t in (0, 1)))

    def _set_mode(self, mode):
        self.vm.set_mode(mode)
        self.points_field.value = self.vm.points_text
        self._draw_mode()
        self._changed_only(
            *(chip.control for chip in self.mode_chips.values()),
            self.cards_section,
            self.points_section,
        )

    def _points_changed(self, e):
        # the other team's points follow as each digit is typed
        self.vm.set_points_text(e.control.value)
        self._changed_only()

    def _points_focused(self):
        """Focus selects what the field holds (a past deal's figure), so typing replaces it."""
        text = self.points_field.value or ""
        if text:
            self.points_field.selection = ft.TextSelection(base_offset=0, extent_offset=len(text))
            self.host.update()

    def _dismiss(self):
        self.message = None
        self.changed()

    async def _save(self):
        if self.vm.untouched or self.vm.error():
            self.changed()
            return
        if self.vm.added_elsewhere():  # saved as it is, it would follow that deal unasked
            self._ask_stale()
            return
        deal = self.vm.build()
        if self.number is None:
            ok = await off_loop(self.board.add_deal, deal)
        else:
            ok = await off_loop(self.board.replace_deal, self.number, deal)
        if ok:
            self.discard()
            self.host.publish(self.match_id)
            await self.host.go_back()
            return
        # Not saved (another phone saved first, a full disk...): say why and keep everything
        # entered, so that saving again is one tap.
        self.message = self.board.take_message()
        if self.number is not None and self.number > len(self.board.deals):
            self.discard()  # the deal being edited was deleted elsewhere
            await self.host.go_back()
            return
        self.rebase()
        if self.vm.added_elsewhere():  # no live update came: the save found the other phone's deal
            self.message = None
            self._ask_stale()
        self.changed()

    def _ask_stale(self):
        """Another phone saved a deal of this match while this one was being entered: name it, and
        save this entry after it only if asked to (the two may be the same deal, entered twice)."""
        added = self.vm.added_elsewhere()
        self.stale_upto = added[-1]
        self.asked = True
        self.stale_dialog = stale_dialog(
            self.host, self, self.board, added, self._discard_stale, self._save_as_next
        )
        self.host.show_dialog(self.stale_dialog)

    def _close_stale(self) -> None:
        if self.stale_dialog is not None:
            self.host.close_dialog(self.stale_dialog)
            self.stale_dialog = None

    async def _save_as_next(self):
        self._close_stale()
        self.vm.accept_added(self.stale_upto)
        await self._save()

    async def _discard_stale(self):
        self._close_stale()
        self.discard()
        await self.host.go_back()

    async def _delete(self):
        if await off_loop(self.board.delete_deal, self.number):
            self.host.publish(self.match_id)
        self.discard()
        await self.host.go_back()


# ---- the card tiles
# The deal screen's card tiles: one per point card, showing which team took it.

CARD_COLORS = {"S": None, "C": None, "H": ft.Colors.RED_700, "D": ft.Colors.RED_700}


CARD_MIN = 50  # a card tile's least width (a tap target is 48)
CARD_MAX = 80
POINT_CARDS = 17  # and the swap tile: 18 tiles on the deal screen
CARD_GAP = 6


class Card:
    def __init__(self, code: str, on_click):
        self.code = code
        self.special = code in ("AS", "AH", "AD", "AC", "10D")
        # A card's name is Latin in every language: Latin lines leave the team's name room to be
        # written in the language's own script (Urdu's Nastaliq lines are half as tall again).
        self.label = ft.Text(
            fmt().code(card_label(code)),
            size=20,
            weight=ft.FontWeight.BOLD,
            style=ft.TextStyle(height=LATIN_LINE),
        )
        self.team = ft.Text("", size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        # One button read as "K♠ Team A": a semantics value would split the tile into a button named
        # by the team around an unnamed one, so the team is its second line of text instead.
        self.control = tile(
            f"card-{code}",
            ft.Column(
                [self.label, self.team],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click,
            width=66,
            height=58,
            padding=2,
        )
        self.box = self.control.content

    def set(self, team: int, name: str) -> None:
        fg = ft.Colors.ON_SURFACE if team == 0 else ft.Colors.ON_PRIMARY
        self.box.bgcolor = ft.Colors.SURFACE_CONTAINER_HIGHEST if team == 0 else ft.Colors.PRIMARY
        self.box.border = ft.Border.all(
            3 if self.special else 1,
            ft.Colors.OUTLINE if self.special else ft.Colors.OUTLINE_VARIANT,
        )
        self.label.color = (CARD_COLORS[self.code[-1]] if team == 0 else None) or fg
        self.team.value = name
        self.team.color = fg


def swap_tile(on_click) -> ft.Semantics:
    """The tile that gives every card to the other team: outlined, not filled, so it is never taken
    for a card; a screen reader says its text whole, however short the tile cuts it."""
    # TRANSLATORS: on a card-sized tile, under a swap icon: gives every card to the other team
    name = _("Swap all")
    return tile(
        "swap-all",
        ft.Column(
            [
                ft.Icon(ft.Icons.SWAP_HORIZ, size=20, color=ft.Colors.PRIMARY),
                ft.Text(
                    name,
                    size=11,
                    max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER,
                    color=ft.Colors.PRIMARY,
                ),
            ],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        on_click,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        width=66,
        height=58,
        padding=2,
    )


def card_width(page_width: float | None, count: int = POINT_CARDS + 1) -> float:
    """The tiles' width: as few rows as tiles of CARD_MIN allow, the tiles shared evenly between
    them (the 17 cards and the swap tile: three rows of 6 on a phone), filling the row's width; 66
    when the width is unknown. Fewer rows keep the sweep counters on the first screen (issue 33)."""
    if not page_width:
        return 66
    avail = min(page_width, MAX_WIDTH) - 2 * 12 - 1  # the body's padding; 1 for rounding
    fits = max(4, int((avail + CARD_GAP) // (CARD_MIN + CARD_GAP)))
    rows = -(-count // fits)
    per_row = -(-count // rows)
    return min(CARD_MAX, int((avail - (per_row - 1) * CARD_GAP) / per_row))


# ---- the sweep counters
# The deal screen's sweep counters: a heading of its own (never cut), a row of team names, a row
# per kind, and the hint saying which team may make the opening and the last-play sweep.


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


# ---- the most-cards choice
# The deal screen's most-cards choice (race to 500): a heading with its help mark, and a chip
# per answer, right under the cards, where its error is seen.


class MostCards:
    def __init__(self, host: Host, names, edit: Callable):
        """`edit(change, value)`: the screen's handler of a change to the entry."""
        answers = ((0, names[0]), ("tie", fmt().digits(_("26 each"))), (1, names[1]))
        self.chips = {
            v: Chip(
                f"most-cards-{v}",
                label,
                host.handler(edit, DealEntryVM.set_most_cards, v),
                expand=True,
            )
            for v, label in answers
        }
        heading = ft.Text(_("Who took more cards?"), weight=ft.FontWeight.BOLD, expand=True)
        self.rows = [
            ft.Row(
                [heading, help_mark(host, "help-most-cards")],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.Row([c.control for c in self.chips.values()], spacing=6),
        ]

    def draw(self, vm: DealEntryVM) -> None:
        for v, chip in self.chips.items():
            chip.set(vm.most_cards == v)


# ---- the footer
# The deal screen's footer: live totals, what saving would do, the reason it cannot be saved,
# and the save button.


def split_at_number(pattern: str, team: str, number: str) -> tuple[str, str]:
    """A "{team}: {points}" text as its part up to the team's name (which may be cut short on
    screen) and the rest, from the number on (never cut); in any language's order."""
    at = pattern.find("{points}")
    if at < 0 or pattern.find("{team}") > at:  # the number first: nothing is cut before it
        return "", pattern.format(team=team, points=number)
    return pattern[:at].format(team=team), pattern[at:].format(team=team, points=number)


class TeamFigure:
    """A team's figure, "Sharmas: 35" in the language's words: the name cut short when the line
    is too narrow, the number never (issue 33). One node (`ident`), named by the whole line: a
    screen reader says it once, uncut."""

    def __init__(self, size: int, end: bool = False, ident: str | None = None, **kw):
        bold = ft.FontWeight.BOLD
        self.name = ft.Text(
            "",
            size=size,
            weight=bold,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
            expand=True,
            expand_loose=True,
        )
        self.number = ft.Text("", size=size, weight=bold, no_wrap=True)
        row = ft.Row(
            [self.name, self.number],
            spacing=0,
            alignment=ft.MainAxisAlignment.END if end else ft.MainAxisAlignment.START,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.control = ft.Semantics(identifier=ident, content=row, exclude_semantics=True, **kw)

    def set(self, team: str, number: str) -> None:
        line = _("{team}: {points}")
        self.name.value, self.number.value = split_at_number(line, team, number)
        self.control.label = line.format(team=team, points=number)


class DealFooter:
    def __init__(self, host: Host, save: Callable):
        """`save`: the save button's handler."""
        # Each total is the team's name, cut short when it is long, and its number, never cut
        # (issue 33: "Grandparents of t…" with no number).
        self.totals = [
            TeamFigure(size=18, end=t == 1, ident=f"deal-total-{t}", expand=True) for t in (0, 1)
        ]
        self.preview_text = ft.Text("", size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
        self.preview_slot = sem("deal-preview", self.preview_text, live_region=True)
        self.error_text = ft.Text("", color=ft.Colors.ERROR, size=13)
        self.error_slot = sem("deal-error", self.error_text, live_region=True)
        self.save_button = ft.FilledButton(
            content=_("Save deal"), icon=ft.Icons.CHECK, height=tall(BUTTON), on_click=save
        )
        self.totals_row = ft.Row(
            [
                self.totals[0].control,
                help_mark(host, "help-scoring"),
                self.totals[1].control,
            ],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        # A thumb's double tap on Save is one tap on Save: with a double tap to recognise, Flutter
        # keeps the first tap until its double-tap time (300 ms) is over, so the second tap lands
        # here too and the deal is saved once, not the next one opened from the scoreboard that
        # came up under the finger (issue 33). A screen reader's tap goes to the button at once.
        self.save_slot = ft.GestureDetector(
            content=sem("save-deal", self.save_button), on_double_tap=save
        )

    def arrange(self, wide: bool) -> list[ft.Control]:
        """The footer's rows: wide (a phone held sideways), the save button beside the totals."""
        self.totals_row.expand = wide  # beside the button it takes the rest of the row
        if wide:
            return [
                ft.Row(
                    [self.totals_row, self.save_slot],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                self.preview_slot,
                self.error_slot,
            ]
        return [self.totals_row, self.preview_slot, self.error_slot, self.save_slot]

    def draw(self, vm: DealEntryVM, names) -> None:
        totals = vm.totals()
        for t in (0, 1):
            self.totals[t].set(names[t], "–" if totals is None else num(totals[t]))
        preview = vm.preview()
        self.preview_text.value = preview or ""
        self.preview_slot.visible = bool(preview)
        error = vm.error()
        hint = None if error else vm.untouched_hint()
        self.error_text.value = error or hint or ""
        # An empty points field or an untouched entry is the next step, not a mistake: said in the
        # quiet colour, not in red.
        waiting = bool(hint) or (vm.mode == "points" and vm.points_text == "")
        self.error_text.color = ft.Colors.ON_SURFACE_VARIANT if waiting else ft.Colors.ERROR
        self.error_slot.visible = bool(error or hint)
        # Off until something is entered: a double tap on "Record deal" lands right here.
        self.save_button.disabled = bool(error) or vm.untouched


# ---- leaving an entry with changes
# The question before leaving a deal entry that has changes (`discard-deal`): Back with
# something entered loses nothing unasked.


def ask_discard(host: Host, screen, then) -> ft.AlertDialog:
    """Ask whether to drop what `screen` holds; on yes, `screen.discard()` and then the coroutine
    function `then` (the leaving that was asked for). Keep closes the question and stays."""
    h = host.handler
    dialog: ft.AlertDialog

    def keep():
        host.close_dialog(dialog)

    async def discard():
        host.close_dialog(dialog)
        screen.discard()
        await then()

    dialog = ft.AlertDialog(
        title=sem("discard-deal", ft.Text(_("Discard this entry?")), container=True),
        actions=[
            sem(
                "discard-deal-keep",
                ft.TextButton(
                    content=_("Keep entering"), height=TAP, on_click=h(keep, screen=screen)
                ),
            ),
            sem(
                "discard-deal-yes",
                ft.FilledButton(
                    content=_("Discard my entry"), height=TAP, on_click=h(discard, screen=screen)
                ),
            ),
        ],
    )
    host.show_dialog(dialog)
    return dialog


# ---- another phone saved meanwhile
# The question when another phone saved a deal of this match while this one was entering its own
# (`stale-deal`): the two may be the same deal entered twice, so nothing is saved unasked.


def stale_dialog(
    host: Host, screen, board: ScoreboardVM, added: list[int], on_discard, on_next
) -> ft.AlertDialog:
    """Name the deals `added` elsewhere; `on_discard` drops this entry, `on_next` saves it after
    them."""
    h = host.handler
    rows = []
    for n in added:
        r = board.standings.deals[n - 1]
        row = texts.deal_row_text(board.match, r)
        if r.dealer is not None:
            player = board.match.seat_name(r.dealer)
            row += " · " + _("dealt by {player}").format(player=player)
        rows.append(row)
    said = ngettext(
        "Another phone saved this deal while you were entering yours:",
        "Another phone saved these deals while you were entering yours:",
        len(added),
    )
    return ft.AlertDialog(
        title=ft.Text(_("Saved on another phone")),
        content=sem(
            "stale-deal",
            ft.Column(
                [ft.Text(said), *(ft.Text(r, weight=ft.FontWeight.BOLD) for r in rows)],
                tight=True,
                spacing=6,
            ),
            container=True,
        ),
        actions=[
            sem(
                "stale-deal-discard",
                ft.TextButton(
                    content=_("Discard my entry"), height=TAP, on_click=h(on_discard, screen=screen)
                ),
            ),
            sem(
                "stale-deal-next",
                ft.FilledButton(
                    content=_("Save as deal {number}").format(number=num(len(board.deals) + 1)),
                    height=TAP,
                    on_click=h(on_next, screen=screen),
                ),
            ),
        ],
    )
