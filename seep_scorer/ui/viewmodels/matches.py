"""The matches list (the home screen)."""

from __future__ import annotations

from ...i18n import _
from ...store.repository import MatchRepository, MatchSummary, StoredMatch
from .. import texts
from .base import STORE_FAULTS


class MatchesVM:
    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self.matches: list[MatchSummary] = []
        self.deleted: StoredMatch | None = None
        self.message: str | None = None
        self._read_fault = False
        self.reload()

    def reload(self) -> None:
        try:
            self.matches = list(self.repo.list_matches())
        except STORE_FAULTS as err:
            self.message, self._read_fault = texts.store_read_fault_text(err), True  # the last list stays shown
            return
        if self._read_fault:  # read again fine: the fault notice has done its job
            self.message, self._read_fault = None, False

    def delete(self, match_id: str) -> None:
        try:
            self.deleted = self.repo.delete(match_id)
        except STORE_FAULTS as err:
            self.message = texts.store_fault_text(err)
            self.deleted = None
        else:
            self.message = _("Match deleted.")
        self.reload()

    def undo_delete(self) -> None:
        if self.deleted is not None:
            try:
                self.repo.restore(self.deleted)
            except STORE_FAULTS as err:
                self.message = texts.store_fault_text(err)
            else:
                self.message = _("Match restored.")
            self.deleted = None
        self.reload()

    def dismiss(self) -> None:
        self.message, self.deleted = None, None
