"""What a table phone (or the board) sees besides its match: the app's chrome taken away, a small
header naming the table and round, and the screen shown once the event is over or the table has
no match this round (`/event/<id>/over`, `/event/<id>/waiting`). None of it reads the store."""

from __future__ import annotations

import flet as ft

from ...i18n import _
from ..host import Host
from ..widgets import sem
from .base import Screen, num


def confine(
    screen: Screen, table: int | None = None, round_number: int = 0, closed: bool = False
) -> None:
    """A screen shown to a table phone or the board: no navigation bar, nothing that leads to
    another screen (`confined`); over a table's screens, "Table N · Round R" on top. `closed`: the
    table's round is over (the organiser ended it), so the screen offers nothing that would change
    the match (no Record deal, no Undo, no Edit or Delete) and says why, instead of offering them
    and then failing as if the disk were at fault."""
    screen.confined = True
    screen.view.bottom_appbar = None
    if table is None or not round_number:
        return
    if closed:
        # the record buttons; a deal's Edit and Delete (emptied, not hidden: the footer is the
        # content of a semantics node, which Flutter refuses invisible)
        screen.footer.controls = []
        screen.view.appbar.actions = []  # Undo and Redo
        over = _("Round {round} is over: the scores at this table stand as they are.")
        screen.view.controls.insert(
            0, _banner("event-round-over", over.format(round=num(round_number)), tertiary=True)
        )
    where = _("Table {n}").format(n=num(table)), _("Round {round}").format(round=num(round_number))
    screen.view.controls.insert(0, _banner("event-table-header", " · ".join(where)))


def _banner(ident: str, text: str, tertiary: bool = False) -> ft.Control:
    """A line across the top of a table phone's screen: its table and round (bold, small), or
    that its round is over (larger, in the tertiary colours)."""
    return sem(
        ident,
        ft.Container(
            ft.Text(
                text,
                size=16 if tertiary else 14,
                weight=None if tertiary else ft.FontWeight.BOLD,
                color=ft.Colors.ON_TERTIARY_CONTAINER
                if tertiary
                else ft.Colors.ON_SECONDARY_CONTAINER,
                text_align=ft.TextAlign.CENTER,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER if tertiary else ft.Colors.SECONDARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10 if tertiary else 4),
            alignment=ft.Alignment.CENTER,
        ),
        container=True,
    )


class EventOverScreen(Screen):
    """A plain page, never an error: the event is over (or this table plays no match now)."""

    keeps_awake = False

    def __init__(self, host: Host, route: str, over: bool):
        self.route = route
        self.over = over
        super().__init__(host)
        self.view.route = route

    def refresh(self) -> None:
        if self.over:
            icon, ident = ft.Icons.EMOJI_EVENTS, "event-over"
            head, more = _("The event is over"), _("Thank you for playing.")
        else:
            icon, ident = ft.Icons.HOURGLASS_EMPTY, "event-waiting"
            head, more = _("This table has no match this round."), _("Please ask the organiser.")
        self.body.controls = [
            sem(
                ident,
                ft.Column(
                    [
                        ft.Icon(icon, size=64, color=ft.Colors.PRIMARY),
                        ft.Text(
                            head, size=28, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
                        ),
                        ft.Text(more, size=18, text_align=ft.TextAlign.CENTER),
                    ],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=16,
                ),
                container=True,
            )
        ]
        self.body.horizontal_alignment = ft.CrossAxisAlignment.CENTER
        self.body.alignment = ft.MainAxisAlignment.CENTER
