"""Small building blocks shared by the screens: every tappable thing is at least 48 × 48
and carries its semantics identifier."""

from __future__ import annotations

from typing import Callable

import flet as ft

TAP = 48  # minimum tap target


def sem(identifier: str, content: ft.Control, **kw) -> ft.Semantics:
    return ft.Semantics(identifier=identifier, content=content, **kw)


def text_block(identifier: str, value: str, *, size: int | None = None, weight=None, color=None,
               align=None, expand=None) -> ft.Semantics:
    """A text with an identifier; its semantics text is the visible text."""
    return sem(identifier, ft.Text(value, size=size, weight=weight, color=color, text_align=align), expand=expand) \
        if expand else sem(identifier, ft.Text(value, size=size, weight=weight, color=color, text_align=align))


def tile(identifier: str, content: ft.Control, on_click: Callable | None, *, value: str | None = None,
         selected: bool | None = None, bgcolor=None, border=None, width=None, height=TAP, expand=None,
         label: str | None = None, disabled: bool = False, padding=None,
         alignment=ft.Alignment.CENTER) -> ft.Semantics:
    """A tappable surface (chip, card tile, list row) wrapped in its semantics node."""
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
    return ft.Semantics(identifier=identifier, content=box, button=True, value=value, selected=selected,
                        label=label, expand=expand)


def choice_chip(identifier: str, text: str, selected: bool, on_click: Callable, *, expand=None,
                width=None, compact: bool = False) -> ft.Semantics:
    return tile(
        identifier,
        ft.Text(text, weight=ft.FontWeight.BOLD if selected else None, text_align=ft.TextAlign.CENTER,
                color=ft.Colors.ON_PRIMARY_CONTAINER if selected else None, max_lines=1 if compact else 2,
                overflow=ft.TextOverflow.ELLIPSIS, size=13 if compact else None),
        on_click,
        selected=selected,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
        border=ft.Border.all(1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        expand=expand,
        width=width,
        padding=ft.Padding.symmetric(horizontal=4) if compact else None,
    )


def big_button(identifier: str, text: str, on_click: Callable, *, icon=None, filled: bool = True,
               disabled: bool = False, expand=None) -> ft.Semantics:
    cls = ft.FilledButton if filled else ft.OutlinedButton
    btn = cls(content=text, icon=icon, on_click=on_click, disabled=disabled, height=52, expand=expand)
    return ft.Semantics(identifier=identifier, content=btn, expand=expand)


def icon_button(identifier: str, icon, on_click: Callable, *, tooltip: str | None = None,
                disabled: bool = False) -> ft.Semantics:
    return ft.Semantics(identifier=identifier, content=ft.IconButton(
        icon=icon, on_click=on_click, tooltip=tooltip, disabled=disabled, width=TAP, height=TAP))


def counter(base: str, value: int, on_dec: Callable, on_inc: Callable, *, label: str) -> ft.Row:
    """`base` shows the count; `base-dec` and `base-inc` change it."""
    return ft.Row(
        [
            icon_button(f"{base}-dec", ft.Icons.REMOVE, on_dec, tooltip=label, disabled=value == 0),
            ft.Semantics(identifier=base, label=label, value=str(value),
                         content=ft.Container(ft.Text(str(value), size=18, weight=ft.FontWeight.BOLD),
                                              width=26, alignment=ft.Alignment.CENTER)),
            icon_button(f"{base}-inc", ft.Icons.ADD, on_inc, tooltip=label),
        ],
        spacing=0,
        tight=True,
    )


def notice(message: str | None, action_text: str | None = None, on_action: Callable | None = None,
           on_close: Callable | None = None, *, error: bool = False) -> ft.Control:
    """An inline message bar (instead of a snack bar: it has identifiers and stays until dismissed)."""
    if not message:
        return ft.Container(visible=False)
    row = [ft.Semantics(identifier="notice", content=ft.Text(message, expand=True), expand=True)]
    if action_text and on_action:
        row.append(ft.Semantics(identifier="notice-action",
                                content=ft.TextButton(content=action_text, on_click=on_action, height=TAP)))
    if on_close:
        row.append(icon_button("notice-close", ft.Icons.CLOSE, on_close))
    return ft.Container(
        ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
    )


def section_title(text: str) -> ft.Text:
    return ft.Text(text, size=15, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
