"""Files handed to the browser to save (a match file, its CSV, a backup): one way for every
screen."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

log = logging.getLogger(__name__)

DOWNLOAD_TIMEOUT = 60  # seconds the browser may take to accept a download


class BrowserDownloads:
    """Each file is saved by a task of its own, not under the session's lock: the browser answers
    only once it has taken the file. A download that does not complete is logged, never shown as a
    fault."""

    def __init__(self, picker: ft.FilePicker | None = None):
        self._picker = picker
        self._tasks: set[asyncio.Task] = set()

    def start(self, name: str, data: bytes) -> None:
        if self._picker is None:
            self._picker = ft.FilePicker()
        task = asyncio.get_running_loop().create_task(self._save(self._picker, name, data))
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _save(picker: ft.FilePicker, name: str, data: bytes) -> None:
        try:
            await asyncio.wait_for(
                picker.save_file(file_name=name, src_bytes=data), DOWNLOAD_TIMEOUT
            )
        except Exception:
            log.info("the download of %s did not complete", name, exc_info=True)
