"""The sentences of the store's refusals and of its repair notices, by code.

The store's refusals (StoreError and its kinds, by code): one sentence each, with what to do
next, for the phone, the command line and the logs alike. A repair notice raised as a StoreError
is worded as the notice.

`save_fault_text` and `read_fault_text` word a fault the phone met while saving or reading that
carries no code of the store's (an OSError, a store of the tests' own) as the nearest code.
"""

from __future__ import annotations

import errno
import logging

from seep_scorer.i18n.faults import registrar, shown_code, shown_number
from seep_scorer.i18n.translate import _, fmt

log = logging.getLogger(__name__)

STORE_FAULTS: dict = {}  # code -> (params it needs, function(params) -> str)


store_words = registrar(STORE_FAULTS)
_c, _n = shown_code, shown_number


@store_words("stale_revision")
def _stale(p) -> str:
    # The revisions (in the error's params) are for the log: a person needs what happened.
    return _(
        "This match was changed on another phone. Your change was not saved; the current state "
        "is shown."
    )


@store_words("match_not_found", ("match_id",))
def _not_found(p) -> str:
    return _("There is no match with id {id}; it may have been deleted on another phone.").format(
        id=_c(p["match_id"])
    )


@store_words("role_refused")
def _role_refused(p) -> str:
    return _(
        "This phone may not change that: the round is over, or the organiser has ended the "
        "match. Nothing was changed."
    )


@store_words("save_failed")
def _save_failed(p) -> str:
    return _(
        "The change could not be saved. Try again; if it keeps failing, ask whoever runs Seep "
        "Scorer to check its data folder."
    )


@store_words("read_failed")
def _read_failed(p) -> str:
    return _(
        "The saved matches could not be read just now. Try again; if it keeps failing, ask "
        "whoever runs Seep Scorer to check its data folder."
    )


@store_words("no_store", ("folder",))
def _no_store(p) -> str:
    return _("There is no match store in {folder}; nothing was created there.").format(
        folder=_c(p["folder"])
    )


@store_words("data_folder_unusable", ("folder", "reason"))
def _unusable(p) -> str:
    # TRANSLATORS: {reason} is the system's own words (e.g. "Permission denied").
    return _("The data folder {folder} cannot be used: {reason}.").format(
        folder=_c(p["folder"]), reason=_c(p["reason"])
    )


@store_words("store_closed")
def _closed(p) -> str:
    return _("The match store has been closed.")


@store_words("store_newer", ("folder", "version", "current"))
def _newer(p) -> str:
    return _(
        "The matches in {folder} were saved by a newer version of Seep Scorer (store version "
        "{version}; this one reads up to {current}). Update the app to open them."
    ).format(folder=_c(p["folder"]), version=_n(p["version"]), current=_n(p["current"]))


@store_words("store_version_unknown", ("version",))
def _version_unknown(p) -> str:
    return _(
        "There is no way to update a store of version {version}; the app cannot open it."
    ).format(version=_n(p["version"]))


@store_words("not_match_id", ("id",))
def _not_match_id(p) -> str:
    return _("{id} is not a match id.").format(id=_c(p["id"]))


@store_words("already_stored", ("id",))
def _already_stored(p) -> str:
    return _("A match with id {id} is already stored; it was not restored twice.").format(
        id=_c(p["id"])
    )


@store_words("setting_name_bad", ("max",))
def _setting_name(p) -> str:
    return _("A setting's name is text of 1 to {max} characters.").format(max=_n(p["max"]))


@store_words("setting_not_json", ("key",))
def _setting_not_json(p) -> str:
    return _(
        "The setting {key} must be a JSON value (text, number, true/false, list or object)."
    ).format(key=_c(p["key"]))


@store_words("setting_too_large", ("key",))
def _setting_too_large(p) -> str:
    return _("The setting {key} is too large to store.").format(key=_c(p["key"]))


def _disk(p) -> str:
    disk = p.get("disk")
    if disk == "full":
        return _("The device's storage is full.")
    if disk == "read_only":
        return _("The storage is read-only.")
    if disk == "denied":
        return _("The app is not allowed to write in its data folder.")
    # TRANSLATORS: {reason} is the system's own words (e.g. "Input/output error").
    return _("The storage refused the write ({reason}).").format(reason=_c(p.get("detail", "")))


def _what(what) -> str:
    if what == "new_match":
        return _("The new match was not saved.")
    if what == "change":
        return _("The change was not saved.")
    if what == "deletion":
        return _("The deletion was not saved.")
    if what == "put_back":
        return _("The match put back was not saved.")
    if what == "setting":
        return _("The setting was not saved.")
    if what == "import":
        return _("The import was not saved.")
    return _("Nothing was saved.")


@store_words("write_failed", ("what", "disk", "detail"))
def _write_failed(p) -> str:
    parts = [_disk(p), _what(p["what"])]
    if p["disk"] == "full":
        parts.append(_("Free some space and try again."))
    else:  # a read-only or forbidden folder does not mend itself: someone has to look
        parts.append(_("Ask whoever runs Seep Scorer to check its data folder."))
    parts.append(_("Everything saved before is safe."))
    return " ".join(parts)


@store_words("import_interrupted", ("disk", "detail"))
def _import_interrupted(p) -> str:
    return (
        _disk(p)
        + " "
        + _("The import was interrupted. It is completed the next time the app opens its matches.")
    )


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
            return STORE_FAULTS[code][1](err.params)
        except (AttributeError, KeyError, TypeError, ValueError):
            log.warning("store fault not worded: %r", err, exc_info=True)
    log.warning("store error: %r", err)
    if _disk_full(err):
        return _write_failed({"what": "change", "disk": "full"})
    return _save_failed({})


def read_fault_text(err: BaseException) -> str:
    """The saved matches could not be read (what was shown before stays on screen)."""
    log.warning("store read error: %r", err)
    return _read_failed({})


def stale_text() -> str:
    """Another phone changed the match first: what the phone shows in place of the change."""
    return _stale({})


# ---- the repair notices
# The store's repair notices (store/repair.py) as whole sentences, by their code.
#
# The cause the store keeps with a notice (why a file was damaged, why a write failed) is technical:
# `detail()` gives it to the command line and the log, never to the phone.


def _match(p: dict) -> str:
    """The match a notice is about: its teams when known, else its id (kept left to right)."""
    teams = p.get("teams")
    if teams:
        # TRANSLATORS: the two teams of a match, naming it, e.g. "Reds – Blues".
        return _("{team0} – {team1}").format(team0=teams[0], team1=teams[1])
    return fmt().code(str(p.get("match_id", "")))


def _path(p: dict, key: str = "moved") -> str:
    return fmt().code(str(p.get(key) or ""))


def _time(p: dict) -> str:
    return fmt().date(p["time"])


def _damaged_match(p: dict) -> str:
    if not p.get("moved"):
        return _("The saved copy of the match {match} was missing.").format(match=_match(p))
    return _(
        "The saved copy of the match {match} was damaged. It was moved to {path} (nothing was "
        "deleted)."
    ).format(match=_match(p), path=_path(p))


def _match_restored(p: dict) -> str:
    if p.get("source") == "previous" or not p.get("time"):
        restored = _(
            "It was restored from the previous save of that match; at most the last change is "
            "missing."
        )
    else:
        # TRANSLATORS: {time} is the date and time of the backup, in UTC.
        restored = _(
            "It was restored from the automatic backup of {time} UTC; anything recorded in it "
            "after that "
            "backup is missing."
        ).format(time=_time(p))
    return f"{_damaged_match(p)} {restored}"


def _match_lost(p: dict) -> str:
    lost = _("No backup holds it, so it was taken off the list of matches.")
    return f"{_damaged_match(p)} {lost}"


def _index_rebuilt(p: dict) -> str:
    return _(
        "Part of the list of matches was damaged. It was moved to {path} (nothing was deleted) and "
        "rebuilt "
        "from the match files; no match was lost."
    ).format(path=_path(p))


def _settings_restored(p: dict) -> str:
    moved = _(
        "The settings file was damaged. It was moved to {path} (nothing was deleted)."
    ).format(path=_path(p))
    if p.get("time"):
        restored = _(
            "Your settings were restored from the automatic backup of {time} UTC. Your matches are "
            "not "
            "affected."
        ).format(time=_time(p))
    else:
        restored = _(
            "No backup held your settings, so they are back to their defaults. Your matches are "
            "not affected."
        )
    return f"{moved} {restored}"


def _auto_backup_failed(p: dict) -> str:
    disk = p.get("disk")
    if disk == "full":
        return _(
            "The daily automatic backup could not be written: the device's storage is full. Your "
            "matches are "
            "safe; the app tries again later."
        )
    if disk == "read_only":
        return _(
            "The daily automatic backup could not be written: the storage is read-only. Your "
            "matches are safe; "
            "the app tries again later."
        )
    if disk == "denied":
        return _(
            "The daily automatic backup could not be written: the app may not write in its data "
            "folder. Your "
            "matches are safe; the app tries again later."
        )
    return _(
        "The daily automatic backup could not be written. Your matches are safe; the app tries "
        "again later."
    )


NOTICE_SENTENCES = {
    "match_restored": _match_restored,
    "match_lost": _match_lost,
    "index_rebuilt": _index_rebuilt,
    "settings_restored": _settings_restored,
    "auto_backup_failed": _auto_backup_failed,
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
