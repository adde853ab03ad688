"""What the store tells the user when it found and repaired damage at open: a code and its params.

The words live in one place, seep_scorer.wording (the command line and the UI alike, through the
gettext catalogs). The damage's reason and a failed write's cause are technical: they are kept as
params (`reason`, `problem`, `why`) for the log and the command line's detail, never the phone.
"""

from __future__ import annotations

import errno
from pathlib import Path

from ..rules import errors

# Every code a notice can carry; seep_scorer.wording has a sentence for each (tests/i18n).
NOTICE_CODES = (
    "match_restored",
    "match_lost",
    "index_rebuilt",
    "settings_restored",
    "auto_backup_failed",
)


class _Named:
    __slots__ = ("code", "params")

    def __init__(self, code: str, params: dict) -> None:
        self.code, self.params = code, params


class Notice(str):
    """A notice's English words (for logs, tests and scripts that read them as text), naming it by
    `code` and `params` (plain values: str, int, bool, None, a pair of team names)."""

    code: str
    params: dict

    def __new__(cls, code: str, **params) -> "Notice":
        named = _Named(code, params)
        text = errors.english(named) if errors.english else errors.plain(code, params)
        notice = super().__new__(cls, text)
        notice.code, notice.params = code, params
        return notice


class MatchLabel:
    """The match a notice is about: its `teams` when known, and its `match_id` (or, for an old
    store's match known only by its number there, `stored_as`)."""

    __slots__ = ("teams", "match_id", "stored_as")

    def __init__(self, teams, match_id: str, stored_as: bool = False) -> None:
        self.teams = (str(teams[0]), str(teams[1])) if teams else None
        self.match_id = str(match_id)
        self.stored_as = stored_as


def match_label(teams, match_id: str) -> MatchLabel:
    return MatchLabel(teams, match_id)


def _match(label: MatchLabel) -> dict:
    return {"teams": label.teams, "match_id": label.match_id, "stored_as": label.stored_as}


def _moved(moved: Path | None) -> str | None:
    return str(moved) if moved else None


def match_restored(
    label: MatchLabel, reason: str, moved: Path | None, source: str, backup_time: str | None
) -> Notice:
    return Notice(
        "match_restored",
        **_match(label),
        reason=reason,
        moved=_moved(moved),
        source=source,
        time=backup_time,
    )


def match_lost(label: MatchLabel, reason: str, moved: Path | None) -> Notice:
    return Notice("match_lost", **_match(label), reason=reason, moved=_moved(moved))


def index_rebuilt(reason: str, moved: Path) -> Notice:
    return Notice("index_rebuilt", reason=reason, moved=str(moved))


def store_file_restored(reason: str, moved: Path, backup_time: str | None) -> Notice:
    return Notice("settings_restored", reason=reason, moved=str(moved), time=backup_time)


def auto_backup_failed(why: str, err: BaseException) -> Notice:
    """`why` is the technical cause; `disk` names it for the user: full, read_only, denied or
    other."""
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
    return Notice("auto_backup_failed", disk=disk, why=why)
