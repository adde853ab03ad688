"""Issue 19, items 5 and 6 in headless Chromium against the real server: a match of three bazzis is
stopped after its first bazzi (asked first), the list says it was stopped and who led, deleting it
from the list names it and so does its Undo, and its scoreboard reopens it."""

from __future__ import annotations

from e2e_support import (
    VIEWPORT,
    WAIT_MS,
    evaluate,
    open_app,
    tap,
    text,
    wait_absent,
    wait_present,
    wait_text,
)


def test_a_three_bazzi_match_stopped_early_then_deleted_and_restored_by_name(chromium, server):
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    try:
        open_app(page, server.url)
        tap(page, "new-match")
        wait_present(page, "start-match")
        tap(page, "start-match")  # the defaults: standard rules, a match of three bazzis
        page.wait_for_function("() => location.pathname.startsWith('/match/')", timeout=WAIT_MS)
        mid = evaluate(page, "location.pathname").split("/")[2]
        tap(page, "record-deal")
        wait_present(page, "save-deal")
        tap(page, "card-2S")  # Save is on once something is entered (issue 19)
        wait_text(page, "card-2S", "Team B")
        tap(page, "save-deal")  # 2 points to Team B, under the minimum: bazzi 1 to Team A
        wait_present(page, "deal-1")
        # "we stop here": asked first, then the result as it stands
        tap(page, "end-match")
        wait_present(page, "end-match-confirm")
        tap(page, "end-match-yes")
        wait_absent(page, "end-match-confirm")
        wait_present(page, "match-result")
        wait_present(page, "reopen-match")
        tap(page, "nav-matches")
        row = wait_text(page, f"match-{mid}", "stopped, Team A ahead")
        assert "in progress" not in row and "won" not in row
        # deleting it names it; Undo names the match it brought back
        tap(page, f"delete-match-{mid}")
        said = wait_text(
            page, "notice", "Match deleted: Team A vs Team B (1 deal, stopped, Team A ahead"
        )
        wait_absent(page, f"match-{mid}")
        tap(page, "notice-action")
        wait_text(page, "notice", "Match restored: Team A vs Team B (1 deal, stopped, Team A ahead")
        assert text(page, "notice").replace("restored", "deleted") == said
        # it opens like a finished match; its scoreboard reopens it
        tap(page, f"match-{mid}")
        tap(page, "open-scoreboard")
        tap(page, "reopen-match")
        wait_absent(page, "match-result")
        wait_present(page, "end-match")
        tap(page, "nav-matches")
        wait_text(page, f"match-{mid}", "in progress")
    finally:
        ctx.close()
