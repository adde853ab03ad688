"""This device's settings, and its backups: every match to a file, and matches back from one.

This device's settings: language, theme, digits, the scoreboard's chances."""

from __future__ import annotations

import io
import logging
import math
from dataclasses import dataclass
from datetime import date
from typing import Any, Callable

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.i18n.numbers import DIGIT_CHOICES, digit_choice, digit_choices, has_native_digits
from seep_scorer.i18n.translate import LANGUAGES, _, fmt, ngettext
from seep_scorer.matchfile import MAX_FILE_BYTES, loads_match
from seep_scorer.matchfile.guards import checked
from seep_scorer.rules import MatchError
from seep_scorer.store.backup.file import (
    HEADER_PEEK_BYTES,
    MAX_BACKUP_BYTES,
    is_present,
    looks_like_backup,
    read_backup,
)
from seep_scorer.store.records import canonical_match
from seep_scorer.store.repository import MatchRepository

THEMES = ("system", "light", "dark", "black")


class SettingsVM:
    """This device's settings: language, theme, digits and the scoreboard's chances (kept by the
    caller, e.g. in the browser's localStorage, through `save(key, value)`). A first start follows
    the device's language when the app has it, else English; the store's settings are only a
    fallback default for the theme."""

    # "native_digits" is the old boolean preference, read when no digits choice is stored.
    KEYS = ("language", "theme", "digits", "native_digits", "show_chances")

    def __init__(
        self,
        repo: MatchRepository | None = None,
        stored: dict | None = None,
        save: Callable[[str, Any], None] | None = None,
        device_language: str | None = None,
    ):
        stored = stored or {}
        self._save = save
        language = stored.get("language")
        if language not in LANGUAGES:
            language = device_language if device_language in LANGUAGES else "en"
        self.language = language
        theme = stored.get("theme")
        if theme not in THEMES and repo is not None:
            try:
                theme = repo.get_setting("theme", None)
            except Exception:
                theme = None
        self.theme = theme if theme in THEMES else "system"
        digits = stored.get("digits")
        self.digits = (
            digits if digits in DIGIT_CHOICES else digit_choice(stored.get("native_digits"))
        )
        # each side's chance of the next bazzi on the scoreboard: off unless this device asks
        self.show_chances = stored.get("show_chances") is True
        self.backup = BackupVM(
            repo
        )  # the Backup section; kept here, so Undo outlives a rebuilt screen

    @property
    def offers_native_digits(self) -> bool:
        return has_native_digits(self.language)

    @property
    def digit_choices(self) -> tuple[str, ...]:
        """The choices this language offers (the stored one may be for another language)."""
        return digit_choices(self.language)

    @property
    def native_digits(self) -> bool:
        return self.digits != "latin"

    @property
    def digits_in_use(self) -> str:
        """The choice the numbers follow in this language: a Sindhi "native-alt" is Urdu's
        "native"."""
        if self.digits in self.digit_choices:
            return self.digits
        return "native" if self.native_digits and self.offers_native_digits else "latin"

    def _put(self, key: str, value: Any) -> None:
        if self._save is not None:
            self._save(key, value)

    def set_language(self, code: str) -> None:
        if code in LANGUAGES:
            self.language = code
            self._put("language", code)

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme
            self._put("theme", theme)

    def set_digits(self, choice: str) -> None:
        if choice in DIGIT_CHOICES:
            self.digits = choice
            self._put("digits", choice)

    def set_show_chances(self, on: bool) -> None:
        self.show_chances = bool(on)
        self._put("show_chances", self.show_chances)


# ---- backups
# The settings screen's Backup section: every match to a file, and matches back from one.
#
# Plain Python, no Flet. The store does the work (`write_backup`, `import_bytes`,
# `remove_imported`); this only checks a picked file before anything is written, says what a restore
# will do and what it did, and remembers what it added (each id at the revision it wrote) so that
# Undo removes exactly that, and keeps a match another phone has changed since.

log = logging.getLogger(__name__)

# The served app hands a picked file to Python in one WebSocket message, and the server takes
# messages of at most 64 MiB (server/app.py WS_MAX_BYTES): a larger file would cut the phone off.
# 48 MiB is about ten thousand matches.
RESTORE_MAX_BYTES = min(48 * 1024 * 1024, MAX_BACKUP_BYTES)


@dataclass(frozen=True)
class RestorePlan:
    """A picked file, checked in full, and what importing it will do."""

    file_name: str
    data: bytes
    count: int  # the matches it holds
    present: int  # of them, those here already (same id and creation time): left out unless copied
    damaged: int = 0  # a backup's matches that cannot be read: left out, the good ones restored


class BackupVM:
    def __init__(self, repo: MatchRepository | None):
        self.repo = repo
        self.message: str | None = None
        self.error = False
        self.plan: RestorePlan | None = None  # waiting for the player's yes
        self.added: list[tuple[str, int]] = []  # the last restore's (id, revision) pairs, for Undo

    # -- the backup file (a store call: off the loop)
    def backup_file(self, today: date | None = None) -> tuple[str, bytes] | None:
        """Its name and content, exactly what `seep-scorer backup` writes; None with `message` set.
        A match found damaged on the way (set aside, put back or left out) is told in `message`."""
        self._clear()
        buffer = io.BytesIO()
        notices = getattr(self.repo, "notices", [])
        seen = len(notices)
        try:
            self.repo.write_backup(buffer)
        except STORE_FAULTS as err:
            self._fail(texts.store_read_fault_text(err))
            return None
        if notices[seen:]:
            self.message = " ".join(texts.store_notice_text(n) for n in notices[seen:])
        return f"seep-scorer-backup-{(today or date.today()).isoformat()}.jsonl", buffer.getvalue()

    # -- restoring: check the file, ask, import, undo
    def too_big(self, name: str, size: int) -> bool:
        """Refuses (with `message`) a file over what the app restores, from its size alone."""
        if size <= RESTORE_MAX_BYTES:
            return False
        self._clear()
        self._fail(
            _(
                "{file} is {size} MB; the app restores files of up to {limit} MB, so nothing was "
                "restored."
            ).format(file=name, size=_mb(size), limit=_mb(RESTORE_MAX_BYTES))
        )
        return True

    def prepare(self, name: str, data: bytes | None) -> RestorePlan | None:
        """Reads the picked file through the store's own checks, writing nothing: the plan to
        confirm, or None with `message` set (a damaged file, or nothing in it). A store call: off
        the loop."""
        self._clear()
        if data is None:
            self._fail(_("{file} could not be read; nothing was restored.").format(file=name))
            return None
        if self.too_big(name, len(data)):
            return None
        is_backup = looks_like_backup(
            data[:HEADER_PEEK_BYTES].split(b"\n", 1)[0]
        )  # as the store tells them
        if not is_backup and len(data) > MAX_FILE_BYTES:
            self._fail(
                _(
                    "{file} is {size} MB; a match file is at most {limit} MB, so nothing was "
                    "restored."
                ).format(file=name, size=_mb(len(data)), limit=_mb(MAX_FILE_BYTES))
            )
            return None
        damaged = 0
        events: list = []  # a backup's event lines (line, record): one damaged refuses it whole
        try:
            if is_backup:
                ids = [(r.id, r.created) for r in read_backup(io.BytesIO(data), None, events)[1]]
            else:
                checked(loads_match, data)
                ids = []  # a match file always becomes a new match
        except MatchError as err:
            events = []  # read again with the damaged matches passed over, to their end
            good = _good_matches(data, events) if is_backup else None
            if not good or not good[0]:  # the file itself is damaged, or every match in it
                self._fail(_file_fault(name, err))
                return None
            ids, damaged = good  # offered: restore the good ones (unless an event is damaged)
        if (line := _damaged_event(events)) is not None:
            self._fail(
                _("Line {line} of {file} is damaged, so nothing was restored.").format(
                    line=fmt().number(line), file=name
                )
            )
            return None
        if is_backup and not ids:
            self._fail(_("{file} holds no matches; there is nothing to restore.").format(file=name))
            return None
        present = 0
        if ids:
            try:
                stored = {s.id: s.created for s in self.repo.list_matches()}  # the index only
            except STORE_FAULTS as err:
                self._fail(texts.store_read_fault_text(err))
                return None
            present = sum(1 for record in set(ids) if is_present(record, stored))
        self.plan = RestorePlan(name, data, len(ids) if is_backup else 1, present, damaged)
        return self.plan

    def confirm_text(self) -> str:
        plan = self.plan
        if plan is None:
            return ""
        if plan.present:  # the default adds only the new ones: a copy would count its deals twice
            text = ngettext(
                "{file} holds {count} match.", "{file} holds {count} matches.", plan.count
            ).format(file=plan.file_name, count=fmt().number(plan.count))
            text += " " + ngettext(
                "{count} of them is here already; restoring leaves it as it is and adds only the "
                "new ones.",
                "{count} of them are here already; restoring leaves them as they are and adds only "
                "the new ones.",
                plan.present,
            ).format(count=fmt().number(plan.present))
        else:
            text = ngettext(
                "{file} holds {count} match. Restoring adds it to the matches on this device.",
                "{file} holds {count} matches. Restoring adds them all to the matches on this "
                "device.",
                plan.count,
            ).format(file=plan.file_name, count=fmt().number(plan.count))
        if plan.damaged:
            text += " " + ngettext(
                "{count} more match in it is damaged and is left out.",
                "{count} more matches in it are damaged and are left out.",
                plan.damaged,
            ).format(count=fmt().number(plan.damaged))
        return text + " " + _("You can undo it right after.")

    def restore(self, copies: bool = False) -> None:
        """Imports the confirmed file, whole or not at all (a store call: off the loop): only its
        matches not here already, unless `copies` (then those are added again, under new ids)."""
        plan, self.plan = self.plan, None
        if plan is None:
            return
        self._clear()
        try:
            added = self.repo.import_bytes(
                plan.data, skip_damaged=bool(plan.damaged), skip_present=not copies
            )
        except MatchError as err:  # checked already; the store's own last checks may still refuse
            self._fail(_file_fault(plan.file_name, err))
            return
        except STORE_FAULTS as err:
            self._fail(texts.store_fault_text(err))
            return
        self.added = [(s.id, s.revision) for s in added]
        count = fmt().number(len(added))
        self.message = ngettext(
            "{count} match added from {file}.", "{count} matches added from {file}.", len(added)
        ).format(count=count, file=plan.file_name)
        # Each number with its own plural form: "1 of them were" read wrong.
        if plan.present and copies:
            self.message += " " + ngettext(
                "{count} of them was here already and is now listed twice.",
                "{count} of them were here already and are now listed twice.",
                plan.present,
            ).format(count=fmt().number(plan.present))
        elif not copies and plan.count > len(added):
            # Counted at the import itself: another phone may have restored some since the plan.
            left = plan.count - len(added)
            self.message += " " + ngettext(
                "{count} match was here already and was left as it is.",
                "{count} matches were here already and were left as they are.",
                left,
            ).format(count=fmt().number(left))

    def cancel(self) -> None:
        self.plan = None

    def undo_restore(self) -> None:
        """Deletes the matches the last restore added that are still as it wrote them (a store call:
        off the loop). One that a phone has saved since (a deal recorded) is kept, and the message
        says so; one deleted since is passed over."""
        added, self.added = self.added, []
        try:
            removed, kept = self.repo.remove_imported(added)
        except STORE_FAULTS as err:
            self.added = added  # stays undoable: what was removed already is passed over next time
            self._fail(texts.store_fault_text(err))
            return
        self._clear()
        self.message = ngettext(
            "The restore is undone: {count} match removed.",
            "The restore is undone: {count} matches removed.",
            removed,
        ).format(count=fmt().number(removed))
        if kept:
            self.message += " " + ngettext(
                "{count} match was changed after the restore, so it was kept.",
                "{count} matches were changed after the restore, so they were kept.",
                len(kept),
            ).format(count=fmt().number(len(kept)))

    @property
    def can_undo(self) -> bool:
        return bool(self.added) and not self.error

    def dismiss(self) -> None:
        self._clear()
        self.added = []

    def _clear(self) -> None:
        self.message, self.error = None, False

    def _fail(self, message: str) -> None:
        self.message, self.error = message, True


def _damaged_event(events: list) -> int | None:
    """The line of the first event of a backup that is not a valid event record (None: all are),
    as the store's restore checks them."""
    from seep_scorer.store.events.record import EventError, event_from_dict

    for line, record in events:
        try:
            event_from_dict(record)
        except EventError:
            return line
    return None


def _good_matches(data: bytes, events: list) -> tuple[list[tuple[str, str]], int] | None:
    """A backup with damaged matches: the (id, created) of the good ones and how many are
    damaged, checked as the import checks them, and its event lines into `events` (a damaged one
    still refuses the file); None when the file itself is damaged (cut short, no header)."""
    damaged: list[MatchError] = []
    ids: list[tuple[str, str]] = []
    refused = 0  # refused: readable, but not in a form the store can keep
    try:
        for record in read_backup(io.BytesIO(data), damaged, events)[1]:
            if record is None:
                continue
            try:
                canonical_match(record.match)
            except MatchError:
                refused += 1
                continue
            ids.append((record.id, record.created))
    except MatchError:
        return None
    return ids, len(damaged) + refused


def _mb(size: int) -> str:
    """Whole megabytes, rounded up: a file just over the limit never reads as the limit itself."""
    return fmt().number(max(1, math.ceil(size / (1024 * 1024))))


def _file_fault(name: str, err: MatchError) -> str:
    """A refused file in one plain sentence in the player's language; the store's English detail
    goes to the log."""
    log.info("restore of %s refused: %s", name, err)
    if err.code in ("backup_version_newer", "version_newer"):
        return _(
            "{file} was made by a newer Seep Scorer; update this app to restore it. Nothing was "
            "restored."
        ).format(file=name)
    if err.code == "backup_cut_short":
        return _("{file} is cut short (its last line is missing), so nothing was restored.").format(
            file=name
        )
    line = err.params.get("line") if err.code in ("backup_line", "backup_match") else None
    if line and line != 1:
        return _("Line {line} of {file} is damaged, so nothing was restored.").format(
            line=fmt().number(line), file=name
        )
    return _("{file} is not a Seep Scorer backup or match file, so nothing was restored.").format(
        file=name
    )
