"""Issue 20, item 4: the store's refusals are worded in one place. What a phone shows for a save
another phone got in first, a match gone or a full disk is, word for word, the wording package's
sentence for the store's code (the sentence the command line prints), in every language."""

from __future__ import annotations

import errno

import pytest
from memrepo import MemoryRepository

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.i18n import texts as fault_texts
from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.numbers import LANGUAGES
from seep_scorer.i18n.wording import STORE_FAULTS, store_text, terminal_text
from seep_scorer.rules import Deal
from seep_scorer.store.files import write_failed
from seep_scorer.store.repository import MatchNotFound, StaleRevision, StoreError

FULL = OSError(errno.ENOSPC, "No space left on device")


def faults() -> list[StoreError]:
    return [
        StaleRevision("ab12", 3, 4),
        MatchNotFound("ab12"),
        write_failed(FULL, "change"),
        write_failed(OSError(errno.EROFS, "Read-only file system"), "deletion"),
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_phone_says_the_stores_own_sentence_for_each_of_its_codes(code):
    with i18n.using(i18n.UILocale(code)):
        for err in faults():
            assert err.code in STORE_FAULTS
            assert fault_texts.store_fault_text(err) == store_text(err), (code, err.code)
        # a bare full disk (or one behind another fault) is the store's full-disk sentence
        assert fault_texts.store_fault_text(FULL) == store_text(write_failed(FULL, "change"))
        assert fault_texts.store_fault_text(StoreError("x")) == store_text(
            StoreError("save_failed")
        )
        assert fault_texts.store_read_fault_text(OSError(errno.EIO, "I/O")) == store_text(
            StoreError("read_failed")
        )


def test_the_command_line_and_the_phone_say_the_same_words_in_hindi():
    with i18n.using(i18n.UILocale("hi")):
        for err in faults():
            assert terminal_text(err, {"LANG": "hi_IN.UTF-8"}) == fault_texts.store_fault_text(err)


def test_no_second_copy_of_the_sentences_is_left_in_the_phones_texts():
    assert not hasattr(fault_texts, "STALE_MESSAGE")


class Stale(MemoryRepository):
    def save(self, match_id, match, based_on):
        raise StaleRevision(match_id, based_on, based_on + 1)


def test_the_scoreboard_shows_the_stores_stale_sentence():
    repo = Stale()
    sb = ScoreboardVM(repo, NewMatchVM(repo).start())
    assert not sb.add_deal(Deal(points=(60, 40)))
    assert sb.message == store_text(StaleRevision(sb.match_id, 1, 2))
    assert sb.message.startswith("This match was changed on another phone.")
