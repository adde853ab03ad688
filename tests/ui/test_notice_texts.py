"""Store repair notices and new-match setting faults: every code has its own whole sentence in the
user's language, with the names and files it is about (no English detail inside a translated
sentence)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.texts import match_setup_fault_text, setting_fault_text, store_notice_text
from seep_scorer.rules import MatchError, MatchFormat, make_rules
from seep_scorer.rules.presets import SETTING_FAULT_CODES
from seep_scorer.store import schema as notices

MOVED = Path("/data/damaged/20260102-030405/abc123.4.json")
WHEN = "2026-01-02T03:04:05+00:00"
LABEL = notices.match_label(["Reds", "Blues"], "abc123")

# One notice per code, built as the store builds it.
NOTICES = {
    "match_restored": notices.match_restored(LABEL, "is empty", MOVED, "backup", WHEN),
    "match_lost": notices.match_lost(LABEL, "is empty", MOVED),
    "index_rebuilt": notices.index_rebuilt("is empty", MOVED),
    "settings_restored": notices.store_file_restored("is empty", MOVED, WHEN),
    "auto_backup_failed": notices.auto_backup_failed(
        "the phone's storage is full", OSError(errno.ENOSPC, "full")
    ),
}


@pytest.fixture
def hindi():
    with i18n.using(i18n.UILocale("hi")):
        yield


def test_every_notice_code_has_its_own_sentence_with_names():
    assert set(NOTICES) == set(
        notices.NOTICE_CODES
    )  # a new code needs an example here, and a sentence
    fallback = store_notice_text("an English notice without a code")
    for code, notice in NOTICES.items():
        assert notice.code == code
        text = store_notice_text(notice)
        assert text != fallback and "is empty" not in text, code  # the cause stays in the log
    assert "Reds" in store_notice_text(NOTICES["match_restored"]) and str(
        MOVED
    ) in store_notice_text(NOTICES["match_lost"])
    assert "full" in store_notice_text(NOTICES["auto_backup_failed"])


def test_notice_variants_each_read_their_own_sentence():
    missing = store_notice_text(notices.match_restored(LABEL, "is missing", None, "previous", None))
    assert "missing" in missing and "previous save" in missing and str(MOVED) not in missing
    assert "defaults" in store_notice_text(notices.store_file_restored("is empty", MOVED, None))
    read_only = notices.auto_backup_failed("the storage is read-only", OSError(errno.EROFS, "ro"))
    assert read_only.params["disk"] == "read_only" and "read-only" in store_notice_text(read_only)
    other = store_notice_text(notices.auto_backup_failed("the index is locked", RuntimeError("x")))
    assert "could not be written." in other


def test_notices_are_worded_in_the_users_language_with_no_english_inside(hindi):
    for code, notice in NOTICES.items():
        text = store_notice_text(notice)
        with i18n.using(i18n.UILocale("en")):
            english = store_notice_text(notice)
        assert text != english and " the " not in text, code


def test_the_notice_reads_in_english_as_the_phone_words_it_with_its_cause():
    notice = NOTICES["match_restored"]
    with i18n.using(i18n.UILocale("en")):
        assert notice == store_notice_text(notice) + " (cause: is empty)"
    assert notice.startswith("The saved copy of the match Reds – Blues was damaged.")
    assert notice.params["teams"] == ("Reds", "Blues") and notice.params["moved"] == str(MOVED)


def _raised(call) -> MatchError:
    with pytest.raises(MatchError) as caught:
        call()
    return caught.value


# Each setting fault, raised by the rules themselves.
SETTING_FAULTS = {
    "match_type_unknown": lambda: MatchFormat("weekly", 3).validate(make_rules()),
    "match_count_whole": lambda: MatchFormat("open", "x").validate(make_rules()),
    "match_count_range": lambda: MatchFormat("target", 0).validate(make_rules("race500")),
    "target_needs_totals": lambda: MatchFormat("target", 500).validate(make_rules()),
    "bazzis_need_ledger": lambda: MatchFormat("bazzis", 3).validate(make_rules("race500")),
    "not_true_or_false": lambda: make_rules("custom", {"minimum_counts_sweeps": "yes"}),
    "preset_unknown": lambda: make_rules("house"),
    "card_unknown": lambda: make_rules("custom", {"card_values": {"3H": 1}}),
    "card_value_range": lambda: make_rules("custom", {"card_values": {"KS": 5000}}),
    "no_point_card": lambda: make_rules(
        "custom", {"card_values": {c: 0 for c in make_rules().card_values}}
    ),
    "value_range": lambda: make_rules("custom", {"sweep_normal": -1}),
    "minimum_range": lambda: make_rules("custom", {"minimum": -3}),
    "minimum_too_high": lambda: make_rules("custom", {"minimum": 90}),
    "scoring_unknown": lambda: make_rules("custom", {"scoring": "golf"}),
    "param_unknown": lambda: make_rules("custom", {"jokers": 2}),
    "card_values_shape": lambda: make_rules("custom", {"card_values": [1, 2]}),
}


def test_every_setting_fault_code_has_its_own_sentence():
    assert set(SETTING_FAULTS) == set(
        SETTING_FAULT_CODES
    )  # a new code needs a case here, and a sentence
    fallback = match_setup_fault_text(MatchError(code="no-such-code"))
    for code, call in SETTING_FAULTS.items():
        err = _raised(call)
        assert err.code == code, (code, err)
        text = match_setup_fault_text(err)
        # one wording: the English of str(err) is the sentence the phone shows
        assert setting_fault_text(err) == text == err.message and text != fallback, code


def test_setting_faults_name_the_setting_and_the_limits():
    assert "1 to 100,000" in match_setup_fault_text(_raised(SETTING_FAULTS["match_count_range"]))
    assert "“Sweep (points)” must be a whole number from 0 to 1,000." == match_setup_fault_text(
        _raised(SETTING_FAULTS["value_range"])
    )
    assert "at most 50" in match_setup_fault_text(_raised(SETTING_FAULTS["minimum_too_high"]))
    assert "K♠" in match_setup_fault_text(_raised(SETTING_FAULTS["card_value_range"]))


def test_setting_faults_are_worded_in_the_users_language(hindi):
    for code, call in SETTING_FAULTS.items():
        err = _raised(call)
        text = match_setup_fault_text(err)
        with i18n.using(i18n.UILocale("en")):
            assert text != match_setup_fault_text(err), code


def test_the_matches_screen_shows_a_repair_notice_whole_in_the_users_language():
    import flet as ft
    from harness import _walk
    from memrepo import MemoryRepository

    from seep_scorer.app.matches.home import MatchesScreen
    from seep_scorer.app.matches.home_model import MatchesVM
    from seep_scorer.app.shell.app import App

    class StubPage:
        width, route = 412, "/"

        def __init__(self):
            self.views = []

        def update(self):
            pass

    repo = MemoryRepository()
    repo.notices.append(NOTICES["match_lost"])
    with i18n.using(i18n.UILocale("it")):
        screen = MatchesScreen(App(StubPage(), repo), MatchesVM(repo)).drawn()
        [shown] = [
            c
            for c in _walk(screen.view)
            if isinstance(c, ft.Semantics) and c.identifier == "notice"
        ]
        assert shown.content.value == store_notice_text(NOTICES["match_lost"])
    assert shown.content.value.startswith(
        "La copia salvata dell'incontro Reds – Blues era danneggiata."
    )
    assert "No backup" not in shown.content.value and "is empty" not in shown.content.value
