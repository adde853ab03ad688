"""What the user is told, in plain words, when the store found and repaired damage at open.

Each notice is its English text (what the command line prints) carrying a `code` and `params`,
so a UI can word it whole in the user's language (ui/notice_texts.py); the damage's reason and
a failed write's cause stay in the English only.
"""

from __future__ import annotations

import errno
from pathlib import Path

# Every code a notice can carry; the UI has a sentence for each (tests/ui/test_notice_texts.py).
NOTICE_CODES = (
    "match_restored",
    "match_lost",
    "index_rebuilt",
    "settings_restored",
    "auto_backup_failed",
)


class Notice(str):
    """A notice's English text that also names it: `code` and `params` (plain values: str, int, None)."""

    code: str
    params: dict

    def __new__(cls, text: str, code: str, **params) -> "Notice":
        notice = super().__new__(cls, text)
        notice.code, notice.params = code, params
        return notice


class MatchLabel(str):
    """ "the match Reds v Blues (id)" in English; `teams` and `match_id` for a UI's own words."""

    teams: tuple[str, str] | None
    match_id: str

    def __new__(cls, text: str, teams, match_id: str) -> "MatchLabel":
        label = super().__new__(cls, text)
        label.teams = (str(teams[0]), str(teams[1])) if teams else None
        label.match_id = str(match_id)
        return label


def _when(iso: str) -> str:
    return iso[:16].replace("T", " ") + " UTC"


def match_label(teams, match_id: str) -> MatchLabel:
    if teams:
        return MatchLabel(f"the match {teams[0]} v {teams[1]} ({match_id})", teams, match_id)
    return MatchLabel(f"the match {match_id}", None, match_id)


def _match(label: str) -> dict:
    return {
        "teams": getattr(label, "teams", None),
        "match_id": getattr(label, "match_id", str(label)),
    }


def _damage(label: str, reason: str, moved: Path | None) -> str:
    if moved is None:
        return f"The saved copy of {label} was missing."
    return (
        f"The saved copy of {label} was damaged: it {reason}. The damaged file was moved to {moved} "
        "(nothing was deleted)."
    )


def match_restored(
    label: str, reason: str, moved: Path | None, source: str, backup_time: str | None
) -> Notice:
    if source == "previous":
        restored = "It was restored from the previous save of that match; at most the last change is missing."
    else:
        restored = (
            f"It was restored from the automatic backup of {_when(backup_time)}; "
            "anything recorded in it after that backup is missing."
        )
    return Notice(
        f"{_damage(label, reason, moved)} {restored}",
        "match_restored",
        **_match(label),
        moved=str(moved) if moved else None,
        source=source,
        time=backup_time,
    )


def match_lost(label: str, reason: str, moved: Path | None) -> Notice:
    return Notice(
        f"{_damage(label, reason, moved)} No backup holds it, so it was taken off the list of matches.",
        "match_lost",
        **_match(label),
        moved=str(moved) if moved else None,
    )


def index_rebuilt(reason: str, moved: Path) -> Notice:
    return Notice(
        f"Part of the list of matches was damaged: it {reason}. It was moved to {moved} (nothing was "
        "deleted) and rebuilt from the match files; no match was lost.",
        "index_rebuilt",
        moved=str(moved),
    )


def store_file_restored(reason: str, moved: Path, backup_time: str | None) -> Notice:
    if backup_time:
        restored = f"Your settings were restored from the automatic backup of {_when(backup_time)}."
    else:
        restored = "No backup held your settings, so they are back to their defaults."
    return Notice(
        f"The settings file was damaged: it {reason}. It was moved to {moved} (nothing was deleted). "
        f"{restored} Your matches are not affected.",
        "settings_restored",
        moved=str(moved),
        time=backup_time,
    )


def auto_backup_failed(why: str, err: BaseException) -> Notice:
    """`why` is the English cause; `disk` names it for the UI: full, read_only, denied or other."""
    number = getattr(err, "errno", None)
    disk = (
        {
            errno.ENOSPC: "full",
            getattr(errno, "EDQUOT", errno.ENOSPC): "full",
            errno.EROFS: "read_only",
            errno.EACCES: "denied",
            errno.EPERM: "denied",
        }.get(number, "other")
        if isinstance(err, OSError)
        else "other"
    )
    return Notice(
        f"The daily automatic backup could not be written: {why}. Your matches are safe; "
        "the app tries again later.",
        "auto_backup_failed",
        disk=disk,
    )
