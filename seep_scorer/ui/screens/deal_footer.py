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


class DealFooter:
    def __init__(self, host: Host, save: Callable):
        """`save`: the save button's handler."""
        self.total_texts = [
            ft.Text(
                "",
                size=18,
                weight=ft.FontWeight.BOLD,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=align,
            )
            for align in (ft.TextAlign.START, ft.TextAlign.END)
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
                sem("deal-total-0", self.total_texts[0], expand=True),
                help_mark(host, "help-scoring"),
                sem("deal-total-1", self.total_texts[1], expand=True),
            ],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.save_slot = sem("save-deal", self.save_button)

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
            self.total_texts[t].value = _("{team}: {points}").format(
                team=names[t], points="–" if totals is None else num(totals[t])
            )
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
