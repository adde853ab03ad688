"""Issue 19, item 4, against the real server in headless Chromium at 412 x 915: a deal entry with
changes survives a reload of the page, also into a new session or after the server restarted,
as a draft, and Back (the app bar's or the browser's) asks before it is thrown away
(`discard-deal`)."""

from __future__ import annotations

from e2e_support import (
    VIEWPORT,
    enable_semantics,
    match_on_screen,
    open_app,
    sel,
    tap,
    tap_until,
    wait_absent,
    wait_present,
    wait_text,
)

DRAFT_MS = 1_500  # the draft is written to the browser's storage in the background


def reopened(page) -> None:
    """After a reload: wait for the app as `open_app` does, on the address the page is at."""
    page.locator("#loading").wait_for(state="detached", timeout=60_000)
    enable_semantics(page)


def test_an_entry_survives_a_reload_and_back_asks_first(chromium, server):
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    open_app(page, server.url)
    tap(page, "new-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")
    match_id = match_on_screen(page)
    tap(page, "record-deal")
    tap_until(page, "card-KS", "card-KS", "Team B")
    page.wait_for_timeout(DRAFT_MS)

    page.reload()  # the client takes its session back (Flet keeps its id in sessionStorage)
    reopened(page)
    assert page.url.endswith(f"/match/{match_id}/deal")
    wait_text(page, "card-KS", "Team B")
    # A session the server no longer has (its connection dropped for good, the tab closed): the
    # page starts a new one, which knows only what this browser kept.
    page.evaluate("() => sessionStorage.clear()")
    page.reload()
    reopened(page)
    assert page.url.endswith(f"/match/{match_id}/deal")
    wait_text(page, "card-KS", "Team B")  # the entry is back, not a fresh one
    server.restart()  # the connection dropped with the server itself: every session is gone
    page.reload()
    reopened(page)
    wait_text(page, "card-KS", "Team B")
    page.close()
    page = ctx.new_page()  # another tab: a new session too, where the entry opens as it was left
    open_app(page, server.url + f"match/{match_id}")
    tap(page, "record-deal")
    wait_text(page, "card-KS", "Team B")

    tap(page, "back")  # the app bar's Back asks first
    wait_present(page, "discard-deal")
    tap(page, "discard-deal-keep")
    wait_absent(page, "discard-deal")
    page.go_back()  # the browser's Back too
    wait_present(page, "discard-deal")
    tap(page, "discard-deal-keep")
    wait_absent(page, "discard-deal")
    wait_present(page, "save-deal")  # still on the entry, the address bar too
    assert page.url.endswith(f"/match/{match_id}/deal")
    tap(page, "save-deal")
    wait_present(page, "deal-1")

    tap(page, "record-deal")  # saved: the next entry starts fresh
    wait_present(page, "card-KS")
    page.wait_for_timeout(DRAFT_MS)
    assert "Team A" in page.locator(sel("card-KS")).first.text_content()
    ctx.close()
