"""Table cards on screen (`/event/<id>/cards`): each table's number and the QR code its phone
scans to score that table, and a printable page of them all to download."""

from __future__ import annotations

import base64

import flet as ft

from seep_scorer.app.events.cards_model import CardsVM
from seep_scorer.app.events.event_model import organiser_locale
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import BrowserDownloads, Screen, big_button, notice, num, sem
from seep_scorer.i18n.translate import _, using


class EventCardsScreen(Screen):
    nav_route = "/events"

    def __init__(self, host: Host, vm: CardsVM, route: str):
        self.vm = vm
        self.route = route
        super().__init__(host)
        self.view.route = route
        self._downloads = BrowserDownloads()
        self.print_button = big_button(
            "event-cards-print",
            _("Download the cards to print"),
            host.handler(self._download),
            icon=ft.Icons.PRINT,
            filled=False,
        )

    def title(self) -> str:
        return _("Table cards")

    def load(self) -> None:
        self.vm.load()

    def refresh(self) -> None:
        with using(organiser_locale(self.vm.event.event)):  # the cards speak the organiser's
            self._draw()

    def _draw(self) -> None:
        vm = self.vm
        items: list[ft.Control] = [notice(vm.message, error=True)]
        if not vm.offered:
            items.append(
                ft.Text(
                    _(
                        "The codes for the tables' phones need Seep Scorer served to the hall "
                        "(started with --host 0.0.0.0)."
                    )
                )
            )
        for c in vm.cards:
            parts: list[ft.Control] = [
                ft.Text(_("Table {n}").format(n=num(c.table)), size=40, weight=ft.FontWeight.BOLD),
                ft.Text(_("{team0} vs {team1}").format(team0=c.teams[0], team1=c.teams[1])),
            ]
            label = _("Table {n}").format(n=num(c.table))
            if c.table in vm.images:
                png, side = vm.images[c.table]
                parts.insert(1, _qr(png, side))
                # the same address as text, for a phone whose camera cannot scan
                parts.insert(2, ft.Text(c.address, selectable=True, size=12))
                label = _("{table}: the QR code its phone scans").format(table=label)
            items.append(_card(f"event-table-card-{c.table}", parts, label=label))
        if vm.board and vm.board_image:
            items.append(self._board_card(vm.board, vm.board_image))
        self.body.controls = items
        self.body.horizontal_alignment = ft.CrossAxisAlignment.STRETCH  # cards of one width
        self.footer.controls = [self.print_button] if vm.cards else []

    def _board_card(self, address: str, image: tuple[bytes, int]) -> ft.Control:
        """The board's address, for the hall's big screen: its code, and the address to type."""
        png, side = image
        return _card(
            "event-board-card",
            [
                ft.Text(_("Board"), size=32, weight=ft.FontWeight.BOLD),
                ft.Text(_("Open this address on the hall's big screen.")),
                _qr(png, side),
                ft.Text(address, selectable=True, size=12),
            ],
        )

    async def _download(self) -> None:
        name, data = await off_loop(self.vm.printable)
        self._downloads.start(name, data)


def _qr(png: bytes, side: int) -> ft.Control:
    """A QR code drawn sharp on white (scanners want the quiet zone light in a dark theme too); the
    card's label says what it is, so the image itself is left out of the semantics."""
    return ft.Container(
        ft.Image(
            src=base64.b64encode(png).decode(),
            width=side,
            height=side,
            filter_quality=ft.FilterQuality.NONE,
            exclude_from_semantics=True,
        ),
        bgcolor=ft.Colors.WHITE,
    )


def _card(ident: str, parts: list[ft.Control], label: str | None = None) -> ft.Control:
    """One card of the page, framed and centred, read as one node."""
    column = ft.Column(
        parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=6, tight=True
    )
    frame = ft.Container(
        column, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12, padding=16
    )
    return sem(ident, frame, label=label, container=True)
