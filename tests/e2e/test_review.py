"""Issue 10, items 4–6 in headless Chromium at 412 x 915 against the real server: play a short match
to the end, open its review from the list (chart, tally), copy the result, download the match file,
rematch (teams and dealer), search the list, and names offered on a new match.

SEEP_SHOTS=<folder> also saves screenshots there (412 x 915 and 360 x 640)."""

from __future__ import annotations

import os
from pathlib import Path

from e2e_support import (
    VIEWPORT,
    WAIT_MS,
    download_path,
    evaluate,
    match_on_screen,
    open_app,
    tap,
    text,
    type_into,
    type_kept,
    wait_absent,
    wait_present,
    wait_text,
)

from seep_scorer.matchfile import loads_match
from seep_scorer.rules import replay

SMALL = {"width": 360, "height": 640}


def shot(page, name: str) -> None:
    folder = os.environ.get("SEEP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(600)
        page.screenshot(path=str(Path(folder) / f"{name}-{page.viewport_size['width']}.png"))


def play_short_match(page, team0: str) -> str:
    tap(page, "new-match")
    wait_present(page, "start-match")
    type_into(page, "team-name-0", team0)
    tap(page, "match-type-first_to")
    type_into(page, "match-length", "1")
    tap(page, "start-match")
    mid = match_on_screen(page)
    wait_present(page, "record-deal")
    tap(page, "record-deal")
    wait_present(page, "save-deal")
    tap(page, "mode-points")
    type_into(page, "points-0", "95")  # Team B under the minimum: the bazzi, and the match
    wait_text(page, "deal-total-1", "Team B: 5")
    tap(page, "save-deal")
    wait_present(page, "match-result")
    return mid


def test_review_copy_download_rematch_search(chromium, server):
    ctx = chromium.new_context(viewport=VIEWPORT, accept_downloads=True)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    page = ctx.new_page()
    try:
        open_app(page, server.url)
        mid = play_short_match(page, "Lions")
        tap(page, "nav-matches")
        wait_text(page, f"match-{mid}", "Lions won")
        shot(page, "matches")

        # the review, straight from the list
        tap(page, f"match-{mid}")
        wait_present(page, "review-chart")
        assert "1" in text(page, "review-tally-0") and "0" in text(page, "review-tally-1")
        shot(page, "review")

        # copy the result: what lands on the clipboard is the plain-text result
        tap(page, "share-result")
        wait_present(page, "notice")
        copied = evaluate(
            page, "navigator.clipboard.readText()", what="navigator.clipboard.readText() to settle"
        )
        assert copied.splitlines()[0] == "Seep: Lions vs Team B"
        assert "Match won by Lions, 1 bazzi to 0." in copied

        # download the match file: the same match
        with page.expect_download(timeout=WAIT_MS) as info:
            tap(page, "export-match")
        download = info.value
        assert download.suggested_filename.endswith(f"-{mid}.json")
        match = loads_match(download_path(download).read_bytes())
        assert match.teams[0].name == "Lions" and [d.points for d in match.deals] == [(95, 5)]
        with page.expect_download(timeout=WAIT_MS) as info:
            tap(page, "export-csv")
        assert download_path(info.value).read_text(encoding="utf-8").startswith("deal,")

        # rematch: the same teams, the next dealer in turn, its scoreboard
        standings = replay(match)
        tap(page, "rematch")
        page.wait_for_function(
            "(m) => location.pathname.startsWith('/match/') && !location.pathname.includes(m)",
            arg=mid,
            timeout=WAIT_MS,
        )
        new_id = match_on_screen(page)
        wait_text(page, "next-dealer", match.seat_name(standings.next_dealer) + " deals next")
        wait_present(page, "record-deal")

        # search the list
        tap(page, "nav-matches")
        wait_present(page, f"match-{new_id}")
        wait_present(page, f"match-{mid}")
        type_kept(page, "matches-search", "zzz")
        wait_absent(page, f"match-{mid}")
        type_kept(page, "matches-search", "LIONS")
        wait_present(page, f"match-{mid}")
        wait_present(page, f"match-{new_id}")
        tap(page, "matches-filter-finished")
        wait_absent(page, f"match-{new_id}")
        wait_present(page, f"match-{mid}")

        # a new match offers the names used before
        tap(page, "new-match")
        wait_present(page, "start-match")
        type_into(page, "team-name-0", "li")
        wait_text(page, "name-suggestion-1", "Lions")
        shot(page, "new-match-suggestions")
        type_into(page, "team-name-0", "lions")
        wait_text(page, "team-name-0-recorded", "Will be recorded as Lions")
        shot(page, "new-match")

        if os.environ.get("SEEP_SHOTS"):
            page.set_viewport_size(SMALL)
            type_into(page, "team-name-0", "li")
            wait_text(page, "name-suggestion-1", "Lions")
            shot(page, "new-match-suggestions")
            type_into(page, "team-name-0", "lions")
            wait_text(page, "team-name-0-recorded", "Lions")
            shot(page, "new-match")
            page.goto(server.url.rstrip("/") + f"/review/{mid}")
            page.wait_for_function("document.getElementById('loading') === null", timeout=WAIT_MS)
            page.wait_for_timeout(1500)
            shot(page, "review")
            open_app(
                page, server.url
            )  # a fresh start goes back to the match in progress: then the list
            tap(page, "nav-matches")
            wait_present(page, f"match-{mid}")
            shot(page, "matches")
    finally:
        ctx.close()
