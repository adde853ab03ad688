"""Faults and notices on the phone: the rules' and the store's codes worded by seep_scorer.wording,
with the screens' fallbacks; the store's refusals to save (its own messages are English) and what
the user does next."""

from __future__ import annotations

import errno
import logging

from ..i18n import N_, _, fmt
from ..rules import MAX_NAME, Match, MatchError
from ..rules.presets import SETTING_FAULT_CODES
from ..store.repository import MatchNotFound, StaleRevision, StoreError
from ..wording import fault_text, name_fault_text, notice_text

log = logging.getLogger(__name__)

__all__ = [
    "deal_fault_text",
    "match_setup_fault_text",
    "name_fault_text",
    "setting_fault_text",
    "store_fault_text",
    "store_notice_text",
    "store_read_fault_text",
]

STALE_MESSAGE = N_(
    "This match was changed on another phone. The current state is shown; "
    "nothing you entered was saved yet."
)


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


def _disk_full(err: BaseException | None) -> bool:
    """Whether the fault, or what caused it, is the disk being full (an OSError, or a store error
    that kept the errno of the OSError it replaced)."""
    seen = 0
    while err is not None and seen < 10:
        if getattr(err, "errno", None) in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return True
        err, seen = err.__cause__ or err.__context__, seen + 1
    return False


def store_fault_text(err: Exception) -> str:
    """What the user is told when a change could not be saved: the store refused (its own messages
    are English) or the system failed (a full disk, a lost folder). Nothing was changed."""
    if isinstance(err, StaleRevision):
        return _(STALE_MESSAGE)
    if isinstance(err, MatchNotFound):
        return _("This match is no longer stored; it may have been deleted on another phone.")
    log.warning("store error: %r", err)
    if _disk_full(err):
        return _(
            "The device that keeps the matches is full, so this was not saved. "
            "Free some space on it, then try again."
        )
    return _(
        "The change could not be saved. Try again; if it keeps failing, ask whoever runs Seep "
        "Scorer "
        "to check its data folder."
    )


def store_read_fault_text(err: Exception) -> str:
    """The saved matches could not be read (what was shown before stays on screen)."""
    log.warning("store read error: %r", err)
    return _(
        "The saved matches could not be read just now. Try again; if it keeps failing, "
        "ask whoever runs Seep Scorer to check its data folder."
    )
