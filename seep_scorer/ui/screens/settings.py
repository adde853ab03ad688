"""The settings screen: this device's language, digits and theme (nothing about the server)."""

from __future__ import annotations

import flet as ft

from ...i18n import LANGUAGES, _
from ...locale_format import DIGIT_CHOICES, digit_set
from .. import texts
from ..host import Host
from ..viewmodels import THEMES, SettingsVM
from ..widgets import Chip, section_title, sem
from .backup_section import BackupSection
from .base import MAX_WIDTH, Screen

SWITCH_WIDTH = 72  # a switch and the gap before its label
LABEL_WIDTH = 300  # until the page's width is known


class SettingsScreen(Screen):
    """This device's settings: language (each named in its own script), digits, theme."""

    route = "/settings"
    nav_route = "/settings"

    def __init__(self, host: Host, vm: SettingsVM):
        self.vm = vm
        super().__init__(host)
        h = host.handler
        self.language_chips = {
            code: Chip(f"language-{code}", name, h(host.set_language, code), compact=False)
            for code, name in LANGUAGES.items()
        }
        self.theme_chips = {
            t: Chip(
                f"theme-{t}",
                _(texts.THEME_LABELS[t]),
                h(host.set_theme, t),
                expand=True,
                compact=False,
            )
            for t in THEMES
        }
        for chip in self.language_chips.values():  # a grid over the whole width: two a row
            chip.control.col = {"xs": 6, "sm": 4}
        for chip in self.theme_chips.values():
            chip.control.col = {"xs": 6, "sm": 3}
        # Digits: one chip per choice, each showing a sample of its digits, so the user sees what
        # they pick.
        self.digit_chips = {
            c: Chip(f"digits-{c}", "", h(host.set_digits, c), expand=True, compact=False)
            for c in DIGIT_CHOICES
        }
        self.digits_help = ft.Text("", size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self.digits_box = sem(
            "native-digits",
            ft.Column(
                [
                    ft.Text(_("Native digits"), size=15),
                    ft.Row([c.control for c in self.digit_chips.values()], spacing=6),
                    self.digits_help,
                ],
                spacing=4,
                tight=True,
            ),
            container=True,
        )
        # The label is a text given a width (`fit_width`) so that it wraps: a plain label ran off
        # the screen's edge (issue 33).
        self.chances_label = ft.Text(
            # TRANSLATORS: a setting, off by default; the chances come from the players' ratings.
            _("Show each side's chance of winning the next bazzi")
        )
        self.chances_switch = ft.Switch(
            label=ft.Container(self.chances_label, width=LABEL_WIDTH),
            on_change=h(self._show_chances, event=True),
        )
        items: list[ft.Control] = [
            section_title(_("Language")),
            sem(
                "language",
                ft.ResponsiveRow(
                    [c.control for c in self.language_chips.values()], spacing=6, run_spacing=6
                ),
            ),
            self.digits_box,
            section_title(_("Theme")),
            # two a row on a phone, like the languages: "سسٹم کے مطابق" in one line, never cut
            sem(
                "theme",
                ft.ResponsiveRow(
                    [c.control for c in self.theme_chips.values()], spacing=6, run_spacing=6
                ),
            ),
            section_title(_("Scoreboard")),
            sem("setting-show-chances", self.chances_switch),
        ]
        # Nothing about the server's folders: the players see only this device's own settings.
        self.backup = BackupSection(host, vm.backup)
        items += self.backup.controls
        self.body.controls = items

    def title(self) -> str:
        return _("Settings")

    def fit_width(self, page_width: float | None) -> None:
        super().fit_width(page_width)
        body = min(page_width or MAX_WIDTH, MAX_WIDTH) - 2 * 12  # the body's padding
        self.chances_switch.label.width = max(120, body - SWITCH_WIDTH)

    def leave(self) -> None:
        super().leave()
        self.vm.backup.dismiss()  # kept by the app's settings, past this screen: its notice is not

    def _show_chances(self, e) -> None:
        self.vm.set_show_chances(bool(e.control.value))
        self.changed()

    def refresh(self) -> None:
        self.chances_switch.value = self.vm.show_chances
        for code, chip in self.language_chips.items():
            chip.set(self.vm.language == code)
        for t, chip in self.theme_chips.items():
            chip.set(self.vm.theme == t)
        self.digits_box.visible = self.vm.offers_native_digits
        lang, in_use, offered = self.vm.language, self.vm.digits_in_use, self.vm.digit_choices
        for c, chip in self.digit_chips.items():
            # "123456" in that choice's digits: ٤٥٦ and ۴۵۶ tell Sindhi's two sets apart, ١٢٣ and
            # ۱۲۳ look alike
            chip.text.value = digit_set(lang, c)[1:7]
            # Read as what it is, "Latin digits, 123456", not as a bare number (the sample is still
            # in it).
            chip.text.semantics_label = _(texts.DIGIT_CHOICE_NAMES[c]).format(
                digits=chip.text.value
            )
            chip.control.visible = c in offered
            chip.set(c == in_use)
        digits = digit_set(lang, in_use if in_use != "latin" else "native")
        # TRANSLATORS: {digits} are the ten digits of the language's own script, e.g. ०१२३४५६७८९.
        self.digits_help.value = _("Every number in the digits of this script: {digits}").format(
            digits=digits
        )
