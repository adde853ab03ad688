"""Issue 19, items 1 and 2, against the real server in headless Chromium at 412 x 915: a double
tap on "Record deal" (or on "⇄ team") saves nothing, and a phone saving a deal that another phone
saved meanwhile is asked first (`stale-deal`), its title following the match."""

from __future__ import annotations

import os

from e2e_support import (
    VIEWPORT,
    match_on_screen,
    open_app,
    sel,
    tap,
    tap_until,
    text,
    wait_absent,
    wait_present,
    wait_text,
)

LIVE_MS = 15_000  # another phone's save is seen "within a second"; headroom for a slow shared box
SHOTS = os.environ.get("SEEP_E2E_SHOTS")  # a folder to keep the screenshots in (to look at them)


def new_phone(browser, url):
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    open_app(page, url)
    return ctx, page


def centre(page, ident: str):
    box = page.locator(sel(ident)).first.bounding_box()
    assert box, ident
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box


def inside(box, x, y) -> bool:
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


def shot(page, tmp_path, name: str) -> None:
    folder = SHOTS or str(tmp_path)
    page.screenshot(path=os.path.join(folder, f"{name}.png"))


def new_match(page) -> str:
    tap(page, "new-match")
    wait_present(page, "start-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")
    return match_on_screen(page)


def test_a_double_tap_on_record_deal_saves_nothing(chromium, server, tmp_path):
    ctx, page = new_phone(chromium, server.url)
    new_match(page)
    for opener in ("record-deal", "record-deal-swapped"):
        wait_present(page, opener)
        x, y, _box = centre(page, opener)
        page.mouse.click(x, y)
        # The second tap of the double tap, where the first one was, as soon as the entry is on
        # screen (the worst case: it can no longer land on the scoreboard's button).
        wait_present(page, "save-deal")
        page.wait_for_timeout(250)
        _sx, _sy, save_box = centre(page, "save-deal")
        page.mouse.click(x, y)
        page.wait_for_timeout(1_500)  # time for a save to reach the server and come back
        shot(page, tmp_path, f"after-double-tap-{opener}")
        lands_on_save = inside(save_box, x, y)
        assert page.locator(sel("save-deal")).count() == 1, f"{opener}: the double tap saved a deal"
        assert page.locator(sel("deal-preview")).count() == 0  # no bazzi for the blank deal
        assert "took" in text(page, "deal-error")  # what it waits for, said quietly
        tap(page, "back")
        wait_present(page, opener)
        assert page.locator(sel("deal-1")).count() == 0
        assert text(page, "difference").startswith("Level")
        print(f"{opener}: second tap inside save-deal: {lands_on_save}")
    ctx.close()


def test_a_second_phone_is_asked_about_the_deal_the_first_saved(chromium, server, tmp_path):
    a_ctx, a = new_phone(chromium, server.url)
    new_match(a)
    match_url = a.url
    b_ctx, b = new_phone(chromium, match_url)
    wait_present(b, "record-deal")

    tap(b, "record-deal")  # b opens "Record deal 1"
    wait_present(b, "save-deal")
    b.get_by_text("Record deal 1").first.wait_for(state="attached", timeout=LIVE_MS)

    tap(a, "record-deal")  # a records and saves deal 1: Q♠ to Team B, 88 : 12
    wait_present(a, "card-QS")
    tap_until(a, "card-QS", "card-QS", "Team B")
    tap(a, "save-deal")
    wait_present(a, "deal-1")

    # b's title and dealer follow the match, its entry kept
    b.get_by_text("Record deal 2").first.wait_for(state="attached", timeout=LIVE_MS)
    wait_text(b, "bidder", "Player 2 deals", timeout=LIVE_MS)
    tap_until(b, "card-KS", "card-KS", "Team B")
    tap(b, "save-deal")
    wait_present(b, "stale-deal")
    b.wait_for_timeout(700)  # the dialog's fade-in
    shot(b, tmp_path, "stale-deal")
    assert "Deal 1: 88 : 12" in text(b, "stale-deal")
    assert b.locator(sel("deal-2")).count() == 0 and a.locator(sel("deal-2")).count() == 0
    tap(b, "stale-deal-next")
    wait_present(b, "deal-2")
    wait_absent(b, "stale-deal")
    assert "13" in text(b, "deal-2") or "87 : 13" in text(b, "deal-2")
    wait_present(a, "deal-2", timeout=LIVE_MS)

    # the same deal entered twice: b drops its copy
    tap(b, "record-deal")
    wait_present(b, "save-deal")
    tap(a, "record-deal")
    wait_present(a, "card-JS")
    tap_until(a, "card-JS", "card-JS", "Team B")
    tap(a, "save-deal")
    wait_present(a, "deal-3")
    b.get_by_text("Record deal 4").first.wait_for(state="attached", timeout=LIVE_MS)
    tap_until(b, "card-JS", "card-JS", "Team B")
    tap(b, "save-deal")
    wait_present(b, "stale-deal")
    assert "Deal 3:" in text(b, "stale-deal")
    tap(b, "stale-deal-discard")
    wait_present(b, "deal-3")
    assert b.locator(sel("deal-4")).count() == 0
    a.wait_for_timeout(1_000)
    assert a.locator(sel("deal-4")).count() == 0
    a_ctx.close()
    b_ctx.close()
