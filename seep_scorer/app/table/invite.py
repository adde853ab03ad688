"""Invite a phone: the join address as a QR code another phone at the table scans, and as text.

`invite_entry` is the button that opens it (the scoreboard's and the matches list's app bar): only
for a session the host gives a join address, that is in LAN mode to a holder of the token.
"""

from __future__ import annotations

import base64

import flet as ft

from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import (
    BUTTON,
    Screen,
    copy_action,
    labelled_icon_button,
    notice,
    sem,
    tall,
)
from seep_scorer.app.table.invite_model import InviteVM
from seep_scorer.i18n.translate import _, fmt

# logical pixels: scanned from across a table, yet inside a 360-pixel phone with its margins
QR_MAX = 360
SIDE_MARGIN = 48  # the screen's padding and a little air either side of the code


def invite_entry(host: Host, route: str) -> list[ft.Control]:
    """The app bar's invite button, or nothing where inviting is not offered."""
    if host.join_address() is None:
        return []
    return [
        labelled_icon_button(
            "invite", _("Invite a phone"), ft.Icons.QR_CODE_2, host.handler(host.go, route)
        )
    ]


class InviteScreen(Screen):
    nav_route = ""

    def __init__(self, host: Host, vm: InviteVM, route: str):
        self.vm = vm
        self.route = route
        self.qr_width = None
        super().__init__(host)
        self.view.route = route
        address = vm.address or ""
        self.qr_image = ft.Image(
            src=b"",
            width=1,
            height=1,
            filter_quality=ft.FilterQuality.NONE,
            exclude_from_semantics=True,
        )
        # The code stays black on white in every theme: scanners read dark modules on a light
        # ground. Named with the address itself (an image's semantics value is not read in the
        # browser).
        self.qr = sem(
            "invite-qr",
            ft.Container(self.qr_image, bgcolor=ft.Colors.WHITE),
            label=_("QR code of the join address: {address}").format(address=address),
            image=True,
            exclude_semantics=True,  # one node, named: the picture's own is none
        )
        self.copy_button = ft.FilledButton(
            content=_("Copy the address"),
            icon=ft.Icons.CONTENT_COPY,
            height=tall(BUTTON),
            expand=True,
            on_click=host.handler(self._copied),
        )
        # set ahead of the tap: a browser lets a page write to the clipboard only while it handles
        # the tap
        self.copy_button.action = copy_action(address) if vm.offered else None
        self.note = ft.Container(visible=False)

    def title(self) -> str:
        return _("Invite a phone")

    def fit_width(self, page_width: float | None) -> None:
        super().fit_width(page_width)
        if not self.vm.offered:
            return
        width = min(QR_MAX, int(page_width or 412) - SIDE_MARGIN)
        if width != self.qr_width:
            self.qr_width = width
            png, side = self.vm.qr_png(width)
            # as base64 text: Flet 1.0.5's web client draws nothing for raw bytes
            self.qr_image.src, self.qr_image.width, self.qr_image.height = (
                base64.b64encode(png).decode(),
                side,
                side,
            )

    def refresh(self) -> None:
        vm = self.vm
        if not vm.offered:
            self.body.controls = [
                ft.Text(
                    _(
                        "Inviting a phone needs Seep Scorer served to the whole table "
                        "(started with --host 0.0.0.0)."
                    )
                )
            ]
            self.footer.controls = []
            return
        lead = (
            _("Another phone at the table scans this code to open this match.")
            if vm.match_id
            else _("Another phone at the table scans this code to join.")
        )
        self.note.content = notice(
            _("The address is copied.") if vm.copied else None,
            on_close=self.host.handler(self._dismiss),
        )
        self.note.visible = vm.copied
        self.body.controls = [
            self.note,
            ft.Text(lead, size=16),
            ft.Row([self.qr], alignment=ft.MainAxisAlignment.CENTER),
            sem(
                "invite-address",
                # isolated left to right: in Urdu or Sindhi the bidi algorithm would move its
                # ":" and "/", and a code's leading digits or trailing "-", to the wrong side
                ft.Text(
                    fmt().code(vm.address), selectable=True, size=15, weight=ft.FontWeight.BOLD
                ),
            ),
            ft.Text(
                _(
                    "Anyone with this address can see and change the matches: "
                    "show it only at your table."
                ),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ]
        self.footer.controls = [ft.Row([sem("invite-copy", self.copy_button, expand=True)])]

    def _copied(self) -> None:
        """The client has already copied the address (the button's action): say so."""
        self.vm.copied = True
        self.changed()

    def _dismiss(self) -> None:
        self.vm.copied = False
        self.changed()
