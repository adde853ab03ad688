"""What this device and this session remember: the preferences in the browser's localStorage,
and the match open on this phone.

This device's preferences (language, theme, native digits): the browser's localStorage through
ft.SharedPreferences. localStorage is shared by every app on the origin, so keys carry a prefix.
Nothing here may fail the app: a client that does not answer means no stored preferences.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Iterable

import flet as ft

from seep_scorer.store.repository import MatchRepository

log = logging.getLogger(__name__)
PREF_PREFIX = "seep_scorer."  # localStorage is shared by every app on the origin
TIMEOUT = 5


class DevicePrefs:
    def __init__(self, page: ft.Page):
        self.page = page
        self.prefs: ft.SharedPreferences | None = None

    async def read(self, keys: Iterable[str]) -> dict:
        """The stored values of `keys` ({} when there are none or no client answers). Asked all at
        once: each is a round trip to the browser (to the page's worker in the phone-only app),
        before the first screen."""
        stored: dict = {}
        try:
            self.prefs = ft.SharedPreferences()
        except Exception:
            log.debug("no shared preferences", exc_info=True)
            return stored
        keys = list(keys)
        values = await asyncio.gather(*(self._get(key) for key in keys))
        for key, value in zip(keys, values):
            if value is not None:
                stored[key] = value
        return stored

    async def _get(self, key: str) -> Any:
        try:
            return await asyncio.wait_for(self.prefs.get(PREF_PREFIX + key), timeout=TIMEOUT)
        except Exception:
            log.debug("cannot read preference %s", key, exc_info=True)
            return None

    def save(self, key: str, value: Any) -> None:
        """Store `value` in the background (the caller never waits for the client)."""
        if self.prefs is None:
            return
        try:
            self.page.run_task(self._write, key, value)
        except Exception:
            log.debug("cannot save preference %s", key, exc_info=True)

    async def _write(self, key: str, value: Any) -> None:
        try:
            await asyncio.wait_for(self.prefs.set(PREF_PREFIX + key, value), timeout=TIMEOUT)
        except Exception:
            log.debug("cannot save preference %s", key, exc_info=True)


# ---- what a session remembers in the store
# What one browser session remembers in the store: the match open on this phone (a fresh start
# returns to it) and the store's repair notices (shown once per session).


class SessionVM:
    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self._notices_shown = False

    def resume_route(self, route: str, at_start: bool) -> str:
        """Opening the app afresh at its start page (`at_start`) goes back to the match the table
        was playing."""
        if not at_start:
            return route
        try:
            last = self.repo.get_setting("last_match")
            if not last or self.repo.get(last).finished:
                return route
        except Exception:
            return route
        return f"/match/{last}"

    def remember(self, match_id: str) -> None:
        """The match open on this phone, so that a fresh start comes back to it."""
        try:
            if self.repo.get_setting("last_match") != match_id:
                self.repo.set_setting("last_match", match_id)
        except Exception:
            log.debug("cannot remember the open match", exc_info=True)

    def take_store_notices(self) -> list[str]:
        """The repairs the store made when it opened (damage found), the first time only."""
        if self._notices_shown:
            return []
        self._notices_shown = True
        return list(getattr(self.repo, "notices", []) or [])
