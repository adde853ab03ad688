"""Keep the phone's screen on while a match is open at the table (where the platform allows it)."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

log = logging.getLogger(__name__)


class KeepAwake:
    def __init__(self, page: ft.Page):
        self.page = page
        self.wakelock: ft.Wakelock | None = None
        self.on = False

    def register(self) -> None:
        """Register the service (do it before the first views: registering pushes an update of the
        page)."""
        try:
            self.wakelock = ft.Wakelock()
        except Exception:  # not every platform has it
            self.wakelock = None

    def set(self, on: bool) -> None:
        if self.wakelock is None or on == self.on:
            return
        self.on = on
        try:
            self.page.run_task(self._apply, on)
        except Exception:
            log.debug("wakelock unavailable", exc_info=True)

    async def _apply(self, on: bool) -> None:
        try:
            await asyncio.wait_for(
                self.wakelock.enable() if on else self.wakelock.disable(), timeout=5
            )
        except Exception:
            pass  # the platform does not allow it (e.g. an insecure origin): nothing to do
