"""Issue 19, item 3 in headless Chromium against the real server, on a 360 x 640 phone: deleting a
middle deal whose absence would give a later deal another dealer (and make its last-play sweep
impossible) says which deal and why, and its way out (keep the dealers) deletes it.

SEEP_SHOTS=<folder> also saves screenshots there."""

from __future__ import annotations

import os
from pathlib import Path

from e2e_support import (
    WAIT_MS,
    open_app,
    sel,
    serve_matches,
    tap,
    wait_absent,
    wait_present,
    wait_text,
)

from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, Team

SMALL = {"width": 360, "height": 640}
TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))
# Bilal deals deal 2 (the Sharmas led after deal 1) and the Vermas end it with a last-play sweep.
DEALS = (
    Deal(points=(60, 40)),
    Deal(points=(50, 50), sweeps=(Sweep(1, "last"),)),
    Deal(points=(50, 50)),
)


def shot(page, name: str) -> None:
    folder = os.environ.get("SEEP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(600)
        page.screenshot(path=str(Path(folder) / f"{name}-{page.viewport_size['width']}.png"))


def test_a_refused_delete_says_why_and_keeping_the_dealers_deletes_it(chromium, tmp_path_factory):
    match = Match(teams=TEAMS, format=MatchFormat("open", 0), first_dealer=0, deals=DEALS)
    with serve_matches(tmp_path_factory, "delete19", match) as (srv, (mid,)):
        ctx = chromium.new_context(viewport=SMALL)
        page = ctx.new_page()
        try:
            open_app(page, f"{srv.url.rstrip('/')}/match/{mid}/deal/1")
            tap(page, "delete-deal")
            wait_text(page, "delete-deal-refused", "deal 2 would be dealt by Asha instead of Bilal")
            shot(page, "delete-refused")
            # the way out is on screen, in reach, on the smallest phone
            keep = page.locator(sel("delete-deal-keep-dealers")).first
            box = keep.bounding_box(timeout=WAIT_MS)
            assert box and box["y"] + box["height"] <= SMALL["height"] and box["height"] >= 40
            tap(page, "delete-deal-keep-dealers")
            wait_text(page, "notice", "keep the dealers")
            wait_absent(page, "deal-3")
            wait_present(page, "deal-2")
            wait_text(page, "deal-1", "Bilal")  # the deal keeps the dealer it was shown with
            shot(page, "delete-kept")
        finally:
            ctx.close()
