"""The deal screen's most-cards choice (race to 500): a heading with its help mark, and a chip
per answer, right under the cards, where its error is seen."""

from __future__ import annotations

from typing import Callable

import flet as ft

from ...i18n import _, fmt
from ..host import Host
from ..viewmodels import DealEntryVM
from ..widgets import Chip
from .base import help_mark


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
