"""Taps per deal (issue 19), against the real server in headless Chromium at 412 x 915: the
quickest deal and a typical one (five point cards and a sweep to the first team) need no more taps
than bench/taps.py measured. A change that adds a step (a question before Save, a second button on
the way) leaves the deal unsaved after those taps, or counts more, and fails here."""

from __future__ import annotations

import sys
from pathlib import Path

from e2e_support import VIEWPORT, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from taps import QUICKEST_TAPS, TYPICAL_TAPS, new_match, quickest, typical  # noqa: E402


def test_a_plain_deal_takes_no_more_taps_than_measured(chromium, server):
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    try:
        open_app(page, server.url)
        new_match(page)
        quick = quickest(page, 1)  # fails unless deal 1 is on the scoreboard after its taps
        assert quick.taps <= QUICKEST_TAPS, quick.log

        open_app(page, server.url)
        new_match(page)
        deal = typical(page, 1, swapped=True)
        assert deal.taps <= TYPICAL_TAPS, deal.log
    finally:
        ctx.close()
