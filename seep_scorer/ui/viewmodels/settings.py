"""This device's settings: language, theme, digits, the scoreboard's chances."""

from __future__ import annotations

from typing import Any, Callable

from ...i18n import LANGUAGES
from ...locale_format import DIGIT_CHOICES, digit_choice, digit_choices, has_native_digits
from ...store.repository import MatchRepository
from .backup import BackupVM

THEMES = ("system", "light", "dark", "black")


class SettingsVM:
    """This device's settings: language, theme, digits and the scoreboard's chances (kept by the
    caller, e.g. in the browser's localStorage, through `save(key, value)`). A first start follows
    the device's language when the app has it, else English; the store's settings are only a
    fallback default for the theme."""

    # "native_digits" is the old boolean preference, read when no digits choice is stored.
    KEYS = ("language", "theme", "digits", "native_digits", "show_chances")

    def __init__(
        self,
        repo: MatchRepository | None = None,
        stored: dict | None = None,
        save: Callable[[str, Any], None] | None = None,
        device_language: str | None = None,
    ):
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
        digits = stored.get("digits")
        self.digits = (
            digits if digits in DIGIT_CHOICES else digit_choice(stored.get("native_digits"))
        )
        # each side's chance of the next bazzi on the scoreboard: off unless this device asks
        self.show_chances = stored.get("show_chances") is True
        self.backup = BackupVM(
            repo
        )  # the Backup section; kept here, so Undo outlives a rebuilt screen

    @property
    def offers_native_digits(self) -> bool:
        return has_native_digits(self.language)

    @property
    def digit_choices(self) -> tuple[str, ...]:
        """The choices this language offers (the stored one may be for another language)."""
        return digit_choices(self.language)

    @property
    def native_digits(self) -> bool:
        return self.digits != "latin"

    @property
    def digits_in_use(self) -> str:
        """The choice the numbers follow in this language: a Sindhi "native-alt" is Urdu's
        "native"."""
        if self.digits in self.digit_choices:
            return self.digits
        return "native" if self.native_digits and self.offers_native_digits else "latin"

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

    def set_digits(self, choice: str) -> None:
        if choice in DIGIT_CHOICES:
            self.digits = choice
            self._put("digits", choice)

    def set_show_chances(self, on: bool) -> None:
        self.show_chances = bool(on)
        self._put("show_chances", self.show_chances)
