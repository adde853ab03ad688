"""Issue 22 item 7: decimals and percentages with the separators and percent sign each language
writes with its chosen digits (CLDR's numbering systems, through Babel): Urdu's and Sindhi's own
digits take ٫ and ٪; Latin digits keep "." and "%"."""

import pytest

from seep_scorer.app.history.stats import decimal, percent
from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.numbers import LocaleFormat


@pytest.mark.parametrize(
    "lang, digits, rate, average",
    [
        ("ur", "native", "۵۰٪", "۴٫۵"),
        ("sd", "native", "٥٠٪\u061c", "٤٫٥"),  # CLDR: Sindhi's ٪ carries an Arabic letter mark
        ("sd", "native-alt", "۵۰٪", "۴٫۵"),
        ("ur", "latin", "50%", "4.5"),
        ("sd", "latin", "50%", "4.5"),
        ("hi", "native", "५०%", "४.५"),
        ("it", "latin", "50%", "4,5"),
        ("en", "latin", "50%", "4.5"),
    ],
)
def test_a_rate_and_an_average_as_the_language_writes_them(lang, digits, rate, average):
    f = LocaleFormat(lang, digits)
    assert f.percent(0.5) == rate
    assert f.decimal(4.5) == average


def test_the_statistics_figures_of_a_session_follow_its_language_and_digits():
    """What the statistics screen and its charts show (stats_parts.percent/decimal)."""
    with i18n.using(i18n.UILocale("ur", "native")):
        assert percent(0.25) == "۲۵٪" and decimal(12.25) == "۱۲٫۲"
    with i18n.using(i18n.UILocale("sd", "native")):
        assert "٪" in percent(0.25) and "٫" in decimal(3.5)
    with i18n.using(i18n.UILocale("en")):
        assert percent(0.25) == "25%" and decimal(3.5) == "3.5"
