"""The app's languages come from one list (locale_format.LANGUAGES): names in their own script, the
browser's language on a first start, and the digits preference per device (the old boolean still
read)."""

from __future__ import annotations

import pytest

from seep_scorer.app.settings.settings_model import SettingsVM
from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.numbers import LANGUAGES

# Unicode blocks of each language's script (its name in the settings is written in it).
SCRIPT = {
    "hi": (0x0900, 0x097F),
    "th": (0x0E00, 0x0E7F),
    "sd": (0x0600, 0x06FF),
    "as": (0x0980, 0x09FF),
    "pa": (0x0A00, 0x0A7F),
    "ur": (0x0600, 0x06FF),
}


def test_one_list_of_languages_each_named_in_its_own_script():
    assert tuple(i18n.LANGUAGES) == LANGUAGES
    assert i18n.LANGUAGES["pa"] == "ਪੰਜਾਬੀ" and i18n.LANGUAGES["ur"] == "اردو"
    for code, (lo, hi) in SCRIPT.items():
        assert all(lo <= ord(c) <= hi for c in i18n.LANGUAGES[code] if c.isalpha()), code


@pytest.mark.parametrize(
    "header, expected",
    [
        ("pa", "pa"),
        ("pa-IN", "pa"),
        ("pa-Guru-IN", "pa"),
        ("pa_Guru_IN", "pa"),
        ("PA-in,en;q=0.5", "pa"),
        ("ur", "ur"),
        ("ur-PK", "ur"),
        ("ur-IN", "ur"),
        ("ur-PK,ur;q=0.9,en-US;q=0.8,en;q=0.7", "ur"),
        ("pa-Arab-PK", "ur"),
        ("pa-PK", "ur"),  # Shahmukhi Punjabi readers read the Arabic script
        ("de-DE,pa-IN;q=0.8", "pa"),
        ("en-US,ur;q=0.9", "en"),
        ("de-DE", None),
    ],
)
def test_the_browser_language_picks_punjabi_and_urdu(header, expected):
    assert i18n.match_language(header) == expected


def test_urdu_sessions_are_right_to_left():
    assert i18n.UILocale("ur").rtl and not i18n.UILocale("pa").rtl
    assert i18n.is_rtl("ur") and i18n.is_rtl("sd") and not i18n.is_rtl("pa")


@pytest.mark.parametrize(
    "stored, choice",
    [
        ({}, "latin"),
        ({"native_digits": True}, "native"),
        ({"native_digits": False}, "latin"),
        ({"native_digits": "yes"}, "latin"),
        ({"digits": "native-alt"}, "native-alt"),
        ({"digits": "latin", "native_digits": True}, "latin"),
        ({"digits": "bogus", "native_digits": True}, "native"),
        ({"digits": ["native"]}, "latin"),
    ],
)
def test_the_digits_preference_and_the_old_boolean(stored, choice):
    assert SettingsVM(None, {"language": "sd", **stored}).digits == choice


def test_setting_the_digits_saves_the_choice_and_the_language_decides_what_is_offered():
    saved = {}
    vm = SettingsVM(None, {"language": "sd"}, save=saved.__setitem__)
    assert vm.digit_choices == ("latin", "native", "native-alt")
    vm.set_digits("native-alt")
    vm.set_digits("roman")  # not a choice: ignored
    assert saved == {"digits": "native-alt"} and vm.digits_in_use == "native-alt"
    vm.set_language("ur")  # Urdu has one native set: the second Sindhi set reads as Urdu's own
    assert vm.digit_choices == ("latin", "native") and vm.digits_in_use == "native"
    with i18n.using(i18n.UILocale("ur", vm.digits)):
        assert i18n.fmt().number(2026) == "۲,۰۲۶"
    vm.set_language("it")
    assert vm.digits_in_use == "latin" and not vm.offers_native_digits
    again = SettingsVM(None, saved)
    assert again.digits == "native-alt"
