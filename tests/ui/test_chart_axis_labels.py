"""Issue 22 polish: every deal number under the review chart is shown, right to left too.

flet-charts shows a ChartAxisLabel only where fl_chart asks for a label, comparing values exactly:
at the axis' two ends and at whole multiples of the label spacing (from 0; fl_chart's own spacing
when none is set, never finer than 1 for a few deals across a phone). Mirrored with the room past
the last deal on the right (x = 6.3 - n), every deal but 0 stood between those values and its
label was lost."""

from __future__ import annotations

import math

import pytest
from test_review import TEAMS

from seep_scorer.app.history.review import build_chart
from seep_scorer.app.history.review_model import ReviewVM
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import Deal, Match, MatchFormat


def asked(low: float, high: float, spacing: float | None) -> list[float]:
    """The values fl_chart asks its label builder for (AxisChartHelper.iterateThroughAxis, both
    ends included, baseline 0); without a spacing, the finest it would choose: 1."""
    step = spacing or 1
    values, x = [low], math.ceil(low / step) * step
    while x <= high + step / 100000:
        if x != low and x != high:
            values.append(x)
        x += step
    return [*values, high]


def shown_deals(chart) -> list[str]:
    axis = chart.bottom_axis
    stops = asked(chart.min_x, chart.max_x, axis.label_spacing)
    return [label.label.value for label in axis.labels if label.value in stops]


@pytest.mark.parametrize("count", [1, 3, 6, 7, 20])
@pytest.mark.parametrize("lang", ["ur", "sd", "en"])
def test_every_deal_number_label_is_shown(repo, lang, count):
    deals = tuple(Deal(points=(60, 40)) for _ in range(count))
    stored = repo.create(Match(format=MatchFormat("bazzis", 50), teams=TEAMS, deals=deals))
    with using(UILocale(lang)):
        chart = build_chart(ReviewVM(repo, stored.id))
    labels = [label.label.value for label in chart.bottom_axis.labels]
    assert labels == [str(n) for n in range(0, count + 1, math.ceil(count / 6))]
    assert shown_deals(chart) == labels
