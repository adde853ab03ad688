"""Record a deal, or edit or delete a past one: card taps, sweeps, live totals, save."""

from __future__ import annotations

import flet as ft

from ...i18n import _, fmt
from ..host import Host
from ..viewmodels import DealEntryVM, ScoreboardVM, off_loop
from ..widgets import Chip, big_button, notice, sem, tall
from .base import PAD, Screen, num, send
from .deal_cards import CARD_GAP, Card, card_width, swap_tile
from .deal_footer import DealFooter, TeamFigure
from .deal_most import MostCards
from .deal_sweeps import SweepCounters
from .discard import ask_discard
from .stale import stale_dialog

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
        # follows live.
        # The field's label is cut short on one line when the team's name is long: a wrapped label
        # covered the typed number (issue 33).
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
