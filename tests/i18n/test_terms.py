"""One term for one thing, where a reader is sent from one text to another (issue 22)."""

from __future__ import annotations

from seep_scorer.i18n.translate import UILocale, _, using
from seep_scorer.reference import rules_path


def test_urdu_scoring_setting_is_named_as_the_errors_name_it():
    with using(UILocale("ur")):
        setting = _("Scoring")
        error = _("Choose the scoring: the difference ledger with bazzis, or running totals.")
    assert setting in error


def test_urdu_open_ended_is_worded_one_way():
    with using(UILocale("ur")):
        chip, match = _("Open-ended"), _("Open-ended match")
    assert chip in match
    assert chip in rules_path("ur").read_text(encoding="utf-8")


def test_punjabi_folder_keeps_its_nukta_like_file_and_phone():
    with using(UILocale("pa")):
        text = _(
            "The saved matches cannot be opened on this device. "
            "Check the data folder, then reload the page."
        )
    assert "\u0a2b\u0a3c\u0a4b\u0a32\u0a21\u0a30" in text  # ਫ਼ੋਲਡਰ
