import datetime as dt

import pytest

from seep_scorer.locale_format import LANGUAGES, NATIVE_DIGITS, LocaleFormat


def test_latin_digits_by_default_with_each_languages_separators():
    assert LocaleFormat("en").number(1234567) == "1,234,567"
    assert LocaleFormat("it").number(1234567) == "1.234.567"
    assert LocaleFormat("hi").number(1234567) == "12,34,567"


@pytest.mark.parametrize("lang, expected", [("hi", "१२३"), ("th", "๑๒๓"), ("as", "১২৩"), ("sd", "١٢٣")])
def test_native_digits(lang, expected):
    assert LocaleFormat(lang, native_digits=True).number(123) == expected
    assert LocaleFormat(lang, native_digits=False).number(123) == "123"


def test_native_digits_ignored_where_the_language_has_none():
    assert LocaleFormat("it", native_digits=True).number(42) == "42"


def test_signed_numbers():
    f = LocaleFormat("en")
    assert f.number(8, signed=True) == "+8"
    assert f.number(-8, signed=True) == "\u22128"
    assert f.number(0, signed=True) == "0"
    assert LocaleFormat("hi", True).number(-30, signed=True) == "\u2212३०"


def test_every_language_formats_dates_and_native_dates_have_no_latin_digits():
    when = dt.datetime(2026, 11, 29, 20, 5)
    for lang in LANGUAGES:
        f = LocaleFormat(lang, native_digits=True)
        text = f.date(when)
        assert text
        if lang in NATIVE_DIGITS:
            assert not any(c in "0123456789" for c in text), (lang, text)


def test_codes_stay_left_to_right_in_sindhi():
    assert LocaleFormat("sd").code("10D") == "\u206610D\u2069"
    assert LocaleFormat("en").code("10D") == "10D"


def test_unknown_language_falls_back_to_english():
    assert LocaleFormat("xx").lang == "en"
