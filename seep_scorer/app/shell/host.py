"""What a screen may ask of the app that hosts it: the one interface the screens depend on.

The app (`app/shell/app.py`) implements it; screens never import the app, never see the page's
routing or the repository, and get their view-models in their constructors.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Protocol

import flet as ft


class Host(Protocol):
    # this device's settings (a SettingsVM: language, digits, theme, the scoreboard's chances)
    settings: Any

    # -- event handlers
    def handler(
        self, fn: Callable, *args: Any, screen: Any = None, event: bool = False
    ) -> Callable:
        """An event handler running `fn(*args)` (`fn(e, *args)` with `event`): a coroutine function
        runs under the session's lock, and not at all once `screen` has been left; a fault is logged
        and told to the user in one plain sentence."""
        ...

    # -- navigation
    async def go(self, route: str, replace_top: bool = False) -> None: ...

    async def go_top(self, route: str) -> None:
        """From the navigation bar: a fresh screen stack."""
        ...

    async def go_back(self) -> None: ...

    async def open_help(self, section: str) -> None:
        """The rules at `section`, on top of the current screen (back returns to it)."""
        ...

    def after_show(self, coro_fn: Callable[[], Awaitable[None]]) -> None:
        """Run `coro_fn` once the views are on the client (e.g. scroll to a section)."""
        ...

    def run_after_show(self) -> None: ...

    # -- drawing
    def update(self) -> None:
        """Send what changed on screen to the client."""
        ...

    def page_width(self) -> float | None: ...

    def show_dialog(self, dialog: ft.DialogControl) -> None: ...

    def close_dialog(self, dialog: ft.DialogControl) -> None: ...

    # -- the table and the store
    def publish(self, match_id: str | None) -> None:
        """Tell the other phones that a match (None: the list of matches) changed."""
        ...

    def join_address(self) -> Callable[[], str] | None:
        """What the invite screen calls for an address that lets another phone join (a new
        one-time code each call); None unless the server is in LAN mode and this session was
        let in by the token."""
        ...

    def take_store_notices(self) -> list[str]:
        """The repairs the store made when it opened, once per session."""
        ...

    # -- this device's settings, which change the whole app
    async def set_language(self, code: str) -> None: ...

    async def set_digits(self, choice: str) -> None:
        """Latin, native or (Sindhi) the second native digits: locale_format.DIGIT_CHOICES."""
        ...

    def set_theme(self, choice: str) -> None: ...
