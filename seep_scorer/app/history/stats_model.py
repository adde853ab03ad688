"""The statistics screen: players and partnerships for a period, sortable, win rate per
partnership, and the ranking by rating.

Everything comes from one `repository.statistics(since)` call (the index only), made in `reload`
or `set_period`, which the screen runs off the event loop; sorting never touches the store.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Callable

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _
from seep_scorer.stats import Figures, HeadToHead, Stats, player_key
from seep_scorer.store.repository import MatchRepository

PERIODS = ("all", "year", "30d")
SORTS = ("matches", "win_rate")
TABLES = ("players", "partnerships")
CHART_BARS = 6  # partnerships in the win-rate chart: the most played that finished a match
MEETINGS_SHOWN = 10  # head-to-head records on the screen: the most played
TEAM_NAMES_SHOWN = 3  # team names a partnership played under, most used first
# Below this many rated games a rating is marked provisional: its uncertainty is still large.
PROVISIONAL_GAMES = 10


@dataclass(frozen=True)
class Ranked:
    """A place in the ranking by rating (mu - 3 sigma): players level to one decimal share it."""

    rank: int
    name: str
    slug: str  # the player's page
    rating: float
    spread: float  # 3 sigma: how far the skill may lie above the rating
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Meeting:
    """A head-to-head record, the partnership with more wins first (`wins`, `losses` are theirs)."""

    first: tuple[str, str]
    second: tuple[str, str]
    matches: int
    wins: int
    losses: int
    draws: int


def meeting_of(h: HeadToHead) -> Meeting:
    a, b = (0, 1) if h.wins[0] >= h.wins[1] else (1, 0)
    return Meeting(h.names[a], h.names[b], h.matches, h.wins[a], h.wins[b], h.draws)


def team_names(f: Figures) -> tuple[str, ...]:
    """The names a partnership played under, without the new-match screen's defaults ("Team A"),
    which say nothing about who played."""
    defaults = {player_key(n) for n in ("Team A", "Team B", _("Team A"), _("Team B"))}
    return tuple(n for n in f.team_names if player_key(n) not in defaults)[:TEAM_NAMES_SHOWN]


def utc_today() -> date:
    return datetime.now(timezone.utc).date()


def since_of(period: str, today: date) -> date | None:
    """The first UTC day a period counts: all time, this year, the last 30 days."""
    if period == "year":
        return date(today.year, 1, 1)
    if period == "30d":
        return today - timedelta(days=30)
    return None


def player_slug(key: str) -> str:
    """A player key as one URL-safe route segment: base64url of the key, or for a very long key
    `~` and a hash of it (a route stays well under routes.MAX_ROUTE_LENGTH)."""
    raw = key.encode("utf-8")
    if len(raw) <= 120:
        return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    return "~" + base64.urlsafe_b64encode(hashlib.sha256(raw).digest()[:18]).decode("ascii")


def player_in(stats: Stats, slug: str) -> Figures | None:
    """The player whose key `slug` stands for, if `stats` has one."""
    if slug.startswith("~"):
        return next((p for p in stats.players if player_slug(p.key[0]) == slug), None)
    try:
        key = base64.urlsafe_b64decode(slug + "=" * (-len(slug) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return stats.player(key)


def _sorted(rows: list[Figures], column: str, descending: bool) -> list[Figures]:
    """By matches or by win rate (no finished match: always last), ties by the other figure,
    then by key."""

    def value(f: Figures) -> tuple:
        rate = f.win_rate if f.win_rate is not None else -1.0
        return (f.matches, rate) if column == "matches" else (rate, f.matches)

    by_key = sorted(rows, key=lambda f: f.key)
    ordered = sorted(by_key, key=value, reverse=descending)
    if column == "win_rate":  # a partnership that never finished a match has no rate to sort by
        ordered = [f for f in ordered if f.win_rate is not None] + [
            f for f in ordered if f.win_rate is None
        ]
    return ordered


class StatsVM:
    """The figures of one period, read when loaded (off the event loop), never when drawn."""

    def __init__(
        self, repo: MatchRepository, period: str = "all", today: Callable[[], date] = utc_today
    ):
        self.repo = repo
        self.period = period if period in PERIODS else "all"
        self.today = today
        self.stats: Stats | None = None
        self.message: str | None = None
        self.sort: dict[str, tuple[str, bool]] = {t: ("matches", True) for t in TABLES}
        self.reload()

    # -- store reads (off the event loop)
    def reload(self) -> None:
        try:
            self.stats = self.repo.statistics(since_of(self.period, self.today()))
        except STORE_FAULTS as err:
            self.message = texts.store_read_fault_text(err)  # the last figures stay shown
            return
        self.message = None

    def set_period(self, period: str) -> None:
        if period in PERIODS:
            self.period = period
            self.reload()

    # -- no store call
    def sort_by(self, table: str, column: str) -> None:
        """Sort a table by a column, highest first; the same column again turns the order round."""
        current, descending = self.sort[table]
        self.sort[table] = (column, not descending) if column == current else (column, True)

    @property
    def matches(self) -> int:
        return self.stats.matches if self.stats else 0

    @property
    def finished(self) -> int:
        return self.stats.finished if self.stats else 0

    @property
    def deals(self) -> int:
        return self.stats.deals if self.stats else 0

    @property
    def players(self) -> list[Figures]:
        column, descending = self.sort["players"]
        return _sorted(self.stats.players, column, descending) if self.stats else []

    @property
    def partnerships(self) -> list[Figures]:
        column, descending = self.sort["partnerships"]
        return _sorted(self.stats.partnerships, column, descending) if self.stats else []

    def ranking(self) -> list[Ranked]:
        """Players with a rated game in the period, strongest first (stats.md "Ratings")."""
        if not self.stats:
            return []
        ranked: list[Ranked] = []
        for f in self.stats.ranking():
            r = f.rating
            if r is None or not r.games:  # no rated game: the default says nothing about them
                continue
            shown = round(r.rating, 1)
            level = ranked and round(ranked[-1].rating, 1) == shown
            rank = ranked[-1].rank if level else len(ranked) + 1
            ranked.append(
                Ranked(rank, f.names[0], player_slug(f.key[0]), r.rating, 3 * r.sigma, r.games)
            )
        return ranked

    def chart(self) -> list[Figures]:
        """Win rate per partnership: the most played ones with a finished match, best first."""
        if not self.stats:
            return []
        played = sorted(
            (p for p in self.stats.partnerships if p.finished),
            key=lambda p: (-p.finished, -p.matches, p.key),
        )[:CHART_BARS]
        return sorted(played, key=lambda p: (-(p.win_rate or 0.0), -p.finished, p.key))

    def head_to_head(self) -> list[Meeting]:
        """The partnerships that met most often, with their records."""
        if not self.stats:
            return []
        most = sorted(self.stats.head_to_head, key=lambda h: (-h.matches, -h.finished, h.keys))
        return [meeting_of(h) for h in most[:MEETINGS_SHOWN]]

    @property
    def loaded(self) -> bool:
        return self.stats is not None

    @property
    def empty(self) -> bool:
        """No counted match in the period (nothing to show but a friendly text)."""
        return self.stats is not None and self.stats.matches == 0
