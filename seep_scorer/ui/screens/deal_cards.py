"""The deal screen's card tiles: one per point card, showing which team took it."""

from __future__ import annotations

import flet as ft

from ...i18n import _, fmt
from ...rules import card_label
from ..theme import LATIN_LINE
from ..widgets import tile
from .base import MAX_WIDTH

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
