"""A sync keys (player_key, four times) only the matches whose contribution changed: on 5,000
matches keying them all again cost a save's statistics a third more (bench/history.py)."""

from __future__ import annotations

from seep_scorer.stats import ratings as ratings_module
from seep_scorer.stats.ratings import RatingLedger, rate_all
from tests.stats.test_ratings import MatchFormat, contrib, pts


def test_a_sync_keys_only_the_contributions_that_changed(monkeypatch):
    items = [
        (
            (f"2026-03-{n + 1:02d}", f"m{n}"),
            contrib((("Asha", "Chitra"), ("Bilal", "Dev")), MatchFormat("bazzis", 1), [pts(95, 5)]),
        )
        for n in range(20)
    ]
    ledger = RatingLedger()
    ledger.sync(items)
    calls = []
    original = ratings_module.signature
    monkeypatch.setattr(ratings_module, "signature", lambda c: calls.append(c) or original(c))
    assert ledger.sync(items) == 0 and calls == []
    newest = contrib((("Asha", "Chitra"), ("Bilal", "Dev")), MatchFormat("bazzis", 1), [pts(5, 95)])
    changed = [*items[:-1], (items[-1][0], newest)]
    assert ledger.sync(changed) == 1 and calls == [newest]
    assert ledger.ratings() == rate_all(changed)
