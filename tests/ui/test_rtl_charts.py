"""Issue 22 item 8: charts read right to left in Sindhi and Urdu. fl_chart draws left to right
whatever the text direction, so the app mirrors them: the review's deals run from the right, the
statistics' first partnership and first month stand on the right, and the value axis is on the
right; left to right nothing changes."""

from __future__ import annotations

import flet_charts as fch
from harness import _walk
from test_review import ledger_match
from test_stats_screens import find, player_screen, stats_screen

from seep_scorer.app.history.review import build_chart
from seep_scorer.app.history.review_model import ReviewVM
from seep_scorer.i18n.translate import UILocale, using


def first_line(chart):
    return [(p.x, p.y) for p in chart.data_series[0].points]


def test_the_review_chart_runs_from_the_right_in_urdu_and_sindhi(repo):
    mid = ledger_match(repo).id
    with using(UILocale("en")):
        ltr = build_chart(ReviewVM(repo, mid))
    assert ltr.left_axis and ltr.right_axis is None
    assert first_line(ltr) == [(0, 0), (1, 60), (2, 130)]
    for lang in ("ur", "sd"):
        with using(UILocale(lang)):
            rtl = build_chart(ReviewVM(repo, mid))
        assert rtl.right_axis and rtl.left_axis is None
        # deal 0 at the right end (6, the room past the last deal on the left), deal 2 two steps
        # to its left: the same curve, mirrored
        assert (rtl.min_x, rtl.max_x) == (-0.3, 6) and (ltr.min_x, ltr.max_x) == (0, 6.3)
        assert first_line(rtl) == [(6, 0), (5, 60), (4, 130)]
        deals = {label.label.value: label.value for label in rtl.bottom_axis.labels}
        assert deals["0"] > deals["6"]  # the axis counts deals from the right
        assert [v.label.value for v in rtl.right_axis.labels] == [
            v.label.value for v in ltr.left_axis.labels
        ]


def bars(control):
    return next(c for c in _walk(control) if isinstance(c, fch.BarChart))


def test_the_statistics_charts_put_the_first_bar_on_the_right_in_urdu(repo):
    with using(UILocale("en")):
        stats, _ = stats_screen(repo)
        player, _ = player_screen(repo)
    ltr_pairs, ltr_months = bars(find(stats, "stats-chart")), bars(find(player, "player-chart"))
    with using(UILocale("ur")):
        stats, _ = stats_screen(repo.__class__())
        player, _ = player_screen(repo)
    rtl_pairs, rtl_months = bars(find(stats, "stats-chart")), bars(find(player, "player-chart"))
    for ltr, rtl in ((ltr_pairs, rtl_pairs), (ltr_months, rtl_months)):
        # fl_chart places the groups in list order: reversed, the first (x = 0) is the rightmost
        assert [g.x for g in ltr.groups] == sorted(g.x for g in ltr.groups)
        assert [g.x for g in rtl.groups] == [g.x for g in ltr.groups][::-1]
        assert ltr.left_axis and not ltr.right_axis and rtl.right_axis and not rtl.left_axis
