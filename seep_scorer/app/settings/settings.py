"""The settings screen: this device's language, digits and theme, and its Backup section.

The settings screen: this device's language, digits and theme (nothing about the server)."""

from __future__ import annotations

import weakref

import flet as ft

from seep_scorer.app.settings.settings_model import THEMES, BackupVM, SettingsVM
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.state import expect_large_message
from seep_scorer.app.shell.widgets import (
    MAX_WIDTH,
    TAP,
    BrowserDownloads,
    Chip,
    Screen,
    big_button,
    notice,
    section_title,
    sem,
)
from seep_scorer.i18n import texts
from seep_scorer.i18n.numbers import DIGIT_CHOICES, digit_set
from seep_scorer.i18n.translate import LANGUAGES, _

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


# ---- the Backup section
# The settings screen's Backup section: download every match as a backup file (what `seep-scorer
# backup` writes), or restore matches from one (or from a match file), with a confirmation first and
# Undo after. Nothing here names a folder: the file goes through the browser.

EXTENSIONS = ["jsonl", "json"]
# The section built last for each view-model: the one on screen. A tap on "Settings" while on the
# settings builds a new screen, and a quick tap on "Restore from a file" can still reach the old
# one's button (the client opens the chooser itself): the old section then restores, and the
# message with its Undo must show on the new one.
_SHOWN: weakref.WeakKeyDictionary[BackupVM, "BackupSection"] = weakref.WeakKeyDictionary()


class BackupSection:
    """Its controls go into the settings screen's column (`controls`); it redraws itself."""

    def __init__(self, host: Host, vm: BackupVM):
        self.host, self.vm = host, vm
        _SHOWN[vm] = self
        h = host.handler
        self.dialog: ft.AlertDialog | None = None
        self.picker = ft.FilePicker(on_result=h(self._picked, event=True))
        self._downloads = BrowserDownloads(self.picker)
        self.download_button = big_button(
            "backup-download",
            _("Download a backup"),
            h(self._download),
            icon=ft.Icons.DOWNLOAD,
            filled=False,
            expand=True,
        )
        self.restore_button = big_button(
            "backup-restore",
            _("Restore from a file"),
            h(self._picking),
            icon=ft.Icons.UPLOAD_FILE,
            filled=False,
            expand=True,
        )
        # The browser opens a file chooser only while it handles the tap itself: the client opens it
        # (an action), and the picked file's bytes come back to Python with the result, no path
        # needed.
        self.restore_button.content.action = _pick_action(self.picker)
        self.notice_box = ft.Container()
        self.controls: list[ft.Control] = [
            section_title(_("Backup")),
            ft.Text(
                _("Keep a copy of every match in a file, or bring matches back from one."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            self.notice_box,
            ft.Column(
                [self.download_button, self.restore_button],
                spacing=8,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            ),
        ]
        self.refresh()

    def refresh(self) -> None:
        vm, h = self.vm, self.host.handler
        self.notice_box.content = notice(
            vm.message,
            _("Undo") if vm.can_undo else None,
            h(self._undo),
            on_close=h(self._dismiss),
            error=vm.error,
        )
        self.notice_box.visible = bool(vm.message)

    def changed(self) -> None:
        self.refresh()
        shown = _SHOWN.get(self.vm, self)
        if shown is not self:
            shown.refresh()
        self.host.update()

    # -- the backup file
    async def _download(self) -> None:
        found = await off_loop(self.vm.backup_file)
        if found is None:
            self.changed()
            return
        name, data = found
        self._downloads.start(name, data)
        if self.vm.message:  # a damaged match found on the way: set aside, and said so
            self.changed()

    # -- restoring
    def _picking(self) -> None:
        """The tap itself (the client opens the chooser): an old message goes, and the picked
        file may come in one message larger than the server otherwise takes."""
        expect_large_message()
        if self.vm.message:
            self.vm.dismiss()
            self.changed()

    async def _picked(self, e) -> None:
        files = getattr(e, "files", None) or []
        if not files:
            return  # the player closed the chooser
        picked = files[0]
        # The size first: a file over the limit is refused before its content is looked at.
        if self.vm.too_big(picked.name, picked.size or 0):
            self.changed()
            return
        plan = await off_loop(self.vm.prepare, picked.name, picked.bytes)
        if plan is None:
            self.changed()
            return
        self._ask()

    def _ask(self) -> None:
        h = self.host.handler
        actions = [
            sem(
                "restore-cancel",
                ft.TextButton(content=_("Cancel"), height=TAP, on_click=h(self._cancel)),
            ),
            sem(
                "restore-confirm",
                ft.FilledButton(content=_("Restore"), height=TAP, on_click=h(self._restore)),
            ),
        ]
        if self.vm.plan is not None and self.vm.plan.present:
            # Not the default: a copy of a match here counts each of its deals twice.
            actions.insert(
                1,
                sem(
                    "restore-copies",
                    ft.TextButton(
                        content=_("Add copies too"), height=TAP, on_click=h(self._restore_copies)
                    ),
                ),
            )
        self.dialog = ft.AlertDialog(
            title=ft.Text(_("Restore matches from this file?")),
            content=sem("restore-summary", ft.Text(self.vm.confirm_text()), container=True),
            actions=actions,
        )
        self.host.show_dialog(self.dialog)

    def _close(self) -> None:
        if self.dialog is not None:
            self.host.close_dialog(self.dialog)
            self.dialog = None

    def _cancel(self) -> None:
        self._close()
        self.vm.cancel()
        self.changed()

    async def _restore(self, copies: bool = False) -> None:
        self._close()
        await off_loop(self.vm.restore, copies)
        self.host.publish(None)  # the other phones' lists
        self.changed()

    async def _restore_copies(self) -> None:
        await self._restore(copies=True)

    async def _undo(self) -> None:
        await off_loop(self.vm.undo_restore)
        self.host.publish(None)
        self.changed()

    def _dismiss(self) -> None:
        self.vm.dismiss()
        self.changed()


def _pick_action(picker: ft.FilePicker):
    try:
        return ft.PickFiles(
            picker,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=EXTENSIONS,
            with_data=True,
            cancel_upload_on_window_blur=False,
        )
    except RuntimeError:  # no page (a control-tree test)
        return None
