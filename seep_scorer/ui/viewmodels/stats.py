"""The statistics' figures."""

from __future__ import annotations

import logging

from ...rules import SWEEP_KINDS
from ...store.repository import MatchRepository
from .. import texts
from .base import STORE_FAULTS

log = logging.getLogger(__name__)


class StatsVM:
    """The statistics' figures, read from the store when loaded (off the event loop), never when drawn."""

    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self.matches = self.finished = self.deals = 0
        self.sweeps = {k: 0 for k in SWEEP_KINDS}
        self.message: str | None = None
        self.reload()

    def reload(self) -> None:
        try:
            summaries = self.repo.list_matches()
        except STORE_FAULTS as err:
            self.message = texts.store_read_fault_text(err)
            return
        sweeps = {k: 0 for k in SWEEP_KINDS}
        for m in summaries:
            try:
                for d in self.repo.get(m.id).match.deals:
                    for s in d.sweeps:
                        sweeps[s.kind] += 1
            except Exception:
                log.debug("statistics: match %s skipped", m.id, exc_info=True)
        self.matches, self.finished = len(summaries), sum(1 for m in summaries if m.finished)
        self.deals, self.sweeps, self.message = sum(m.deals for m in summaries), sweeps, None
