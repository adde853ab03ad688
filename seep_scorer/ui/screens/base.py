"""What every screen shares: the `Screen` base class, the app bar, the navigation bar and the help
mark.

Handlers change the view-model, then call the screen's `changed()`, which redraws that screen
and sends one update; a frequent small change (a card tap) draws and `send`s only the controls it
touched. Text fields are kept as the same control objects across refreshes so
that typing is never interrupted.

A screen is built first (its constructor makes its controls and calls nothing it overrides),
then drawn (`drawn()`: the title, the width, `refresh()`). `load()` reads the store (the app runs
it off the event loop); `refresh()` only draws what the view-model holds, so a card tap never
waits for the store. Every handler goes through
`host.handler`: one that touches the store is a coroutine, run under the session's lock with
the store call in `off_loop`.
"""

from __future__ import annotations

from typing import Self

import flet as ft

from ...i18n import _, fmt
from .. import texts
from ..edition import phone_only
from ..host import Host
from ..widgets import in_reading_order, labelled_icon_button, notice, tile

PAD = ft.Padding.symmetric(horizontal=12, vertical=8)
MAX_WIDTH = 600  # on a desktop browser the content is a centred column of this width


def num(value: int) -> str:
    """A number as the session's language writes it (native digits when chosen)."""
    return fmt().number(value)


def send(*controls: ft.Control) -> None:
    """Send only these controls' changes, each diffed on its own (Flet's per-control `update()`),
    not the whole page's: a card tap on the deal screen patches one tile and the totals, not the
    52 tiles and the screens under it (issue 24's load)."""
    for control in controls:
        try:
            control.update()
        except (RuntimeError, AssertionError):
            return  # not on a live page (control-tree tests)


def help_mark(host: Host, ident: str) -> ft.Semantics:
    """A help mark (48 × 48) that opens the rules section explaining what it stands beside."""
    section, label = texts.HELP_MARKS[ident]
    return labelled_icon_button(
        ident,
        _(label),
        ft.Icons.HELP_OUTLINE,
        host.handler(host.open_help, section),
        icon_size=20,
        icon_color=ft.Colors.PRIMARY,
    )


def nav_bar(host: Host, current: str) -> ft.BottomAppBar:
    items = [
        ("nav-matches", ft.Icons.STYLE, _("Matches"), "/"),
        ("nav-rules", ft.Icons.MENU_BOOK, _("Rules"), "/rules"),
        ("nav-stats", ft.Icons.INSIGHTS, _("Stats"), "/stats"),
        ("nav-events", ft.Icons.EMOJI_EVENTS, _("Events"), "/events"),
        ("nav-settings", ft.Icons.SETTINGS, _("Settings"), "/settings"),
    ]
    if phone_only():  # an event needs the served app: the tables' phones join it
        items = [item for item in items if item[0] != "nav-events"]
    buttons = []
    for ident, icon, label, route in items:
        selected = current == route
        color = ft.Colors.PRIMARY if selected else ft.Colors.ON_SURFACE_VARIANT
        buttons.append(
            tile(
                ident,
                ft.Column(
                    [
                        ft.Icon(icon, color=color, size=22),
                        ft.Text(
                            label,
                            size=12,
                            color=color,
                            weight=ft.FontWeight.BOLD if selected else None,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    tight=True,
                ),
                host.handler(host.go_top, route),
                selected=selected,
                height=56,
                expand=True,
                padding=0,  # named by its text alone (not "Matches Matches")
            )
        )
    return ft.BottomAppBar(
        in_reading_order(ft.Row(buttons, spacing=4)),
        height=64,
        padding=ft.Padding.symmetric(horizontal=4, vertical=4),
    )


def app_bar(title: str) -> ft.AppBar:
    """The app bar; its back button is ours (`back_button`, set by `Screen.show_back`), never
    Flutter's own, whose name comes from Flutter's English strings in every language."""
    return ft.AppBar(
        title=ft.Text(title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
        automatically_imply_leading=False,
    )


def back_button(host: Host, screen: "Screen") -> ft.Semantics:
    """The app bar's back arrow (`labelled_icon_button`, identifier back), doing what the system
    back does (`host.go_back`); a second tap once its screen has gone does nothing. The arrow icon
    follows the text direction by itself, so it points right in Sindhi and Urdu."""
    return labelled_icon_button(
        "back", _("Back"), ft.Icons.ARROW_BACK, host.handler(host.go_back, screen=screen)
    )


@ft.control(isolated=True)
class ScreenView(ft.View):
    """A screen's view, isolated (Flet's own boundary): a page update sends the stack of views
    but diffs no screen's controls, so the screens under the one on top, and the deal entry kept
    hidden under its scoreboard, cost nothing to update; the app updates the screens it shows
    (`App.update`)."""


class Screen:
    route = "/"
    nav_route = ""
    keeps_awake = False  # the phone's screen stays on while this one is open (a match at the table)
    match_id: str | None = None  # the match it shows, if any
    confined = False  # shown to a table phone: nothing on it leads to another screen (roles.py)

    def __init__(self, host: Host):
        self.host = host
        self.body = ft.Column(spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        self.footer = ft.Column(
            spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
        )
        # A fault no view-model foresaw is told here, on whatever screen it happened.
        self.alert_box = ft.Container(
            padding=ft.Padding.only(left=12, right=12, top=8), visible=False
        )
        # Body and footer each under a node with the session's direction: rows read as they are laid
        # out.
        self.frames = [
            self.alert_box,
            ft.Container(in_reading_order(self.body), padding=PAD, expand=True),
            ft.Container(
                in_reading_order(self.footer), padding=ft.Padding.symmetric(horizontal=12)
            ),
        ]
        self.view = ScreenView(
            route=self.route,
            appbar=app_bar(""),  # titled by `drawn()`, once the subclass is built
            controls=self.frames,
            bottom_appbar=nav_bar(host, self.nav_route),
            padding=ft.Padding.only(bottom=8),
            spacing=4,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.back: ft.Semantics | None = None

    def drawn(self) -> Self:
        """The screen titled, fitted to the page and drawn from its view-model: the step after
        building it (the route table's factories take it), so that no constructor calls a method
        a subclass overrides before the subclass has built what that method draws."""
        self.view.appbar.title.value = self.title()
        self.fit_width(self.host.page_width())
        self.refresh()
        return self

    def show_back(self, shown: bool) -> None:
        """The back button where Flutter put its own: on every screen stacked over another."""
        if shown and self.back is None:
            self.back = back_button(self.host, self)
        self.view.appbar.leading = self.back if shown else None

    def fit_width(self, page_width: float | None) -> None:
        """Phones use the whole width; a wide (desktop) window gets a centred column."""
        width = MAX_WIDTH if page_width and page_width > MAX_WIDTH + 40 else None
        for frame in self.frames:
            frame.width = width

    def title(self) -> str:
        return _("Seep Scorer")

    def load(self) -> None:
        """Read what this screen shows from the store (called off the event loop)."""

    def refresh(self) -> None:
        """Draw what the view-model holds; never touches the store."""

    def rebase(self) -> None:
        """The match it shows changed elsewhere (another phone): check what was entered here
        against it (the deal screen); most screens only redraw."""

    def changed(self) -> None:
        """After a handler changed this screen's view-model: draw it (no store call) and send the
        update."""
        self.refresh()
        self.host.update()

    def holds_back(self, then) -> bool:
        """Leaving now would lose something: ask first, and run the coroutine function `then` only
        if the user leaves all the same (True: asked, so the caller stays)."""
        return False

    def leave(self) -> None:
        """Another screen is on top now (or this one is rebuilt, in another language): the notices
        this one showed were about what happened here, in the words of then, so they go. A notice
        set for it while it was covered (a deal deleted on the deal's own screen) still shows
        once."""
        self.alert_box.content, self.alert_box.visible = None, False

    def alert(self, message: str | None) -> None:
        self.alert_box.content = (
            in_reading_order(
                notice(message, on_close=self.host.handler(self.alert, None), error=True)
            )
            if message
            else None
        )
        self.alert_box.visible = bool(message)
        if not message:
            self.changed()


def hand_over(old: Screen | None, new: Screen | None) -> None:
    """The screen on top goes from `old` to `new` (None: one not built yet): `old` is left, unless
    it is `new`. Before the new screens are built, so none of them shows what `old` leaves
    behind."""
    if old is not None and old is not new:
        old.leave()
