"""The statistics and the ratings as the store serves them, and the ratings' ledgers and cache.

The statistics and the ratings, read from the index view in memory: never a match file.

The figures are folded outside the store's lock (saves from other phones do not wait for them)
and kept per state of the index (store/index.py); the ratings come from the rating keeper's ledgers
(`RatingKeeper`, below), which re-rate only what changed.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import date
from datetime import datetime as datetime_type
from pathlib import Path
from typing import Protocol

from seep_scorer.matchfile.jsonio import loads
from seep_scorer.stats import Stats, aggregate
from seep_scorer.stats.figures import created_on_or_after
from seep_scorer.stats.ratings import OrderKey, PlayerRating, RatingLedger, Surprise
from seep_scorer.store.files import atomic_write_bytes
from seep_scorer.store.index import IndexView

__all__ = ["StatisticsReader", "ViewSource", "CACHE_NAME", "KEY_NAME", "RatingKeeper"]


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


# ---- the rating keeper
# The store's ratings: one rating ledger per period asked for, and a cache file for a cold start.
#
# Why a keeper: rating 5,000 matches from scratch takes about a second, so the statistics screen
# may not do it on every refresh. A `RatingLedger` (stats/ratings.py) re-rates only from the first
# match that changed, so a save to the newest match costs one match. The all-time ledger is also
# written to `ratings-cache.json` when it has rated many matches since the last write, so a new
# process (the command line, a restarted server) starts from it. The cache is derived data: the
# ledger checks every match against it (order and what it rates) and re-rates whatever differs, so
# a stale, foreign or damaged cache costs time, never a wrong rating. Its digest is keyed with the
# store's own key (`ratings-cache.key`, made with the first cache, the server's alone), so a cache
# edited by hand, copied from another store or holding a figure no rating can be (Infinity, NaN:
# read as strict JSON) is not trusted: everything is rated anew.

CACHE_NAME = "ratings-cache.json"
KEY_NAME = "ratings-cache.key"
KEY_BYTES = 32
CACHE_VERSION = 1
MAX_CACHE_BYTES = 64 * 1024 * 1024  # far above 5,000 matches (about 1.5 MB); refused beyond
WRITE_AFTER = 50  # matches rated since the cache was written: below this a cold start is quick
MAX_PERIOD_LEDGERS = 8

RatingItems = Sequence[tuple[OrderKey, dict]]


class RatingKeeper:
    """Ratings for the repository, from items ((created, id), contribution)."""

    def __init__(self, root: Path, writable: Callable[[], bool] = lambda: True) -> None:
        self._cache = root / CACHE_NAME
        self._key_file = root / KEY_NAME
        self._writable = writable
        self._lock = threading.Lock()  # a ledger is mutable: one sync at a time
        self._ledgers: OrderedDict[date | None, RatingLedger] = OrderedDict()
        self._unwritten = 0
        self._loaded = False

    def ratings(self, items: RatingItems, since: date | None = None) -> dict[str, PlayerRating]:
        with self._lock:
            return self._synced(items, since).ratings()

    def history(self, items: RatingItems, key: str) -> list[tuple[OrderKey, PlayerRating]]:
        """A player's all-time rating after each match they were rated in."""
        with self._lock:
            return self._synced(items, None).history(key)

    def against_expectation(
        self, items: RatingItems, key: str
    ) -> tuple[list[Surprise], list[Surprise]]:
        with self._lock:
            return self._synced(items, None).against_expectation(key)

    def _synced(self, items: RatingItems, since: date | None) -> RatingLedger:
        ledger = self._ledgers.get(since)
        if ledger is None:
            ledger = self._load() if since is None else RatingLedger()
            self._ledgers[since] = ledger
            if len(self._ledgers) > MAX_PERIOD_LEDGERS:
                self._ledgers.popitem(last=False)
        self._ledgers.move_to_end(since)
        if since is not None:
            items = [(k, c) for k, c in items if created_on_or_after(c, since)]
        rated = ledger.sync(items)
        if since is None:
            self._unwritten += rated
            if self._unwritten >= WRITE_AFTER:
                self._write(ledger)
        return ledger

    def _load(self) -> RatingLedger:
        self._loaded = True
        try:
            if self._cache.stat().st_size > MAX_CACHE_BYTES:
                return RatingLedger()
            key = self._key_file.read_bytes()
            if len(key) != KEY_BYTES:
                return RatingLedger()
            # strict (no Infinity), without the depth walk, whose memory grows with the cache
            data = loads(self._cache.read_bytes(), unique_keys=False, walk=False)
            return RatingLedger.from_json(data, CACHE_VERSION, key)
        except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
            return RatingLedger()  # no cache, or one not to trust: rate from scratch

    def _write(self, ledger: RatingLedger) -> None:
        if not self._writable():
            return
        try:
            key = self._key()
            data = json.dumps(ledger.to_json(CACHE_VERSION, key), separators=(",", ":"))
            atomic_write_bytes(self._cache, data.encode())
            self._unwritten = 0
        except OSError:
            pass  # a cache: the next start rates a little more

    def _key(self) -> bytes:
        """The store's key for the cache's digest, made (private to the server) on first use."""
        try:
            key = self._key_file.read_bytes()
        except FileNotFoundError:
            key = b""
        if len(key) != KEY_BYTES:
            key = secrets.token_bytes(KEY_BYTES)
            atomic_write_bytes(self._key_file, key)
        return key
