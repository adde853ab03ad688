"""This device's settings: language, theme, native digits."""

from __future__ import annotations

from typing import Any, Callable

from ...i18n import LANGUAGES
from ...locale_format import has_native_digits
from ...store.repository import MatchRepository
from .backup import BackupVM

THEMES = ("system", "light", "dark", "black")


class SettingsVM:
    """This device's settings: language, theme and native digits (kept by the caller, e.g. in the
    browser's localStorage, through `save(key, value)`). A first start follows the device's language
    when the app has it, else English; the store's settings are only a fallback default for the theme."""

    KEYS = ("language", "theme", "native_digits")

    def __init__(self, repo: MatchRepository | None = None, stored: dict | None = None,
                 save: Callable[[str, Any], None] | None = None, device_language: str | None = None):
        stored = stored or {}
        self._save = save
        language = stored.get("language")
        if language not in LANGUAGES:
            language = device_language if device_language in LANGUAGES else "en"
        self.language = language
        theme = stored.get("theme")
        if theme not in THEMES and repo is not None:
            try:
                theme = repo.get_setting("theme", None)
            except Exception:
                theme = None
        self.theme = theme if theme in THEMES else "system"
        self.native_digits = stored.get("native_digits") is True
        self.backup = BackupVM(repo)  # the Backup section; kept here, so Undo outlives a rebuilt screen

    @property
    def offers_native_digits(self) -> bool:
        return has_native_digits(self.language)

    def _put(self, key: str, value: Any) -> None:
        if self._save is not None:
            self._save(key, value)

    def set_language(self, code: str) -> None:
        if code in LANGUAGES:
            self.language = code
            self._put("language", code)

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme
            self._put("theme", theme)

    def set_native_digits(self, on: bool) -> None:
        self.native_digits = bool(on)
        self._put("native_digits", self.native_digits)
