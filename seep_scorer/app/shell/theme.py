"""The look: Material 3 themes with the bundled Noto fonts, and charts that read in the session's
direction.

Material 3 themes (light, dark, pure black) with the bundled Noto fonts."""

from __future__ import annotations

import flet as ft

from seep_scorer.i18n.translate import is_rtl

FONT = "Noto Sans"
# Registered in page.fonts; paths are relative to the assets folder (served at the site root).
FONTS = {
    "Noto Sans": "fonts/NotoSans-Regular.ttf",
    "Noto Sans Devanagari": "fonts/NotoSansDevanagari-Regular.ttf",
    "Noto Sans Thai": "fonts/NotoSansThai-Regular.ttf",
    "Noto Naskh Arabic": "fonts/NotoNaskhArabic-Regular.ttf",
    "Noto Sans Bengali": "fonts/NotoSansBengali-Regular.ttf",
    "Noto Sans Gurmukhi": "fonts/NotoSansGurmukhi-Regular.ttf",
    "Noto Nastaliq Urdu": "fonts/NotoNastaliqUrdu-Regular.ttf",
    "Noto Sans Symbols 2 Suits": "fonts/NotoSansSymbols2-Suits.ttf",  # ♠ ♥ ♦ ♣ only (subset)
}
FALLBACK = [
    "Noto Sans Symbols 2 Suits",
    "Noto Sans Devanagari",
    "Noto Sans Thai",
    "Noto Naskh Arabic",
    "Noto Sans Bengali",
    "Noto Sans Gurmukhi",
]
# Sindhi and Urdu share the Arabic script but not its style: Urdu readers expect Nastaliq, so Urdu
# puts it before Naskh (Flutter takes each glyph from the first font in the list that has it). Only
# its Regular weight ships (570 KB): bold Urdu is Flutter's synthesized bold of it, not Naskh Bold.
SCRIPT_STYLE = {"ur": "Noto Nastaliq Urdu"}
# Flutter's line height for the first font, Noto Sans (ascent 1.069 + descent 0.293 em): the
# heights the screens were laid out for.
LATIN_LINE = 1.362
# Line heights (em) where a script needs its own. Nastaliq's words climb to 2.1 em above the line
# (median 1.47) and hang 0.6 em below it (the app's Urdu texts shaped with HarfBuzz): paragraphs
# get room between lines, labels (buttons, chips, tiles) less. Its alef stands 0.77 em tall, above
# Noto Sans's capitals (0.71 em): at the same size Urdu reads no smaller than Latin.
LINE_HEIGHTS = {"ur": {"body": 2.0, "label": 1.7, "title": 1.9, "headline": 1.9, "display": 1.9}}


# Languages Flutter's own (Material) strings and text handling know: every one of the app's but
# Sindhi, for which a page locale would leave Flutter without its Material strings at all.
FLUTTER_LANGUAGES = frozenset({"en", "hi", "pa", "ur", "sq", "th", "as", "it"})


def locale_configuration(lang: str | None) -> ft.LocaleConfiguration:
    """The page's locale: the session's language where Flutter knows it (then it shapes and
    mirrors text as that language's), English otherwise."""
    code = lang if lang in FLUTTER_LANGUAGES else "en"
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code)], current_locale=ft.Locale(code)
    )


def fallback(lang: str | None = None) -> list[str]:
    first = SCRIPT_STYLE.get(lang or "")
    return [first, *FALLBACK] if first else list(FALLBACK)


def line_height(lang: str | None, role: str = "label") -> float:
    """The line height (em) text of `role` (body, label, title…) has in `lang`."""
    return LINE_HEIGHTS.get(lang or "", {}).get(role, LATIN_LINE)


def line_scale(lang: str | None, role: str = "label") -> float:
    """How much taller than a Latin line a line of `role` is in `lang` (1.0 for most languages):
    what a box laid out for Latin lines must grow by to hold the same lines."""
    return line_height(lang, role) / LATIN_LINE


SEED = "#00695C"  # teal: the colour of a card table's baize
TEAM_COLORS = ("#1565C0", "#C62828")

_STYLES = (
    "body_large",
    "body_medium",
    "body_small",
    "display_large",
    "display_medium",
    "display_small",
    "headline_large",
    "headline_medium",
    "headline_small",
    "label_large",
    "label_medium",
    "label_small",
    "title_large",
    "title_medium",
    "title_small",
)


# A text theme replaces the default one wholesale, colours included: give each brightness its own
# (Material 3 baseline on-surface colours), or text is dark on dark.
TEXT_COLORS = {"light": "#1D1B20", "dark": "#E6E0E9", "black": "#ECE6F0"}


def _text_theme(kind: str, lang: str | None = None) -> ft.TextTheme:
    style = dict(font_family=FONT, font_family_fallback=fallback(lang), color=TEXT_COLORS[kind])
    heights = LINE_HEIGHTS.get(lang or "", {})
    return ft.TextTheme(
        **{name: ft.TextStyle(**style, height=heights.get(name.split("_")[0])) for name in _STYLES}
    )


def make_theme(kind: str, lang: str | None = None) -> ft.Theme:
    """kind: light | dark | black; lang: the session's language (its script's style and line
    heights)."""
    scheme = None
    scaffold = None
    if kind == "black":
        scheme = ft.ColorScheme(
            surface="#000000",
            surface_container_lowest="#000000",
            surface_container_low="#0A0A0A",
            surface_container="#111111",
            surface_container_high="#161616",
            surface_container_highest="#1C1C1C",
        )
        scaffold = "#000000"
    return ft.Theme(
        color_scheme_seed=SEED,
        color_scheme=scheme,
        font_family=FONT,
        text_theme=_text_theme(kind, lang),
        primary_text_theme=_text_theme(kind, lang),
        use_material3=True,
        scaffold_bgcolor=scaffold,
    )


def apply_theme(page: ft.Page, choice: str, lang: str | None = None) -> None:
    """choice: system | light | dark | black; lang: the session's language, which also becomes the
    page's locale (Flutter shapes Urdu text as Urdu only when told the text is Urdu)."""
    page.fonts = FONTS
    page.theme = make_theme("light", lang)
    page.dark_theme = make_theme("black" if choice == "black" else "dark", lang)
    page.locale_configuration = locale_configuration(lang)
    page.theme_mode = {
        "light": ft.ThemeMode.LIGHT,
        "dark": ft.ThemeMode.DARK,
        "black": ft.ThemeMode.DARK,
    }.get(choice, ft.ThemeMode.SYSTEM)
    page.bgcolor = "#000000" if choice == "black" else None


# ---- charts in the session's direction
# Charts that read in the session's direction. fl_chart (flet-charts) draws every chart left to
# right whatever the text direction: in Sindhi and Urdu the app mirrors them itself, so that deals
# and months run from the right and the value axis stands on the right, where a right-to-left
# reader starts.


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
