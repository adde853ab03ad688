"""A player's page: figures, results over time, partners and head-to-head records for a period.

One `repository.statistics(since)` call in `reload` (run off the event loop by the app), and the
rating's history and surprises (`rating_history`, `rating_surprises`: all time, as the ratings
learn from every match); the player is named in the route by `player_slug(key)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Callable

from seep_scorer.app.history.stats_model import PERIODS, player_in, player_slug, since_of, utc_today
from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.stats import Figures, HeadToHead, MonthResults, Stats, results_by_month
from seep_scorer.stats.ratings import PlayerRating, Surprise
from seep_scorer.store.repository import MatchRepository


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


SURPRISES_SHOWN = 3  # best partners, worst partners, toughest opponents: a few of each


@dataclass(frozen=True)
class Against:
    """Games with a partner (or against two opponents), the wins and the wins the ratings
    expected before each game; a draw counts half a win."""

    names: tuple[str, ...]  # the partner, or the two opponents
    games: int
    wins: float
    expected: float


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
        self.rating: PlayerRating | None = None  # in the period, as the ranking shows it
        self.rating_points: list[tuple[str, PlayerRating]] = []  # after each match, all time
        self.best_partners: list[Against] = []
        self.worst_partners: list[Against] = []
        self.toughest: list[Against] = []
        self.message: str | None = None
        self.loaded = False
        self.reload()

    def reload(self) -> None:
        try:
            stats = self.repo.statistics(since_of(self.period, self.today()))
            figures = player_in(stats, self.slug)
            history, partners, opponents, everyone = [], [], [], stats
            if figures is not None:
                key = figures.key[0]
                history = self.repo.rating_history(key)
                partners, opponents = self.repo.rating_surprises(key)
                if self.period != "all":  # partners and opponents from before the period too
                    everyone = self.repo.statistics(None)
        except STORE_FAULTS as err:
            self.message = texts.store_read_fault_text(err)
            return
        self.message, self.loaded = None, True
        self._take(stats)
        self.rating_points = history
        self._take_surprises(everyone, partners, opponents)

    def _take_surprises(
        self, stats: Stats, partners: list[Surprise], opponents: list[Surprise]
    ) -> None:
        """Best and worst partners by how the two did against what the ratings predicted; the
        toughest opponents, those the player did worst against (the lists come best first)."""
        # Names as the statistics spell them (all time: everyone the ledger rated).
        spelled = {f.key[0]: f.names[0] for f in stats.players}

        def against(s: Surprise) -> Against:
            keys = (s.who,) if isinstance(s.who, str) else tuple(s.who)
            return Against(tuple(spelled.get(k, k) for k in keys), s.games, s.wins, s.expected)

        n = SURPRISES_SHOWN
        # "Best" and "worst" compare partners: a player with one partner has neither (issue 33:
        # the only partner was listed under "Best partners").
        partners = partners if len(partners) > 1 else []
        self.best_partners = [against(s) for s in partners if s.margin > 0][:n]
        self.worst_partners = [against(s) for s in reversed(partners) if s.margin < 0][:n]
        self.toughest = [against(s) for s in reversed(opponents) if s.margin < 0][:n]

    def _take(self, stats: Stats) -> None:
        figures = self.figures = player_in(stats, self.slug)
        self.partners, self.rivalries, self.months = [], [], []
        self.rating = figures.rating if figures is not None else None
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
