"""Material 3 themes (light, dark, pure black) with the bundled Noto fonts."""

from __future__ import annotations

import flet as ft

FONT = "Noto Sans"
# Registered in page.fonts; paths are relative to the assets folder (served at the site root).
FONTS = {
    "Noto Sans": "fonts/NotoSans-Regular.ttf",
    "Noto Sans Devanagari": "fonts/NotoSansDevanagari-Regular.ttf",
    "Noto Sans Thai": "fonts/NotoSansThai-Regular.ttf",
    "Noto Naskh Arabic": "fonts/NotoNaskhArabic-Regular.ttf",
    "Noto Sans Bengali": "fonts/NotoSansBengali-Regular.ttf",
    "Noto Sans Gurmukhi": "fonts/NotoSansGurmukhi-Regular.ttf",
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
# Urdu is written in Noto Naskh Arabic, as Sindhi: Noto Nastaliq Urdu was tried and dropped, its
# tall lines (2.5 em) clipped the app bar's title and two-line chips at 360 x 640, even with a
# smaller line height.
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


def _text_theme(kind: str) -> ft.TextTheme:
    style = dict(font_family=FONT, font_family_fallback=FALLBACK, color=TEXT_COLORS[kind])
    return ft.TextTheme(**{name: ft.TextStyle(**style) for name in _STYLES})


def make_theme(kind: str) -> ft.Theme:
    """kind: light | dark | black."""
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
        text_theme=_text_theme(kind),
        primary_text_theme=_text_theme(kind),
        use_material3=True,
        scaffold_bgcolor=scaffold,
    )


def apply_theme(page: ft.Page, choice: str) -> None:
    """choice: system | light | dark | black."""
    page.fonts = FONTS
    page.theme = make_theme("light")
    page.dark_theme = make_theme("black" if choice == "black" else "dark")
    page.theme_mode = {
        "light": ft.ThemeMode.LIGHT,
        "dark": ft.ThemeMode.DARK,
        "black": ft.ThemeMode.DARK,
    }.get(choice, ft.ThemeMode.SYSTEM)
    page.bgcolor = "#000000" if choice == "black" else None
