"""One place that words every error and notice the rules and the store report.

`rules` and `store` name a fault (MatchError) or a repair notice (store.notices.Notice) by a code
and its params only. Here each code becomes one whole sentence through the gettext catalogs, in
the language of the session (the UI), of the user's environment (the command line: `LANGUAGE`,
`LC_ALL`, `LC_MESSAGES`, `LANG`; English when none of the app's languages is named) or in English
(str() of an error or notice, for logs and tests).
"""

from __future__ import annotations

import logging

from seep_scorer.i18n.eventfaults import EVENT_FAULTS, event_text
from seep_scorer.i18n.faults import FAULTS, fault_text, located_text, name_fault_text
from seep_scorer.i18n.filefaults import PUBLISH_FAULTS
from seep_scorer.i18n.storefaults import (
    NOTICE_SENTENCES,
    STORE_FAULTS,
    detail,
    general,
    read_fault_text,
    save_fault_text,
    stale_text,
)
from seep_scorer.i18n.translate import UILocale, _, cli_language, using
from seep_scorer.rules import errors

__all__ = [
    "EVENT_FAULTS",
    "FAULTS",
    "NOTICE_SENTENCES",
    "PUBLISH_FAULTS",
    "STORE_FAULTS",
    "cli_language",
    "english",
    "event_text",
    "fault_text",
    "located_text",
    "name_fault_text",
    "notice_text",
    "read_fault_text",
    "save_fault_text",
    "stale_text",
    "store_text",
    "terminal_text",
]

log = logging.getLogger(__name__)


_ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")  # LRI RLI FSI PDI


def notice_text(notice) -> str:
    """A repair the store made when it opened, worded whole (without its technical cause)."""
    sentence = NOTICE_SENTENCES.get(getattr(notice, "code", None))
    if sentence is not None:
        try:
            return sentence.text(getattr(notice, "params", {}))
        except (KeyError, IndexError, TypeError, ValueError):  # params not as the store writes them
            log.warning("store notice not worded: %r", notice, exc_info=True)
    return general()


def store_text(err) -> str:
    """A refusal of the store (StoreError, by its code) or of a publish (FolderRefused); a repair
    notice raised as one is worded as the notice. A code nothing words is shown as it is."""
    code, params = getattr(err, "code", None), getattr(err, "params", {})
    if code in EVENT_FAULTS:
        return event_text(err)  # with the field at fault, as the command line names it
    entry = STORE_FAULTS.get(code) or PUBLISH_FAULTS.get(code)
    try:
        if entry is not None:
            return entry.text(params)
        if code in NOTICE_SENTENCES:
            return _with_detail(err)
    except (KeyError, IndexError, TypeError, ValueError):  # params not as the raise sites give them
        log.warning("store fault not worded: %s %r", code, params, exc_info=True)
    return errors.plain(code, params) if code is not None else str(err)


def _with_detail(notice) -> str:
    cause = detail(getattr(notice, "params", {}))
    text = notice_text(notice)
    return _("{text} (cause: {detail})").format(text=text, detail=cause) if cause else text


_ENGLISH = UILocale("en")


def english(thing) -> str:
    """An error (without its location: str() adds it) or a notice (with its cause) in English."""
    with using(_ENGLISH):
        if hasattr(thing, "deal"):
            return fault_text(thing) or errors.plain(thing.code, thing.params)
        if isinstance(thing, Exception):
            return store_text(thing)
        return _with_detail(thing)


errors.english = english  # str() of every MatchError and Notice: these words, in English


def terminal_text(thing, environ=None) -> str:
    """An error (with its location) or a notice (with its cause) in the language of the command
    line's user. Direction isolates, which a terminal shows as marks, are left out."""
    with using(UILocale(cli_language(environ))):
        if hasattr(thing, "deal") and hasattr(thing, "code"):
            text = located_text(thing)
        elif isinstance(thing, Exception) and hasattr(thing, "code"):
            text = store_text(thing)
        elif hasattr(thing, "code"):
            text = _with_detail(thing)
        else:
            text = str(thing)
    return text.translate(_ISOLATES)
