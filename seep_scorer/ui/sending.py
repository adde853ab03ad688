"""How the app sends what changed on a phone (issue 24: a hall's server spent most of its time
diffing what had not changed).

Screen views are isolated (`screens.base.ScreenView`), so a page update sends the stack of
views, a view new to the phone whole, but diffs no screen's controls. The screen on top, if the
phone had it already, is then diffed on its own. Those under it, and the deal entry kept hidden
under its scoreboard (keptentry.py), are not diffed at all: what changed in one is sent when it
is on top again (`App.show` draws it then)."""

from __future__ import annotations

import flet as ft

__all__ = ["ViewSender"]


class ViewSender:
    def __init__(self, page: ft.Page):
        self.page = page
        self._sent: list[ft.View] = []  # the views the phone had after the last update

    def send(self, top_view: ft.View | None) -> None:
        try:
            if top_view is not None and any(top_view is v for v in self._sent):
                self.page.update(self.page, top_view)  # a view's parent is not set: the page's
            else:
                self.page.update()
        except (RuntimeError, AssertionError):
            pass  # not attached to a live session (control-tree tests)
        self._sent = list(self.page.views)
