"""What every screen shares: the `Screen` base class, the app bar, the navigation bar and the help
mark, small building blocks, dialogs and downloads.

Small building blocks shared by the screens: every tappable thing is at least 48 × 48
and carries its semantics identifier.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Self

import flet as ft

from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.state import phone_only
from seep_scorer.app.shell.theme import line_scale
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, current_language, fmt

log = logging.getLogger(__name__)

TAP = 48  # minimum tap target
BUTTON = 52  # a button whose label may wrap to two lines


def tall(px: float, role: str = "label") -> int:
    """A height laid out for Latin lines of text (`role`: label, body, title), grown by as much as
    the session's script makes those lines taller (Urdu's Nastaliq: a quarter for labels)."""
    return round(px * line_scale(current_language(), role))


def sem(identifier: str, content: ft.Control, **kw) -> ft.Semantics:
    return ft.Semantics(identifier=identifier, content=content, **kw)


@ft.control(isolated=True)
class SettledSemantics(ft.Semantics):
    """A part drawn once and never changed in place (a deal row, a board's table: one that
    changes is drawn anew). Isolated, Flet's update boundary: a screen's update does not diff
    what is inside it, so a scoreboard of thirty deals costs the server no more to update than
    one of three."""


def settled(identifier: str, content: ft.Control, **kw) -> ft.Semantics:
    """`sem` for a part never changed once shown (`SettledSemantics`)."""
    return SettledSemantics(identifier=identifier, content=content, **kw)


def in_reading_order(content: ft.Control) -> ft.Semantics:
    """`content` under a semantics node that carries the session's text direction, so that a screen
    reader reads each row of it in the order it is laid out: right to left in Sindhi and Urdu.

    Flutter orders the nodes under a node by where they sit, in the direction of the nearest node
    above them that has one. Only a node holding text takes the direction of the view (`page.rtl`);
    every node above the view has the app's own, which is left to right in Sindhi (Flutter has no
    Sindhi, so its locale stays English there), so rows were read from their left end: the fourth
    player first.
    The empty label names nothing and is not read: it only gives the node its direction."""
    return ft.Semantics(container=True, label="", content=content)


def tile(
    identifier: str,
    content: ft.Control,
    on_click: Callable | None,
    *,
    value: str | None = None,
    selected: bool | None = None,
    bgcolor=None,
    border=None,
    width=None,
    height=TAP,
    expand=None,
    label: str | None = None,
    disabled: bool = False,
    padding=None,
    alignment=ft.Alignment.CENTER,
    settled: bool = False,
) -> ft.Semantics:
    """A tappable surface (chip, card tile, list row) wrapped in its semantics node; `settled`:
    never changed once shown (`SettledSemantics`)."""
    box = ft.Container(
        content=content,
        on_click=None if disabled else on_click,
        ink=True,
        bgcolor=bgcolor,
        border=border,
        border_radius=12,
        width=width,
        height=height,
        alignment=alignment,
        padding=padding if padding is not None else ft.Padding.symmetric(horizontal=12),
        expand=expand,
        opacity=0.5 if disabled else 1.0,
    )
    return (SettledSemantics if settled else ft.Semantics)(
        identifier=identifier,
        content=box,
        button=True,
        value=value,
        selected=selected,
        label=label,
        expand=expand,
    )


class Chip:
    """A choice chip built once and restyled in place (so quick taps never hit a replaced
    control)."""

    def __init__(
        self, identifier: str, text: str, on_click: Callable, *, expand=None, compact: bool = True
    ):
        self.text = ft.Text(
            text,
            text_align=ft.TextAlign.CENTER,
            max_lines=1 if compact else 2,
            overflow=ft.TextOverflow.ELLIPSIS,
            size=13 if compact else None,
        )
        self.control = tile(
            identifier,
            self.text,
            on_click,
            expand=expand,
            padding=ft.Padding.symmetric(horizontal=4) if compact else None,
        )
        self.box = self.control.content

    def set(self, selected: bool) -> None:
        self.control.selected = selected
        self.text.weight = ft.FontWeight.BOLD if selected else None
        self.text.color = ft.Colors.ON_PRIMARY_CONTAINER if selected else None
        self.box.bgcolor = ft.Colors.PRIMARY_CONTAINER if selected else None
        self.box.border = ft.Border.all(
            1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT
        )


def big_button(
    identifier: str,
    text: str,
    on_click: Callable,
    *,
    icon=None,
    filled: bool = True,
    disabled: bool = False,
    expand=None,
) -> ft.Semantics:
    cls = ft.FilledButton if filled else ft.OutlinedButton
    btn = cls(
        content=text,
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=tall(BUTTON),
        expand=expand,
    )
    return ft.Semantics(identifier=identifier, content=btn, expand=expand)


def labelled_icon_button(
    ident: str,
    label: str,
    icon: ft.IconData,
    on_click,
    *,
    icon_size: float | None = None,
    icon_color=None,
) -> ft.Semantics:
    """An icon button, 48 × 48, under a node carrying its semantics identifier, named once (`label`,
    in the session's language) and activatable by a screen reader; `relabel` renames it.

    The name is the icon's semantics label, which the button's own node takes: that node keeps the
    button's tap action, so a screen reader's activation (TalkBack's double tap; in the browser, a
    click on the node with no pointer) runs `on_click` as a finger's tap does. (A label on a
    `Semantics` around an excluded button left a node with no tap action: Flet 1.0.5 never passes a
    `Semantics.on_tap` on.) The tooltip says the same on hover and long press but stays out of the
    semantics tree: Flet puts it around the button, where it named a node of its own and left the
    button nameless, or was read a second time."""
    # Size and colour on the icon itself: an IconButton's own apply only to an icon given by name.
    button = ft.IconButton(
        icon=ft.Icon(icon, size=icon_size, color=icon_color),
        width=TAP,
        height=TAP,
        on_click=on_click,
    )
    control = ft.Semantics(identifier=ident, content=button)
    relabel(control, label)
    return control


def relabel(control: ft.Semantics, label: str) -> None:
    """Give a `labelled_icon_button` a new name (undo and redo say what they would do next)."""
    button = control.content
    if button.icon.semantics_label != label:
        button.icon.semantics_label = label
        button.tooltip = ft.Tooltip(message=label, exclude_from_semantics=True)


class Counter:
    """`base` shows the count; `base-dec` and `base-inc` change it. Built once, set in place.
    `dec_label` and `inc_label` name the two buttons for a screen reader (each its own name,
    saying what it does and for whom); without them both carry `label`."""

    def __init__(
        self,
        base: str,
        label: str,
        on_dec: Callable,
        on_inc: Callable,
        *,
        dec_label: str | None = None,
        inc_label: str | None = None,
    ):
        self._on = {"dec": on_dec, "inc": on_inc}
        self.dec = self._button(f"{base}-dec", ft.Icons.REMOVE, dec_label or label, on_dec)
        self.inc = self._button(f"{base}-inc", ft.Icons.ADD, inc_label or label, on_inc)
        self.text = ft.Text("0", size=18, weight=ft.FontWeight.BOLD)
        # Read as "<label> 3": the count is the node's text (a semantics value besides would read it
        # twice).
        self.value = ft.Semantics(
            identifier=base,
            label=label,
            content=ft.Container(self.text, width=26, alignment=ft.Alignment.CENTER),
        )
        self.control = ft.Row([self.dec, self.value, self.inc], spacing=0, tight=True)

    @staticmethod
    def _button(identifier: str, icon, name: str, on_click: Callable) -> ft.Semantics:
        """One button, one name: a round 48 × 48 surface whose semantics node carries `name`
        (an IconButton's tooltip would name a node of its own beside an unnamed button)."""
        box = ft.Container(
            ft.Icon(icon, size=22),
            on_click=on_click,
            ink=True,
            width=TAP,
            height=TAP,
            border_radius=TAP // 2,
            alignment=ft.Alignment.CENTER,
        )
        return ft.Semantics(identifier=identifier, content=box, button=True, label=name)

    def _enable(self, button: ft.Semantics, kind: str, enabled: bool) -> None:
        button.content.on_click = self._on[kind] if enabled else None
        button.content.opacity = 1.0 if enabled else 0.38

    def set(self, n: int, can_add: bool = True) -> None:
        """Show `n`; `can_add` False disables the add button (the rules allow no more here)."""
        self.text.value = fmt().number(n)
        self._enable(self.dec, "dec", n > 0)
        self._enable(self.inc, "inc", can_add)


def notice(
    message: str | None,
    action_text: str | None = None,
    on_action: Callable | None = None,
    on_close: Callable | None = None,
    *,
    error: bool = False,
) -> ft.Control:
    """An inline message bar (instead of a snack bar: it has identifiers and stays until
    dismissed)."""
    if not message:
        return ft.Container(visible=False)
    row = [ft.Semantics(identifier="notice", content=ft.Text(message, expand=True), expand=True)]
    if action_text and on_action:
        row.append(
            ft.Semantics(
                identifier="notice-action",
                content=ft.TextButton(content=action_text, on_click=on_action, height=TAP),
            )
        )
    if on_close:
        # TRANSLATORS: the button that dismisses a message shown above a screen's content.
        row.append(labelled_icon_button("notice-close", _("Close"), ft.Icons.CLOSE, on_close))
    return ft.Container(
        ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
    )


def section_title(text: str) -> ft.Text:
    return ft.Text(text, size=15, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)


# ---- the Screen class, the app bar, the navigation bar, the help mark
# What every screen shares: the `Screen` base class, the app bar, the navigation bar and the help
# mark.
#
# Handlers change the view-model, then call the screen's `changed()`, which redraws that screen
# and sends one update; a frequent small change (a card tap) draws and `send`s only the controls it
# touched. Text fields are kept as the same control objects across refreshes so
# that typing is never interrupted.
#
# A screen is built first (its constructor makes its controls and calls nothing it overrides),
# then drawn (`drawn()`: the title, the width, `refresh()`). `load()` reads the store (the app runs
# it off the event loop); `refresh()` only draws what the view-model holds, so a card tap never
# waits for the store. Every handler goes through
# `host.handler`: one that touches the store is a coroutine, run under the session's lock with
# the store call in `off_loop`.

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
    confined = (
        False  # shown to a table phone: nothing on it leads to another screen (app/shell/roles.py)
    )

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


# ---- dialogs
# Dialogs on the page: shown and closed the same way on every screen.


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


def copy_action(text: str):
    """A button's action that copies `text` as the tap lands (a browser lets a page write to the
    clipboard only while it handles the tap); None with no live page (a control-tree test)."""
    try:
        return ft.CopyToClipboard(text)
    except RuntimeError:
        return None


def close(page: ft.Page, dialog: ft.DialogControl) -> None:
    try:
        if dialog.open:
            page.pop_dialog()
    except Exception:
        log.debug("no live page for the dialog", exc_info=True)
    dialog.open = False


# ---- downloads
# Files handed to the browser to save (a match file, its CSV, a backup): one way for every
# screen.

DOWNLOAD_TIMEOUT = 60  # seconds the browser may take to accept a download


class BrowserDownloads:
    """Each file is saved by a task of its own, not under the session's lock: the browser answers
    only once it has taken the file. A download that does not complete is logged, never shown as a
    fault."""

    def __init__(self, picker: ft.FilePicker | None = None):
        self._picker = picker
        self._tasks: set[asyncio.Task] = set()

    def start(self, name: str, data: bytes) -> None:
        if self._picker is None:
            self._picker = ft.FilePicker()
        task = asyncio.get_running_loop().create_task(self._save(self._picker, name, data))
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _save(picker: ft.FilePicker, name: str, data: bytes) -> None:
        try:
            await asyncio.wait_for(
                picker.save_file(file_name=name, src_bytes=data), DOWNLOAD_TIMEOUT
            )
        except Exception:
            log.info("the download of %s did not complete", name, exc_info=True)
