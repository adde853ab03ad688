"""The store's repair notices (store/notices.py) as whole sentences, by their code.

The cause the store keeps with a notice (why a file was damaged, why a write failed) is technical:
`detail()` gives it to the command line and the log, never to the phone.
"""

from __future__ import annotations

from ..i18n import _, fmt


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
