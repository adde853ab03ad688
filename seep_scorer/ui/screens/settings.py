"""The settings screen: this device's language, native digits and theme (nothing about the server)."""

from __future__ import annotations

import flet as ft

from ...i18n import LANGUAGES, _
from ...locale_format import NATIVE_DIGITS
from .. import texts
from ..host import Host
from ..viewmodels import THEMES, SettingsVM
from ..widgets import TAP, Chip, section_title, sem
from .backup_section import BackupSection
from .base import Screen


class SettingsScreen(Screen):
    """This device's settings: language (each named in its own script), native digits, theme."""

    route = "/settings"
    nav_route = "/settings"

    def __init__(self, host: Host, vm: SettingsVM):
        self.vm = vm
        super().__init__(host)
        h = host.handler
        self.language_chips = {code: Chip(f"language-{code}", name, h(host.set_language, code),
                                          compact=False) for code, name in LANGUAGES.items()}
        self.theme_chips = {t: Chip(f"theme-{t}", _(texts.THEME_LABELS[t]), h(host.set_theme, t),
                                    expand=True, compact=False) for t in THEMES}
        for chip in self.language_chips.values():  # a grid over the whole width: two a row on a phone
            chip.control.col = {"xs": 6, "sm": 4}
        self.digits_switch = ft.Switch(label=_("Native digits"), value=self.vm.native_digits,
                                       on_change=h(self._digits, event=True))
        self.digits_help = ft.Text("", size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self.digits_box = ft.Column([sem("native-digits", ft.Container(self.digits_switch, height=TAP)),
                                     self.digits_help], spacing=2, tight=True)
        items: list[ft.Control] = [
            section_title(_("Language")),
            sem("language", ft.ResponsiveRow([c.control for c in self.language_chips.values()], spacing=6,
                                             run_spacing=6)),
            self.digits_box,
            section_title(_("Theme")),
            sem("theme", ft.Row([c.control for c in self.theme_chips.values()], spacing=6)),
        ]
        # Nothing about the server's folders: the players see only this device's own settings.
        self.backup = BackupSection(host, vm.backup)
        items += self.backup.controls
        self.body.controls = items
        self.refresh()

    def title(self) -> str:
        return _("Settings")

    def refresh(self) -> None:
        if not hasattr(self, "theme_chips"):
            return
        for code, chip in self.language_chips.items():
            chip.set(self.vm.language == code)
        for t, chip in self.theme_chips.items():
            chip.set(self.vm.theme == t)
        self.digits_box.visible = self.vm.offers_native_digits
        self.digits_switch.value = self.vm.native_digits
        digits = NATIVE_DIGITS.get(self.vm.language, "0123456789")
        # TRANSLATORS: {digits} are the ten digits of the language's own script, e.g. ०१२३४५६७८९.
        self.digits_help.value = _("Every number in the digits of this script: {digits}").format(digits=digits)

    async def _digits(self, e):
        await self.host.set_native_digits(bool(e.control.value))
