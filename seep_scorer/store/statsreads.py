"""The statistics and the ratings, read from the index view in memory: never a match file.

The figures are folded outside the store's lock (saves from other phones do not wait for them)
and kept per state of the index (indexview.py); the ratings come from the rating keeper's ledgers
(ratingkeeper.py), which re-rate only what changed.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import date
from datetime import datetime as datetime_type
from typing import Protocol

from ..stats import Stats, aggregate
from ..stats.ratings import PlayerRating, Surprise
from .indexview import IndexView
from .ratingkeeper import RatingKeeper

__all__ = ["StatisticsReader", "ViewSource"]


class ViewSource(Protocol):
    """What the statistics use of the store: its lock and the index view as it is now."""

    def locked(self) -> AbstractContextManager[None]: ...

    def current_view(self) -> IndexView:
        """The view of the index now; called under the lock."""


class StatisticsReader:
    def __init__(self, store: ViewSource, ratings: RatingKeeper):
        self._store = store
        self._ratings = ratings

    def statistics(self, since: date | None = None) -> Stats:
        """The figures of stats.md (with each player's rating) for matches since a UTC day."""
        if since is not None and not isinstance(since, date):
            raise TypeError("since must be a date or None")
        if isinstance(since, datetime_type):
            since = since.date()
        with self._store.locked():
            view = self._store.current_view()
            stats, version = view.cached_statistics(since), view.version
            contributions, rated = view.contributions, view.rating_items
        if stats is None:
            ratings = self._ratings.ratings(rated, since)
            stats = aggregate(contributions, since).with_ratings(ratings)
            with self._store.locked():
                view.keep_statistics(version, since, stats)
        # The lists are the caller's to sort; the cached figures stay as they are.
        return replace(
            stats,
            players=list(stats.players),
            partnerships=list(stats.partnerships),
            head_to_head=list(stats.head_to_head),
        )

    def rating_history(self, player: str) -> list[tuple[str, PlayerRating]]:
        """A player's (key) all-time rating after each rated match: (created, rating)."""
        with self._store.locked():
            rated = self._store.current_view().rating_items
        return [(order[0], r) for order, r in self._ratings.history(rated, player)]

    def rating_surprises(self, player: str) -> tuple[list[Surprise], list[Surprise]]:
        """Partners and opponents of a player (key) against what the ratings predicted."""
        with self._store.locked():
            rated = self._store.current_view().rating_items
        return self._ratings.against_expectation(rated, player)
