"""The sentences of the store's refusals and of its repair notices, by code.

The store's refusals (StoreError and its kinds, by code): one sentence each, with what to do
next, for the phone, the command line and the logs alike, as data (sentences.py). A repair notice
raised as a StoreError is worded as the notice.

`save_fault_text` and `read_fault_text` word a fault the phone met while saving or reading that
carries no code of the store's (an OSError, a store of the tests' own) as the nearest code.
"""

from __future__ import annotations

import errno
import logging

from seep_scorer.i18n.sentences import Choice, Code, Date, Joined, Number, Part, Say, Text
from seep_scorer.i18n.translate import N_, _

__all__ = [
    "NOTICE_SENTENCES",
    "STORE_FAULTS",
    "detail",
    "general",
    "read_fault_text",
    "save_fault_text",
    "stale_text",
]

log = logging.getLogger(__name__)

# Why a write failed: the disk's state, as the store names it.
_DISK = Choice(
    "disk",
    {
        "full": Say(N_("The device's storage is full.")),
        "read_only": Say(N_("The storage is read-only.")),
        "denied": Say(N_("The app is not allowed to write in its data folder.")),
    },
    Say(
        # TRANSLATORS: {reason} is the system's own words (e.g. "Input/output error").
        N_("The storage refused the write ({reason})."),
        reason=Code("detail", default=""),
    ),
)

# What was not saved.
_WHAT = Choice(
    "what",
    {
        "new_match": Say(N_("The new match was not saved.")),
        "change": Say(N_("The change was not saved.")),
        "deletion": Say(N_("The deletion was not saved.")),
        "put_back": Say(N_("The match put back was not saved.")),
        "setting": Say(N_("The setting was not saved.")),
        "import": Say(N_("The import was not saved.")),
    },
    Say(N_("Nothing was saved.")),
)

STORE_FAULTS: dict[str, Part] = {
    # The revisions (in the error's params) are for the log: a person needs what happened.
    "stale_revision": Say(
        N_(
            "This match was changed on another phone. Your change was not saved; the current state "
            "is shown."
        )
    ),
    "match_not_found": Say(
        N_("There is no match with id {id}; it may have been deleted on another phone."),
        id=Code("match_id"),
    ),
    "role_refused": Say(
        N_(
            "This phone may not change that: the round is over, or the organiser has ended the "
            "match. Nothing was changed."
        )
    ),
    "save_failed": Say(
        N_(
            "The change could not be saved. Try again; if it keeps failing, ask whoever runs Seep "
            "Scorer to check its data folder."
        )
    ),
    "read_failed": Say(
        N_(
            "The saved matches could not be read just now. Try again; if it keeps failing, ask "
            "whoever runs Seep Scorer to check its data folder."
        )
    ),
    "no_store": Say(
        N_("There is no match store in {folder}; nothing was created there."), folder=Code()
    ),
    "data_folder_unusable": Say(
        # TRANSLATORS: {reason} is the system's own words (e.g. "Permission denied").
        N_("The data folder {folder} cannot be used: {reason}."),
        folder=Code(),
        reason=Code(),
    ),
    "store_closed": Say(N_("The match store has been closed.")),
    "store_newer": Say(
        N_(
            "The matches in {folder} were saved by a newer version of Seep Scorer (store version "
            "{version}; this one reads up to {current}). Update the app to open them."
        ),
        folder=Code(),
        version=Number(),
        current=Number(),
    ),
    "store_version_unknown": Say(
        N_("There is no way to update a store of version {version}; the app cannot open it."),
        version=Number(),
    ),
    "not_match_id": Say(N_("{id} is not a match id."), id=Code()),
    "already_stored": Say(
        N_("A match with id {id} is already stored; it was not restored twice."), id=Code()
    ),
    "setting_name_bad": Say(N_("A setting's name is text of 1 to {max} characters."), max=Number()),
    "setting_not_json": Say(
        N_("The setting {key} must be a JSON value (text, number, true/false, list or object)."),
        key=Code(),
    ),
    "setting_too_large": Say(N_("The setting {key} is too large to store."), key=Code()),
    "write_failed": Joined(
        _DISK,
        _WHAT,
        Choice(
            "disk",
            {"full": Say(N_("Free some space and try again."))},
            # a read-only or forbidden folder does not mend itself: someone has to look
            Say(N_("Ask whoever runs Seep Scorer to check its data folder.")),
        ),
        Say(N_("Everything saved before is safe.")),
    ),
    "import_interrupted": Joined(
        _DISK,
        Say(
            N_(
                "The import was interrupted. It is completed the next time the app opens its "
                "matches."
            )
        ),
    ),
}


_SAVE_CODES = ("stale_revision", "match_not_found", "write_failed", "role_refused")
_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


def _disk_full(err: BaseException | None) -> bool:
    """Whether the fault, or what caused it, is the disk being full (an OSError, or a store error
    that kept the errno of the OSError it replaced)."""
    seen = 0
    while err is not None and seen < 10:
        if getattr(err, "errno", None) in _FULL:
            return True
        err, seen = err.__cause__ or err.__context__, seen + 1
    return False


def save_fault_text(err: BaseException) -> str:
    """A change the store did not save, in the session's language: another phone's change first,
    a match gone, a full or refusing disk (with what to do next), else that it could not be saved.
    Nothing was changed."""
    code = getattr(err, "code", None)
    if code in _SAVE_CODES:
        try:
            return STORE_FAULTS[code].text(err.params)
        except (AttributeError, KeyError, TypeError, ValueError):
            log.warning("store fault not worded: %r", err, exc_info=True)
    log.warning("store error: %r", err)
    if _disk_full(err):
        return STORE_FAULTS["write_failed"].text({"what": "change", "disk": "full"})
    return STORE_FAULTS["save_failed"].text({})


def read_fault_text(err: BaseException) -> str:
    """The saved matches could not be read (what was shown before stays on screen)."""
    log.warning("store read error: %r", err)
    return STORE_FAULTS["read_failed"].text({})


def stale_text() -> str:
    """Another phone changed the match first: what the phone shows in place of the change."""
    return STORE_FAULTS["stale_revision"].text({})


# ---- the repair notices
# The store's repair notices (store/repair.py) as whole sentences, by their code.
#
# The cause the store keeps with a notice (why a file was damaged, why a write failed) is technical:
# `detail()` gives it to the command line and the log, never to the phone.

# The match a notice is about: its teams when known, else its id (kept left to right).
_MATCH = Choice(
    "teams",
    {
        True: Say(
            # TRANSLATORS: the two teams of a match, naming it, e.g. "Reds – Blues".
            N_("{team0} – {team1}"),
            team0=Text("teams", 0),
            team1=Text("teams", 1),
        )
    },
    Code("match_id", default=""),
    by=bool,
)
_MOVED = Code("moved", default="")

_DAMAGED_MATCH = Choice(
    "moved",
    {False: Say(N_("The saved copy of the match {match} was missing."), match=_MATCH)},
    Say(
        N_(
            "The saved copy of the match {match} was damaged. It was moved to {path} (nothing was "
            "deleted)."
        ),
        match=_MATCH,
        path=_MOVED,
    ),
    by=bool,
)

_FROM_PREVIOUS = Say(
    N_("It was restored from the previous save of that match; at most the last change is missing.")
)

NOTICE_SENTENCES: dict[str, Part] = {
    "match_restored": Joined(
        _DAMAGED_MATCH,
        Choice(
            "source",
            {"previous": _FROM_PREVIOUS},
            Choice(
                "time",
                {False: _FROM_PREVIOUS},
                Say(
                    # TRANSLATORS: {time} is the date and time of the backup, in UTC.
                    N_(
                        "It was restored from the automatic backup of {time} UTC; anything "
                        "recorded in it after that backup is missing."
                    ),
                    time=Date(),
                ),
                by=bool,
            ),
        ),
    ),
    "match_lost": Joined(
        _DAMAGED_MATCH,
        Say(N_("No backup holds it, so it was taken off the list of matches.")),
    ),
    "index_rebuilt": Say(
        N_(
            "Part of the list of matches was damaged. It was moved to {path} (nothing was "
            "deleted) and rebuilt from the match files; no match was lost."
        ),
        path=_MOVED,
    ),
    "settings_restored": Joined(
        Say(
            N_("The settings file was damaged. It was moved to {path} (nothing was deleted)."),
            path=_MOVED,
        ),
        Choice(
            "time",
            {
                False: Say(
                    N_(
                        "No backup held your settings, so they are back to their defaults. Your "
                        "matches are not affected."
                    )
                )
            },
            Say(
                N_(
                    "Your settings were restored from the automatic backup of {time} UTC. Your "
                    "matches are not affected."
                ),
                time=Date(),
            ),
            by=bool,
        ),
    ),
    "auto_backup_failed": Choice(
        "disk",
        {
            "full": Say(
                N_(
                    "The daily automatic backup could not be written: the device's storage is "
                    "full. Your matches are safe; the app tries again later."
                )
            ),
            "read_only": Say(
                N_(
                    "The daily automatic backup could not be written: the storage is read-only. "
                    "Your matches are safe; the app tries again later."
                )
            ),
            "denied": Say(
                N_(
                    "The daily automatic backup could not be written: the app may not write in "
                    "its data folder. Your matches are safe; the app tries again later."
                )
            ),
        },
        Say(
            N_(
                "The daily automatic backup could not be written. Your matches are safe; the app "
                "tries again later."
            )
        ),
    ),
}

# The technical cause a notice keeps, by its param's name.
_DETAIL_PARAMS = ("reason", "problem", "why")


def detail(params: dict) -> str | None:
    for key in _DETAIL_PARAMS:
        if params.get(key):
            return str(params[key])
    return None


def general() -> str:
    """A notice that cannot be worded (an unknown code, params not as the store writes them)."""
    return _(
        "Some saved data was damaged and has been repaired. Whoever runs Seep Scorer finds the "
        "details in its log."
    )
