"""The store's refusals (StoreError and its kinds, by code): one sentence each, with what to do
next, for the phone, the command line and the logs alike. A repair notice raised as a StoreError
is worded as the notice.

`save_fault_text` and `read_fault_text` word a fault the phone met while saving or reading that
carries no code of the store's (an OSError, a store of the tests' own) as the nearest code.
"""

from __future__ import annotations

import errno
import logging

from ..i18n import _
from .faults import registrar, shown_code, shown_number

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
