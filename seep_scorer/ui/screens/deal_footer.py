"""The deal screen's footer: live totals, what saving would do, the reason it cannot be saved,
and the save button."""

from __future__ import annotations

from typing import Callable

import flet as ft

from ...i18n import _
from ..host import Host
from ..viewmodels import DealEntryVM
from ..widgets import BUTTON, sem, tall
from .base import help_mark, num


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
