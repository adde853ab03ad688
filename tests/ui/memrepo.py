"""An in-memory MatchRepository for the UI tests only (the app itself uses the real store)."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone

from seep_scorer.matchfile import dumps_match
from seep_scorer.rules import replay, stopped_early, validate_match
from seep_scorer.stats import aggregate, contribution_of
from seep_scorer.stats.figures import created_on_or_after
from seep_scorer.stats.ratings import RatingLedger, rate_all
from seep_scorer.store import index as history
from seep_scorer.store.backup.exports import deal_table_csv
from seep_scorer.store.repository import MatchNotFound, MatchSummary, StaleRevision, StoredMatch


class MemoryRepository:
    def __init__(self):
        self._matches: dict[str, StoredMatch] = {}
        self._settings: dict = {}
        self._ids = itertools.count(1)
        self._clock = itertools.count(1)
        self.notices: list[str] = []
        self.data_dir = None

    def _now(self) -> str:
        return (
            datetime(2026, 1, 1, tzinfo=timezone.utc)
            .replace(second=next(self._clock) % 60)
            .isoformat()
        )

    def list_matches(self):
        rows = []
        for m in self._matches.values():
            standings = replay(m.match)
            rows.append(
                MatchSummary(
                    m.id,
                    (m.match.teams[0].name, m.match.teams[1].name),
                    len(m.match.deals),
                    m.created,
                    m.updated,
                    m.finished,
                    m.revision,
                    (m.match.teams[0].players, m.match.teams[1].players),
                    standings.winner if standings.finished else None,
                    stopped_early(m.match.format, standings),
                )
            )
        return history.history_order(rows)

    def find_matches(self, query):
        return history.select(self.list_matches(), query)

    def known_names(self):
        return history.known_names(self.list_matches())

    def _contributions(self):
        return [
            (
                (m.created, m.id),
                {
                    **contribution_of(m.match, replay(m.match), m.created, m.updated),
                    "team_names": [t.name for t in m.match.teams],
                },  # as the real store's view
            )
            for m in self._matches.values()
        ]

    def statistics(self, since=None):
        items = self._contributions()
        rated = [(k, c) for k, c in items if created_on_or_after(c, since)]
        # rated from scratch each time: the real store keeps a ledger, the figures are the same
        return aggregate([c for _k, c in items], since).with_ratings(rate_all(rated))

    def _ledger(self):
        ledger = RatingLedger()
        ledger.sync(self._contributions())
        return ledger

    def rating_history(self, player):
        return [(order[0], r) for order, r in self._ledger().history(player)]

    def rating_surprises(self, player):
        return self._ledger().against_expectation(player)

    def export_match_text(self, match_id):
        return dumps_match(self.get(match_id).match)

    def export_csv(self, match_id):
        return deal_table_csv(self.get(match_id).match)

    def get(self, match_id):
        try:
            return self._matches[match_id]
        except KeyError:
            raise MatchNotFound(match_id) from None

    def create(self, match):
        standings = validate_match(match)
        mid = f"m{next(self._ids)}"
        now = self._now()
        stored = StoredMatch(mid, match, 1, now, now, standings.finished)
        self._matches[mid] = stored
        return stored

    def save(self, match_id, match, base_revision):
        current = self.get(match_id)
        if current.revision != base_revision:
            raise StaleRevision(match_id, base_revision, current.revision)
        standings = validate_match(match)
        stored = StoredMatch(
            match_id, match, current.revision + 1, current.created, self._now(), standings.finished
        )
        self._matches[match_id] = stored
        return stored

    def delete(self, match_id):
        return self._matches.pop(match_id) if match_id in self._matches else self.get(match_id)

    def restore(self, stored):
        self._matches[stored.id] = stored
        return stored

    def get_setting(self, key, default=None):
        return self._settings.get(key, default)

    def set_setting(self, key, value):
        self._settings[key] = value
