"""Dialogs on the page (moved out of `app.py`, which is at its 400-line limit)."""

from __future__ import annotations

import logging

import flet as ft

log = logging.getLogger(__name__)


def show(page: ft.Page, dialog: ft.DialogControl) -> None:
    """Open `dialog` in the page's direction. Flutter shows a dialog above the views, where the
    app's own direction (left to right) rules: in Sindhi and Urdu it was laid out and read left to
    right, its buttons too. Set on the dialog, the direction mirrors its layout, and the dialog's
    own semantics node (which Flutter labels) takes it, so what is in it is read right to left, as
    under `widgets.in_reading_order` on a screen."""
    dialog.rtl = bool(page.rtl)
    try:
        page.show_dialog(dialog)
    except Exception:
        log.debug("no live page for the dialog", exc_info=True)


def close(page: ft.Page, dialog: ft.DialogControl) -> None:
    try:
        if dialog.open:
            page.pop_dialog()
    except Exception:
        log.debug("no live page for the dialog", exc_info=True)
    dialog.open = False
