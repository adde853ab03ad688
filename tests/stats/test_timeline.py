"""Results over time (Figures.timeline and results_by_month), computed by hand."""

from __future__ import annotations

from seep_scorer.rules import MatchFormat
from seep_scorer.stats import MonthResults, aggregate, results_by_month
from tests.stats.test_figures import ASHA_CHITRA, BILAL_DEV, ONE_BAZZI, contrib, pts


def test_each_counted_match_is_kept_with_its_creation_time_and_result():
    history = [
        contrib((ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [pts(95, 5)], created="2026-01-05T10:00:00Z"),
        contrib((BILAL_DEV, ASHA_CHITRA), ONE_BAZZI, [pts(95, 5)], created="2026-02-01T10:00:00Z"),
        contrib(
            (ASHA_CHITRA, BILAL_DEV),
            MatchFormat("bazzis", 3),
            [pts(50, 50)],
            created="2026-02-02T10:00:00Z",
        ),
        contrib(
            (ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [], created="2026-02-03T10:00:00Z"
        ),  # no deals: not counted
    ]
    stats = aggregate(history)
    assert stats.player("asha").timeline == [
        ("2026-01-05T10:00:00Z", "win"),
        ("2026-02-01T10:00:00Z", "loss"),
        ("2026-02-02T10:00:00Z", None),
    ]
    assert stats.partnerships[1].timeline == [
        ("2026-01-05T10:00:00Z", "loss"),
        ("2026-02-01T10:00:00Z", "win"),
        ("2026-02-02T10:00:00Z", None),
    ]
    assert "timeline" not in stats.player("asha").to_json()  # the spec's JSON is unchanged


def test_results_by_month_counts_finished_matches_per_utc_month_oldest_first():
    timeline = [
        ("2026-01-31T23:30:00-02:00", "win"),  # 1 February in UTC
        ("2026-01-05T10:00:00Z", "draw"),
        ("2026-01-06T10:00:00Z", "loss"),
        ("2026-01-07T10:00:00Z", None),
        ("2025-12-24T10:00:00Z", "win"),
        ("2026-02-10T10:00:00Z", "win"),
        ("not a date", "win"),
    ]
    assert results_by_month(timeline) == [
        MonthResults(2025, 12, 1, 0, 0),
        MonthResults(2026, 1, 0, 1, 1),
        MonthResults(2026, 2, 2, 0, 0),
    ]
    assert results_by_month(timeline, last=2) == [
        MonthResults(2026, 1, 0, 1, 1),
        MonthResults(2026, 2, 2, 0, 0),
    ]
    assert results_by_month(timeline)[1].finished == 2
    assert results_by_month([]) == [] and results_by_month([("2026-01-01T00:00:00Z", None)]) == []


def test_results_by_month_keeps_the_empty_months_between_results_so_a_chart_shows_the_gap():
    # issue 19, item 11: November 2025 and May 2026, nothing in between
    timeline = [
        ("2025-11-20T10:00:00Z", "win"),
        ("2026-05-02T10:00:00Z", "loss"),
        ("2026-03-03T10:00:00Z", None),
    ]
    months = results_by_month(timeline)
    assert [(m.year, m.month) for m in months] == [
        (2025, 11),
        (2025, 12),
        (2026, 1),
        (2026, 2),
        (2026, 3),
        (2026, 4),
        (2026, 5),
    ]
    assert [m.finished for m in months] == [1, 0, 0, 0, 0, 0, 1]
    assert months[0] == MonthResults(2025, 11, 1, 0, 0) and months[-1] == MonthResults(
        2026, 5, 0, 0, 1
    )
    # the last `last` calendar months up to the newest result, empty ones counted
    assert [(m.year, m.month) for m in results_by_month(timeline, last=3)] == [
        (2026, 3),
        (2026, 4),
        (2026, 5),
    ]
    assert results_by_month(timeline, last=0) == []
