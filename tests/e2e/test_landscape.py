"""Issue 11, item 9: a phone held sideways (915 x 412) shows the difference and who deals next on the
scoreboard without scrolling, and long team names wrap in the title; also at 412 x 915 and 360 x 640.

SEEP_SHOTS=<folder> saves the scoreboard at each size, the new-match screen (race to 500, and after a
changed parameter) and the matches list."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e_support import WAIT_MS, open_app, sel, serve_matches, tap, text, type_into, wait_present, wait_text
from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, Team

LONG = (Team("The Sharmas of Hazratganj, Lucknow", ("Asha", "Chitra")),
        Team("The Vermas of Chandni Chowk", ("Bilal", "Dev")))
SIZES = {"landscape": {"width": 915, "height": 412}, "portrait": {"width": 412, "height": 915},
         "small": {"width": 360, "height": 640}}


def shot(page, name: str) -> None:
    folder = os.environ.get("SEEP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(600)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    deals = (Deal(points=(90, 10), sweeps=(Sweep(0, "normal"),)), Deal(points=(60, 40)),
             Deal(points=(30, 70)), Deal(points=(55, 45)))
    with serve_matches(
            tmp_path_factory, "landscape", Match(teams=LONG, format=MatchFormat("bazzis", 3), first_dealer=0, deals=deals),
            Match(teams=LONG, format=MatchFormat("first_to", 1), first_dealer=0, deals=(Deal(points=(95, 5)),))) \
            as (srv, (mid, _finished)):
        yield srv, mid


@pytest.mark.parametrize("size", list(SIZES))
def test_the_difference_and_the_next_dealer_are_in_sight(chromium, table, size):
    srv, mid = table
    viewport = SIZES[size]
    ctx = chromium.new_context(viewport=viewport)
    page = ctx.new_page()
    try:
        open_app(page, srv.url.rstrip("/") + f"/match/{mid}")
        wait_text(page, "next-dealer", "deals next")
        page.wait_for_timeout(500)
        record = page.locator(sel("record-deal")).first.bounding_box()
        for ident in ("difference", "next-dealer", "bazzis-0", "bazzis-1"):
            b = page.locator(sel(ident)).first.bounding_box()
            assert b is not None, ident
            assert b["y"] >= 0 and b["y"] + b["height"] <= record["y"] + 1, (size, ident, b, record)
        assert "ahead by" in text(page, "difference") or "Level" in text(page, "difference")
        # the title wraps rather than cut a team's name
        title = page.get_by_role("heading").first
        assert "Chandni Chowk" in (title.text_content() or title.get_attribute("aria-label") or "")
        shot(page, f"scoreboard-{size}")
        if size == "portrait":
            tap(page, "nav-matches")
            wait_present(page, "new-match")
            shot(page, "matches-dates")
            tap(page, "new-match")
            wait_present(page, "start-match")
            tap(page, "rules-preset-race500")
            tap(page, "rule-details")
            wait_present(page, "param-most_cards_bonus")
            assert page.locator(sel("param-lead_target")).count() == 0
            assert page.locator(sel("param-minimum")).count() == 0
            page.locator(sel("rules-preset-race500")).first.scroll_into_view_if_needed()
            shot(page, "new-match-race500")
            type_into(page, "param-most_cards_bonus", "6")
            page.wait_for_timeout(1000)  # the Custom chip's selection is checked in tests/ui/test_polish_new_match.py
            page.locator(sel("rules-preset-custom")).first.scroll_into_view_if_needed()
            shot(page, "new-match-changed")
    finally:
        ctx.close()
