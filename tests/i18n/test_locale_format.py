import datetime as dt

import pytest

from seep_scorer.i18n.numbers import (
    LANGUAGES,
    NATIVE_DIGITS,
    RTL_LANGUAGES,
    LocaleFormat,
    digit_choice,
    digit_choices,
    digit_set,
)


def test_latin_digits_by_default_with_each_languages_separators():
    assert LocaleFormat("en").number(1234567) == "1,234,567"
    assert LocaleFormat("it").number(1234567) == "1.234.567"
    assert LocaleFormat("hi").number(1234567) == "12,34,567"


@pytest.mark.parametrize(
    "lang, expected",
    [("hi", "१२३"), ("th", "๑๒๓"), ("as", "১২৩"), ("sd", "١٢٣"), ("pa", "੧੨੩"), ("ur", "۱۲۳")],
)
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


def test_english_dates_are_india_s_with_the_month_in_words():
    """The app's English is India's: day before month, the month in words, never the US
    "12/1/26"."""
    f = LocaleFormat("en")
    assert f.medium_date(dt.date(2026, 12, 1)) == "1 Dec 2026"
    assert f.date(dt.datetime(2026, 12, 1, 15, 4)) == "1 Dec 2026, 3:04\u202fPM"
    assert f.date(dt.datetime(2026, 12, 1, 15, 4), with_time=False) == "1 Dec 2026"
    assert LocaleFormat("it").date(dt.datetime(2026, 12, 1, 15, 4)) == "1 dic 2026, 15:04"
    assert LocaleFormat("hi", True).date(dt.datetime(2026, 12, 1, 15, 4)).startswith("१ दिस॰ २०२६")


def test_codes_stay_left_to_right_in_sindhi():
    assert LocaleFormat("sd").code("10D") == "\u206610D\u2069"
    assert LocaleFormat("en").code("10D") == "10D"


def test_unknown_language_falls_back_to_english():
    assert LocaleFormat("xx").lang == "en"


def test_gurmukhi_and_urdu_digits_in_every_number_and_date():
    when = dt.datetime(2026, 12, 1, 14, 5)
    pa, ur = LocaleFormat("pa", "native"), LocaleFormat("ur", "native")
    assert pa.number(1234567) == "੧੨,੩੪,੫੬੭"  # Indian grouping, as CLDR writes Punjabi
    # isolated left to right: the sign stays before the number in right-to-left text
    assert ur.number(-4589, signed=True) == "\u2066\u2212۴,۵۸۹\u2069"
    assert pa.medium_date(when) == "੧ ਦਸੰ ੨੦੨੬"
    assert ur.medium_date(when) == "۱ دسمبر، ۲۰۲۶"
    assert not any(c in "0123456789" for c in pa.date(when) + ur.date(when))
    assert (
        LocaleFormat("ur").number(1234567) == "1,234,567"
        and LocaleFormat("pa").number(1234567) == "12,34,567"
    )


def test_urdu_is_right_to_left_and_punjabi_left_to_right_as_cldr_says():
    from babel import Locale

    for lang in LANGUAGES:
        assert (Locale.parse(lang).text_direction == "rtl") is (lang in RTL_LANGUAGES), lang
    assert LocaleFormat("ur").rtl and not LocaleFormat("pa").rtl
    assert LocaleFormat("ur").code("10D") == "\u206610D\u2069"


def test_sindhi_offers_two_native_sets_others_one():
    assert digit_choices("sd") == ("latin", "native", "native-alt")
    assert digit_choices("ur") == digit_choices("pa") == digit_choices("hi") == ("latin", "native")
    assert digit_choices("it") == digit_choices("en") == ("latin",)
    assert LocaleFormat("sd", "native").number(4567) == "٤,٥٦٧"
    assert LocaleFormat("sd", "native-alt").number(4567) == "۴,۵۶۷"
    assert LocaleFormat("sd", "latin").number(4567) == "4,567"
    # the two sets are told apart (the rules screen rebuilds on a change of `native_digits`)
    assert (
        LocaleFormat("sd", "native").native_digits != LocaleFormat("sd", "native-alt").native_digits
    )
    assert not LocaleFormat("sd", "latin").native_digits


def test_a_choice_the_language_lacks_falls_back_to_its_nearest():
    assert (
        digit_set("ur", "native-alt") == "۰۱۲۳۴۵۶۷۸۹"
    )  # Sindhi's second set chosen, then Urdu: Urdu's own
    assert digit_set("hi", "native-alt") == NATIVE_DIGITS["hi"]
    assert digit_set("it", "native-alt") == digit_set("it", "native") == "0123456789"


@pytest.mark.parametrize(
    "stored, expected",
    [
        (True, "native"),
        (False, "latin"),
        (None, "latin"),
        ("native", "native"),
        ("native-alt", "native-alt"),
        ("latin", "latin"),
        ("true", "latin"),
        (1, "latin"),
        ("arab", "latin"),
        ([1], "latin"),
        ({}, "latin"),
    ],
)
def test_the_old_boolean_preference_and_anything_stored_read_as_a_choice(stored, expected):
    assert digit_choice(stored) == expected
    LocaleFormat("sd", stored).number(5)  # never raises, whatever the browser kept


def test_the_old_boolean_still_means_native_digits():
    assert LocaleFormat("pa", True).number(7) == "੭" and LocaleFormat("pa", False).number(7) == "7"
