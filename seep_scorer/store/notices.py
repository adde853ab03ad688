"""What the user is told, in plain words, when the store found and repaired damage at open."""

from __future__ import annotations

from pathlib import Path


def _when(iso: str) -> str:
    return iso[:16].replace("T", " ") + " UTC"


def match_label(teams, match_id: str) -> str:
    if teams:
        return f"the match {teams[0]} v {teams[1]} ({match_id})"
    return f"the match {match_id}"


def _damage(label: str, reason: str, moved: Path | None) -> str:
    if moved is None:
        return f"The saved copy of {label} was missing."
    return (f"The saved copy of {label} was damaged: it {reason}. The damaged file was moved to {moved} "
            "(nothing was deleted).")


def match_restored(label: str, reason: str, moved: Path | None, source: str, backup_time: str | None) -> str:
    if source == "previous":
        restored = "It was restored from the previous save of that match; at most the last change is missing."
    else:
        restored = (f"It was restored from the automatic backup of {_when(backup_time)}; "
                    "anything recorded in it after that backup is missing.")
    return f"{_damage(label, reason, moved)} {restored}"


def match_lost(label: str, reason: str, moved: Path | None) -> str:
    return f"{_damage(label, reason, moved)} No backup holds it, so it was taken off the list of matches."


def index_rebuilt(reason: str, moved: Path) -> str:
    return (f"Part of the list of matches was damaged: it {reason}. It was moved to {moved} (nothing was deleted) "
            "and rebuilt from the match files; no match was lost.")


def store_file_restored(reason: str, moved: Path, backup_time: str | None) -> str:
    if backup_time:
        restored = f"Your settings were restored from the automatic backup of {_when(backup_time)}."
    else:
        restored = "No backup held your settings, so they are back to their defaults."
    return (f"The settings file was damaged: it {reason}. It was moved to {moved} (nothing was deleted). "
            f"{restored} Your matches are not affected.")


def old_store_unreadable(reason: str, moved: Path) -> str:
    return (f"The match store of an older version of the app could not be read: it {reason}. It was moved to "
            f"{moved} (nothing was deleted); the app starts with an empty store.")


def old_match_skipped(label: str, problem: str, backup: Path) -> str:
    return (f"{label[0].upper()}{label[1:]} from the older store could not be carried over ({problem}). "
            f"It is kept, unchanged, in the copy of the old store at {backup}.")


def old_match_new_id(label: str, new_id: str) -> str:
    return (f"{label[0].upper()}{label[1:]} from the older store had the same id as another match, so it was "
            f"given the new id {new_id}. Both matches are kept.")
