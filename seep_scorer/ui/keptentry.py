"""The deal entry kept for the next deal (issue 24: building and sending the 250 controls of a new
entry for every deal was most of what a deal cost the server of a hall).

A new-deal entry just left (saved, or Back) stays on the phone as the bottom view, hidden under
its scoreboard, while that same scoreboard is on top; the next "Record deal" moves it back up,
drawn afresh in place (`DealScreen.start_again`). Anything else shown on top drops it."""

from __future__ import annotations

from typing import Any

import flet as ft

from .screens import Screen

__all__ = ["KeptEntry"]


def _entry_route(screen: Screen) -> str:
    return f"/match/{screen.match_id}/deal"


class KeptEntry:
    def __init__(self) -> None:
        self.screen: Any = None  # a DealScreen, or None

    def take(self, route: str, board: Any) -> Screen | None:
        """The kept entry, started again, for `route` if it is its match's new deal (`board`: the
        match's view-model); None: build one."""
        kept, self.screen = self.screen, None
        if kept is None or route != _entry_route(kept) or board is None:
            return None
        return kept if kept.start_again(board) else None

    def keep(self, left: Screen | None, before: dict[str, Screen], now: dict[str, Screen]) -> None:
        """The screens go from `before` to `now` (by route, the top one last), `left` having been
        on top."""
        if left is not None and left.route == _entry_route(left) and not left.asked:
            # (one that showed a dialog is not kept: in the browser, a dialog closed as its page
            # went under another stayed with that page, and came back with it)
            if all(s is not left for s in now.values()):
                self.screen = left
        if self.screen is not None:
            board = f"/match/{self.screen.match_id}"
            if list(now)[-1] != board or now[board] is not before.get(board):
                self.screen = None

    def drop(self) -> None:
        self.screen = None

    def views(self) -> list[ft.View]:
        """What goes under the screens' views."""
        return [self.screen.view] if self.screen is not None else []
