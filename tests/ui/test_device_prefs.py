"""app/shell/prefs.py: the device's preferences are read before the first screen, each a round
trip to the browser."""

import asyncio

import flet as ft

from seep_scorer.app.shell import prefs as prefs_module
from seep_scorer.app.shell.prefs import PREF_PREFIX, DevicePrefs


class SlowBrowser:
    """localStorage behind a round trip of `delay` seconds; counts how many questions are in flight
    at once."""

    def __init__(self, stored: dict, delay: float = 0.05, silent: frozenset = frozenset()):
        self.stored, self.delay, self.silent = stored, delay, silent
        self.in_flight = self.most_in_flight = 0

    def __call__(self):  # stands in for the class: ft.SharedPreferences()
        return self

    async def get(self, key):
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            if key in self.silent:
                await asyncio.sleep(3600)  # a client that never answers
            await asyncio.sleep(self.delay)
            return self.stored.get(key)
        finally:
            self.in_flight -= 1


def test_the_keys_are_asked_at_once_not_one_after_another(monkeypatch):
    browser = SlowBrowser({PREF_PREFIX + "language": "hi", PREF_PREFIX + "theme": "dark"})
    monkeypatch.setattr(ft, "SharedPreferences", browser)
    stored = asyncio.run(DevicePrefs(page=None).read(["language", "theme", "digits"]))
    assert stored == {"language": "hi", "theme": "dark"}
    assert browser.most_in_flight == 3


def test_a_key_the_browser_never_answers_is_left_out_and_the_others_kept(monkeypatch):
    browser = SlowBrowser(
        {PREF_PREFIX + "language": "it"}, silent=frozenset({PREF_PREFIX + "theme"})
    )
    monkeypatch.setattr(ft, "SharedPreferences", browser)
    monkeypatch.setattr(prefs_module, "TIMEOUT", 0.3)
    stored = asyncio.run(DevicePrefs(page=None).read(["language", "theme"]))
    assert stored == {"language": "it"}
