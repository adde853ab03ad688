"""Charts that read in the session's direction. fl_chart (flet-charts) draws every chart left to
right whatever the text direction: in Sindhi and Urdu the app mirrors them itself, so that deals
and months run from the right and the value axis stands on the right, where a right-to-left
reader starts."""

from __future__ import annotations

import flet as ft

from ..i18n import is_rtl


def mirrored() -> bool:
    return is_rtl()


def whole_axis(count: int, room: float) -> tuple[float, float]:
    """The horizontal range (min_x, max_x) for whole positions 0..count, with `room` past the last
    one. fl_chart shows an axis label only at a value it steps on (the ends and whole multiples of
    the label spacing): mirrored, the room goes on the left, so every mirrored position
    (`along`) stays whole and its label is shown."""
    return (-room, count) if mirrored() else (0, count + room)


def along(x: int, count: int) -> int:
    """Where whole position `x` of 0..count goes on a `whole_axis`: mirrored right to left."""
    return count - x if mirrored() else x


def in_order(items: list) -> list:
    """A bar chart's groups as they stand from left to right (fl_chart places them in list order;
    their x only names them for the axis labels): reversed when mirrored."""
    return items[::-1] if mirrored() else items


def value_axis(axis) -> dict:
    """The value axis on the side a reader starts from (a chart's keyword argument)."""
    return {"right_axis": axis} if mirrored() else {"left_axis": axis}


def chart_padding(top: float = 8, end: float = 8) -> ft.Padding:
    """Room above the chart and past its far end (the right; the left when mirrored)."""
    if mirrored():
        return ft.Padding.only(top=top, left=end)
    return ft.Padding.only(top=top, right=end)
