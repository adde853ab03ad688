"""A player's page: their figures, results over time, partners and head-to-head records for a
period.

One `repository.statistics(since)` call in `reload` (run off the event loop by the app); the
player is named in the route by `player_slug(key)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Callable

from ...stats import Figures, HeadToHead, MonthResults, Stats, results_by_month
from ...store.repository import MatchRepository
from .. import texts
from .base import STORE_FAULTS
from .stats import PERIODS, player_in, player_slug, since_of, utc_today


@dataclass(frozen=True)
class Partner:
    name: str  # the partner's name
    slug: str  # their page
    figures: Figures  # the partnership's


@dataclass(frozen=True)
class Rivalry:
    """A head-to-head record from this player's side: their partnership against another."""

    partner: str
    opponents: tuple[str, str]
    matches: int
    wins: int
    losses: int
    draws: int


class PlayerVM:
    def __init__(
        self,
        repo: MatchRepository,
        slug: str,
        period: str = "all",
        today: Callable[[], date] = utc_today,
    ):
        self.repo = repo
        self.slug = slug
        self.period = period if period in PERIODS else "all"
        self.today = today
        self.figures: Figures | None = None
        self.partners: list[Partner] = []
        self.rivalries: list[Rivalry] = []
        self.months: list[MonthResults] = []
        self.message: str | None = None
        self.loaded = False
        self.reload()

    def reload(self) -> None:
        try:
            stats = self.repo.statistics(since_of(self.period, self.today()))
        except STORE_FAULTS as err:
            self.message = texts.store_read_fault_text(err)
            return
        self.message, self.loaded = None, True
        self._take(stats)

    def _take(self, stats: Stats) -> None:
        figures = self.figures = player_in(stats, self.slug)
        self.partners, self.rivalries, self.months = [], [], []
        if figures is None:
            return
        key = figures.key[0]
        for pair in stats.partners_of(key):
            i = 1 - pair.key.index(key)
            self.partners.append(Partner(pair.names[i], player_slug(pair.key[i]), pair))
        for h in stats.head_to_head_of(key):
            self.rivalries.append(_rivalry(h, key))
        self.rivalries.sort(key=lambda r: (-r.matches, r.partner.casefold(), r.opponents))
        self.months = results_by_month(figures.timeline)

    @property
    def name(self) -> str:
        return self.figures.names[0] if self.figures else ""


def _rivalry(h: HeadToHead, key: str) -> Rivalry:
    side = 0 if key in h.keys[0] else 1
    mine, theirs = h.keys[side], h.names[1 - side]
    partner = h.names[side][1 - mine.index(key)]
    return Rivalry(partner, tuple(theirs), h.matches, h.wins[side], h.wins[1 - side], h.draws)
