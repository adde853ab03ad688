"""Small building blocks shared by the screens: every tappable thing is at least 48 × 48
and carries its semantics identifier."""

from __future__ import annotations

from typing import Callable

import flet as ft

from ..i18n import _, current_language, fmt
from .theme import line_scale

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
