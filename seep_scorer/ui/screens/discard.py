"""The question before leaving a deal entry that has changes (`discard-deal`): Back with
something entered loses nothing unasked."""

from __future__ import annotations

import flet as ft

from ...i18n import _
from ..host import Host
from ..widgets import TAP, sem


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
