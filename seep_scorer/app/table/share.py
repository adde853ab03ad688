"""Share a table between phone-only apps, with no server (issue 36): the sharing phone's screen,
the joining phone's, and the choice when both phones changed a match while they were apart.

The sharing phone shows a code, as a QR code and as text; the joining phone takes the code (for
now pasted: the camera comes next) and shows its answer the same way; the sharing phone takes
the answer. Then both phones show the match, each in its own store, live while the link holds.
`share_entry` and `join_entry` are the buttons that lead here, in the phone-only app only.
"""

from __future__ import annotations

import asyncio
import base64

import flet as ft

from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.qrcode import qr_png
from seep_scorer.app.shell.widgets import (
    BUTTON,
    Screen,
    big_button,
    copy_action,
    labelled_icon_button,
    notice,
    sem,
    tall,
)
from seep_scorer.app.table.invite import QR_MAX, SIDE_MARGIN
from seep_scorer.app.table.share_model import JoinVM, ShareVM, offered
from seep_scorer.i18n.translate import _, fmt, ngettext


def share_entry(host: Host, match_id: str) -> list[ft.Control]:
    """The scoreboard's button to share its match with another phone-only app."""
    if not offered():
        return []
    return [
        labelled_icon_button(
            "share-table",
            _("Share this table"),
            ft.Icons.PHONELINK,
            host.handler(host.go, f"/match/{match_id}/share"),
        )
    ]


def join_entry(host: Host) -> list[ft.Control]:
    """The matches list's button to join the table another phone-only app shares."""
    if not offered():
        return []
    return [
        labelled_icon_button(
            "join-table", _("Join a table"), ft.Icons.PHONELINK_RING, host.handler(host.go, "/join")
        )
    ]


class _CodeScreen(Screen):
    """A code shown as a QR code and as text, with a field for the other phone's code."""

    nav_route = ""
    qr_id = code_id = field_id = ""

    def __init__(self, host: Host, route: str):
        self.route = route
        self.qr_width: int | None = None
        self.shown_code: str | None = None
        super().__init__(host)
        self.view.route = route
        self.qr_image = ft.Image(src=b"", width=1, height=1, filter_quality=ft.FilterQuality.NONE)
        # one line: a code has none of its own, and Enter links (or answers) at once
        self.field = ft.TextField(
            max_length=2000, counter="", text_size=13, on_submit=self.submitted()
        )
        self.note = ft.Container(visible=False)

    def fit_width(self, page_width: float | None) -> None:
        super().fit_width(page_width)
        width = min(QR_MAX, int(page_width or 412) - SIDE_MARGIN)
        if width != self.qr_width:
            self.qr_width = width
            self.shown_code = None  # drawn again at this size
            self._draw_qr()

    def _draw_qr(self) -> None:
        code = self.code()
        if not code or code == self.shown_code or not self.qr_width:
            return
        png, side = qr_png(code, self.qr_width, error="l")  # a clean screen: room for its length
        # as base64 text: Flet 1.0.5's web client draws nothing for raw bytes
        self.qr_image.src = base64.b64encode(png).decode()
        self.qr_image.width = self.qr_image.height = side
        self.shown_code = code

    def code(self) -> str | None:
        raise NotImplementedError

    def submitted(self):
        """What Enter in the field does."""
        return None

    def code_block(self, label: str) -> list[ft.Control]:
        """The code as a QR code (black on white in every theme: scanners read dark on light)
        and as selectable text, with a button that copies it."""
        code = self.code() or ""
        self._draw_qr()
        copy = ft.FilledButton(
            content=_("Copy the code"),
            icon=ft.Icons.CONTENT_COPY,
            height=tall(BUTTON),
            on_click=self.host.handler(self._copied),
        )
        # set ahead of the tap: a browser lets a page write to the clipboard only during the tap
        copy.action = copy_action(code)
        return [
            ft.Row(
                [
                    sem(
                        self.qr_id,
                        ft.Container(self.qr_image, bgcolor=ft.Colors.WHITE),
                        label=label,
                        image=True,
                        exclude_semantics=True,  # one node, named: the picture's own is none
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            sem(
                self.code_id,
                # isolated left to right: in Urdu or Sindhi the bidi algorithm would move its "~"
                ft.Text(fmt().code(code), selectable=True, size=12, font_family="monospace"),
                label=code,  # selectable text names no node: the code itself does, to be read
            ),
            sem(f"{self.code_id}-copy", copy),
        ]

    def copied_note(self, copied: bool) -> None:
        self.note.content = notice(
            _("The code is copied.") if copied else None, on_close=self.host.handler(self._uncopy)
        )
        self.note.visible = copied

    def _copied(self) -> None:
        self.vm.copied = True
        self.changed()

    def _uncopy(self) -> None:
        self.vm.copied = False
        self.changed()


class ShareScreen(_CodeScreen):
    """The sharing phone: its code, then the answer of the phone that joins."""

    qr_id, code_id, field_id = "share-table-qr", "share-table-code", "share-table-answer"
    keeps_awake = True

    def __init__(self, host: Host, vm: ShareVM, route: str):
        self.vm = vm
        self.match_id = vm.match_id
        super().__init__(host, route)
        host.after_show(self._make_code)

    def title(self) -> str:
        return _("Share this table")

    def code(self) -> str | None:
        return self.vm.code

    async def _make_code(self) -> None:
        await self.vm.make_code()
        self.changed()

    def load(self) -> None:
        self.vm.load()

    def refresh(self) -> None:
        vm = self.vm
        self.copied_note(vm.copied)
        items: list[ft.Control] = [self.note]
        if vm.error:
            items.append(notice(vm.error, error=True))
        if vm.linked:
            items.append(
                sem(
                    "share-table-linked",
                    ft.Text(
                        _(
                            "Linked: the other phone shows this match, and each deal saved on "
                            "either phone reaches the other."
                        ),
                        size=16,
                    ),
                )
            )
            self.body.controls = items
            self.footer.controls = [
                big_button("share-table-done", _("Back to the scoreboard"), self._back_handler())
            ]
            return
        if vm.dropped:
            items.append(
                ft.Text(
                    _(
                        "The link dropped. Each phone keeps scoring; make a new code to link them "
                        "again, and they catch up."
                    ),
                    size=15,
                )
            )
        if vm.code is None:
            items.append(ft.Text(_("Making a code…"), size=15))
            self.body.controls = items
            self.footer.controls = []
            return
        items += [
            ft.Text(
                _(
                    "On the other phone, open Seep Scorer, tap “Join a table” and paste this code "
                    "there (a camera app reads the QR code as text to copy). The phones must be "
                    "on the same Wi-Fi."
                ),
                size=15,
            ),
            *self.code_block(_("QR code to join this table")),
            ft.Text(
                _("Anyone with this code can join for five minutes: show it only at your table."),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ]
        if vm.answered:
            items.append(ft.Text(_("Linking the phones…"), size=15))
        else:
            self.field.label = _("The other phone's answer")
            items.append(sem(self.field_id, self.field))
        self.body.controls = items
        self.footer.controls = (
            []
            if vm.answered
            else [
                big_button(
                    "share-table-connect", _("Link the phones"), self.host.handler(self._connect)
                ),
                big_button(
                    "share-table-new-code",
                    _("Make a new code"),
                    self.host.handler(self._new_code),
                    filled=False,
                ),
            ]
        )

    def submitted(self):
        return self.host.handler(self._connect)

    async def _connect(self) -> None:
        await self.vm.take_answer(self.field.value or "")
        self.changed()

    async def _new_code(self) -> None:
        self.field.value = ""
        await self._make_code()

    def _back_handler(self):
        return self.host.handler(self.host.go, f"/match/{self.vm.match_id}", True)


class JoinScreen(_CodeScreen):
    """The joining phone: the sharing phone's code in, this phone's answer out, then the match."""

    qr_id, code_id, field_id = "join-table-answer-qr", "join-table-answer-code", "join-table-code"
    keeps_awake = True

    def __init__(self, host: Host, vm: JoinVM, route: str):
        self.vm = vm
        self._went = False
        super().__init__(host, route)

    def title(self) -> str:
        return _("Join a table")

    def code(self) -> str | None:
        return self.vm.answer

    def load(self) -> None:
        self.vm.load()

    def refresh(self) -> None:
        vm = self.vm
        if vm.arrived and not self._went:  # the match is here: open it
            self._went = True
            asyncio.ensure_future(self.host.handler(self.host.go, f"/match/{vm.arrived}", True)())
        self.copied_note(vm.copied)
        items: list[ft.Control] = [self.note]
        if vm.error:
            items.append(notice(vm.error, error=True))
        if vm.answer is None:
            self.field.label = _("The code of the phone sharing its table")
            items += [
                ft.Text(
                    _(
                        "On the phone sharing its table, tap “Share this table”, then paste its "
                        "code here. The phones must be on the same Wi-Fi."
                    ),
                    size=15,
                ),
                sem(self.field_id, self.field),
            ]
            self.body.controls = items
            self.footer.controls = [
                big_button("join-table-take", _("Answer"), self.host.handler(self._take))
            ]
            return
        items += [
            ft.Text(
                _(
                    "Now the phone sharing its table takes this answer: paste it there (a camera "
                    "app reads the QR code as text to copy). The match opens here once the "
                    "phones are linked."
                ),
                size=15,
            ),
            *self.code_block(_("QR code of this phone's answer")),
        ]
        self.body.controls = items
        self.footer.controls = []

    def submitted(self):
        return self.host.handler(self._take)

    async def _take(self) -> None:
        await self.vm.take_code(self.field.value or "")
        self.changed()


def conflict_dialog(host: Host, counts: tuple[int, int], choose) -> ft.AlertDialog:
    """Both phones changed the match while apart: the table chooses the copy to keep.
    `choose(theirs)` is a coroutine function; nothing is dropped before the choice."""
    here, there = counts
    f = fmt()

    def chosen(theirs: bool):
        async def pick() -> None:
            host.close_dialog(dialog)
            await choose(theirs)

        return host.handler(pick)

    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Which copy of the match does the table keep?")),
        content=ft.Text(
            _(
                "This match changed on both phones while they were apart. Keep one copy; the "
                "other phone takes the same one."
            )
        ),
        actions=[
            sem(
                "share-conflict-mine",
                ft.TextButton(
                    ngettext(
                        "This phone's ({count} deal)", "This phone's ({count} deals)", here
                    ).format(count=f.number(here)),
                    on_click=chosen(False),
                    height=tall(BUTTON),
                ),
            ),
            sem(
                "share-conflict-theirs",
                ft.TextButton(
                    ngettext(
                        "The other phone's ({count} deal)",
                        "The other phone's ({count} deals)",
                        there,
                    ).format(count=f.number(there)),
                    on_click=chosen(True),
                    height=tall(BUTTON),
                ),
            ),
        ],
    )
    return dialog
