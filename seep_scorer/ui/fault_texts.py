"""Faults and notices on the phone: the rules' and the store's codes worded by seep_scorer.wording,
with the screens' fallbacks. The store's refusals to save and read, with what the user does next,
are the wording package's sentences: one for the phone and the command line alike."""

from __future__ import annotations

import logging

from ..i18n import _, fmt
from ..rules import MAX_NAME, Match, MatchError
from ..rules.presets import SETTING_FAULT_CODES
from ..store.repository import StoreError
from ..wording import (
    fault_text,
    name_fault_text,
    notice_text,
    read_fault_text,
    save_fault_text,
    stale_text,
)

log = logging.getLogger(__name__)

__all__ = [
    "deal_fault_text",
    "match_setup_fault_text",
    "name_fault_text",
    "setting_fault_text",
    "store_fault_text",
    "store_notice_text",
    "store_read_fault_text",
    "stale_text",
]


def deal_fault_text(match: Match, err: MatchError) -> str:
    """One whole translated sentence for a deal fault the rules engine found (by its code)."""
    return fault_text(err, match) or _("This deal cannot be saved as entered.")


def setting_fault_text(err: MatchError) -> str | None:
    """A new-match setting refused by the rules (rules.presets.SETTING_FAULT_CODES), as one whole
    sentence; None for any other fault."""
    return fault_text(err) if err.code in SETTING_FAULT_CODES else None


def store_notice_text(notice) -> str:
    """A repair the store made when it opened (a store.notices.Notice), worded whole in the user's
    language; the English, with the cause, goes to the log for whoever runs the app."""
    log.warning("store notice: %s", notice)
    return notice_text(notice)


def match_setup_fault_text(err: Exception) -> str:
    """A fault in the new-match settings (from the rules layer or the store), by its code."""
    f = fmt()
    if isinstance(err, (StoreError, OSError)):
        return store_fault_text(err)
    if isinstance(err, MatchError):
        worded = name_fault_text(err) or setting_fault_text(err)
        if worded:
            return worded
    field = getattr(err, "field", None) or ""
    if field == "teams" or field.startswith("teams["):
        return _("Every team and player needs a name of at most {count} characters.").format(
            count=f.number(MAX_NAME)
        )
    log.info("match setup fault without a wording: %s", err)
    return _("The match cannot start with these settings.")


def store_fault_text(err: Exception) -> str:
    """What the user is told when a change could not be saved (worded by seep_scorer.wording, as
    the command line says it). Nothing was changed."""
    return save_fault_text(err)


def store_read_fault_text(err: Exception) -> str:
    """The saved matches could not be read (what was shown before stays on screen)."""
    return read_fault_text(err)
