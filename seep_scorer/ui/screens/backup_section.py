"""The settings screen's Backup section: download every match as a backup file (what `seep-scorer
backup` writes), or restore matches from one (or from a match file), with a confirmation first and
Undo after. Nothing here names a folder: the file goes through the browser."""

from __future__ import annotations

import weakref

import flet as ft

from ...i18n import _
from ..downloads import BrowserDownloads
from ..host import Host
from ..viewmodels import off_loop
from ..viewmodels.backup import BackupVM
from ..widgets import TAP, big_button, notice, section_title, sem
from ..wsguard import expect_large_message

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
