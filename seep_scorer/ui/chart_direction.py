"""Charts that read in the session's direction. fl_chart (flet-charts) draws every chart left to
right whatever the text direction: in Sindhi and Urdu the app mirrors them itself, so that deals
and months run from the right and the value axis stands on the right, where a right-to-left
reader starts."""

from __future__ import annotations

import flet as ft

from ..i18n import is_rtl


def mirrored() -> bool:
    return is_rtl()


def place(x: float, low: float, high: float) -> float:
    """Where `x` of the range low..high goes on the horizontal axis: mirrored right to left."""
    return low + high - x if mirrored() else x


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
