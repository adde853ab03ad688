"""What the history and the statistics read, built from the index lines in memory
(IndexShards.cached_lines).

Why a module of its own: the matches screen asks for a page on every keystroke
of a search and the statistics screen for the figures on every refresh; with
years of matches neither may read 256 shard files, build 5,000 summaries or
fold 5,000 contributions each time. A view holds, for one state of the index
(IndexShards.version), the summaries in history order, their search keys
(history.search_keys), the contributions, the names used before and the
statistics asked for so far (per `since`). A new state reuses the summary and
search key of every line that did not change (the same dict object), so a
save costs one summary, not 5,000.

Pure: no files, no lock. The repository calls `refresh` under its lock and may
use what it returns afterwards: a refresh builds new lists, never changes
the ones it handed out.
"""

from __future__ import annotations

from datetime import date

from ..stats import Stats
from .history import history_order, known_names, search_keys
from .records import summary_of
from .repository import KnownNames, MatchSummary

__all__ = ["IndexView", "MAX_CACHED_PERIODS"]

MAX_CACHED_PERIODS = (
    8  # statistics kept per state of the index: all time, this year, the last 30 days, ...
)


class IndexView:
    def __init__(self) -> None:
        self.version: int | None = None
        self.ordered: list[MatchSummary] = []
        self.keys: list[str] = []
        self.contributions: list[dict] = []
        # ((created, id), contribution) of every match: what the ratings read, in any order.
        self.rating_items: list[tuple[tuple[str, str], dict]] = []
        # id -> (its line, summary, search keys, contribution with the line's team names)
        self._memo: dict[str, tuple[dict, MatchSummary, str, dict]] = {}
        self._names: KnownNames | None = None
        self._stats: dict[date | None, Stats] = {}

    def refresh(self, lines_by_shard: dict[str, dict[str, dict]], version: int) -> IndexView:
        """Bring the view to the index state `version`, whose lines are `lines_by_shard`."""
        if version == self.version:
            return self
        memo: dict[str, tuple[dict, MatchSummary, str, dict]] = {}
        for lines in lines_by_shard.values():
            for mid, line in lines.items():
                known = self._memo.get(mid)
                if known is None or known[0] is not line:
                    summary = summary_of(line)
                    # The statistics show a partnership's team names too: the line has them, the
                    # stored contribution (its format unchanged) does not.
                    contribution = {**line["stats"], "team_names": line["teams"]}
                    known = (line, summary, search_keys(summary), contribution)
                memo[mid] = known
        self._memo = memo
        self.ordered = history_order(m[1] for m in memo.values())
        self.keys = [memo[s.id][2] for s in self.ordered]
        self.contributions = [m[3] for m in memo.values()]
        self.rating_items = [((m[0]["created"], mid), m[3]) for mid, m in memo.items()]
        self._names = None
        self._stats = {}
        self.version = version
        return self

    def known_names(self) -> KnownNames:
        if self._names is None:
            self._names = known_names(self.ordered)
        return self._names

    def cached_statistics(self, since: date | None) -> Stats | None:
        return self._stats.get(since)

    def keep_statistics(self, version: int, since: date | None, stats: Stats) -> None:
        """Keep figures computed outside the lock, if the index has not changed meanwhile."""
        if version == self.version:
            if len(self._stats) >= MAX_CACHED_PERIODS:
                self._stats.pop(next(iter(self._stats)))
            self._stats[since] = stats
