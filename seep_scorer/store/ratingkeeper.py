"""The store's ratings: one rating ledger per period asked for, and a cache file for a cold start.

Why a keeper: rating 5,000 matches from scratch takes about a second, so the statistics screen
may not do it on every refresh. A `RatingLedger` (stats/ratings.py) re-rates only from the first
match that changed, so a save to the newest match costs one match. The all-time ledger is also
written to `ratings-cache.json` when it has rated many matches since the last write, so a new
process (the command line, a restarted server) starts from it. The cache is derived data: the
ledger checks every match against it (order and what it rates) and re-rates whatever differs, so
a stale, foreign or damaged cache costs time, never a wrong rating. Its digest is keyed with the
store's own key (`ratings-cache.key`, made with the first cache, the server's alone), so a cache
edited by hand, copied from another store or holding a figure no rating can be (Infinity, NaN:
read as strict JSON) is not trusted: everything is rated anew.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path

from ..matchfile.jsonio import loads
from ..stats.figures import created_on_or_after
from ..stats.ratings import OrderKey, PlayerRating, RatingLedger, Surprise
from .atomic import atomic_write_bytes

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


__all__ = ["CACHE_NAME", "KEY_NAME", "RatingKeeper"]
