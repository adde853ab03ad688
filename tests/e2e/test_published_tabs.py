"""The phone-only app open in two tabs of one browser profile (the home-screen app and a browser
tab): each tab keeps the store's folder in memory and mirrors it to IndexedDB, so without a turn per
store call (phone/storage.py: a Web Lock, and IndexedDB read again when another tab has flushed
since) the tab that saves last makes IndexedDB equal to its own copy and wipes the other tab's
saves.
"""

from __future__ import annotations

import re

from e2e_support import (
    CHROMIUM_ARGS,
    VIEWPORT,
    chromium_path,
    enable_semantics,
    sel,
    tap,
    text,
    wait_present,
    wait_text,
)
from test_published import (
    BOOT_MS,
    WAIT,
    new_match,
    playwright_api,  # noqa: F401
    record_points,
    save,
    site,  # noqa: F401  (fixtures: static_server serves site)
    static_server,  # noqa: F401
)


def _open(ctx, url: str):
    """A new tab of the same profile, booted."""
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(
        "!document.getElementById('loading') && !document.getElementById('seep-boot')",
        timeout=BOOT_MS,
    )
    enable_semantics(page)
    page.locator(f"{sel('nav-matches')}, {sel('record-deal')}").first.wait_for(
        state="attached", timeout=BOOT_MS
    )
    return page


def _only(ctx, server) -> None:
    """Every request to another host aborted: nothing but the site itself."""
    ctx.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(server.url) else route.abort()
        ),
    )


def _match_id(page) -> str:
    return re.search(r"#/match/([^/?#]+)", page.url).group(1)


def _listed(page, ids) -> None:
    page.bring_to_front()
    page.goto(page.url.split("#", 1)[0] + "#/")
    enable_semantics(page)
    wait_present(page, "nav-matches", timeout=WAIT)
    tap(page, "nav-matches")
    for mid in ids:
        wait_present(page, f"match-{mid}", timeout=WAIT)


def test_two_tabs_keep_each_others_saves(static_server, playwright_api):
    browser = playwright_api.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        ctx = browser.new_context(viewport=VIEWPORT)  # one profile: one IndexedDB, every tab
        _only(ctx, static_server)
        tab_b = _open(ctx, static_server.url)  # B first: its copy of the folder is the older one
        tab_a = _open(ctx, static_server.url)

        tab_a.bring_to_front()
        new_match(tab_a)
        record_points(tab_a, 70)
        save(tab_a, 1)  # shown: acknowledged
        in_a = _match_id(tab_a)

        tab_b.bring_to_front()
        new_match(tab_b)
        record_points(tab_b, 40)
        save(tab_b, 1)
        in_b = _match_id(tab_b)
        assert in_a != in_b

        fresh = _open(ctx, static_server.url)  # what IndexedDB holds now
        _listed(fresh, [in_a, in_b])
        _listed(tab_a, [in_a, in_b])  # and tab A, which saved first, sees B's match too
    finally:
        browser.close()


def test_a_deal_entered_in_one_tab_while_another_saves_one_is_added_after_it(
    static_server, playwright_api
):
    """Both tabs on one match; A has a deal entered, not yet saved, when B saves one. A's save is
    checked against what B stored (as a phone's against another's on the server): A has either heard
    of B's save already (the tabs' channel) and is asked, saving its entry as the next deal, or is
    refused with the usual notice, its entries kept, and saves after it on the next tap. Either way
    B's deal is not lost."""
    browser = playwright_api.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        ctx = browser.new_context(viewport=VIEWPORT)
        _only(ctx, static_server)
        tab_a = _open(ctx, static_server.url)
        new_match(tab_a)
        record_points(tab_a, 70)
        save(tab_a, 1)
        record_points(tab_a, 20)  # entered in A, not saved

        tab_b = _open(ctx, tab_a.url.split("/deal", 1)[0])  # the same match
        wait_present(tab_b, "deal-1", timeout=WAIT)
        record_points(tab_b, 40)
        save(tab_b, 2)

        tab_a.bring_to_front()
        tap(tab_a, "save-deal")
        tab_a.locator(f"{sel('deal-3')}, {sel('notice')}, {sel('stale-deal')}").first.wait_for(
            state="attached", timeout=WAIT
        )
        if tab_a.locator(sel("stale-deal")).count():
            # A heard of B's deal: asked first, it saves its entry as the next deal (issue 19)
            tap(tab_a, "stale-deal-next")
        elif tab_a.locator(sel("deal-3")).count() == 0:
            wait_text(tab_a, "notice", "changed on another phone", timeout=WAIT)
            save(tab_a, 3)  # the entries were kept: one more tap saves them after B's deal
        wait_present(tab_a, "deal-3", timeout=WAIT)
        assert "40 : 60" in text(tab_a, "deal-2") and "20 : 80" in text(tab_a, "deal-3")

        tab_b.reload()
        tab_b.wait_for_function("document.getElementById('loading') === null", timeout=BOOT_MS)
        enable_semantics(tab_b)
        wait_present(tab_b, "deal-3", timeout=WAIT)
        assert [
            "70 : 30" in text(tab_b, "deal-1"),
            "40 : 60" in text(tab_b, "deal-2"),
            "20 : 80" in text(tab_b, "deal-3"),
        ] == [True, True, True]
    finally:
        browser.close()


def test_a_tab_shows_another_tabs_save_without_being_touched(static_server, playwright_api):
    """As phones at a served table see each other's saves, the tabs tell each other (a
    BroadcastChannel, app/shell/app.py): the list open in tab B shows the match tab A just started,
    with no tap in B."""
    browser = playwright_api.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        ctx = browser.new_context(viewport=VIEWPORT)
        _only(ctx, static_server)
        tab_b = _open(ctx, static_server.url)
        wait_present(tab_b, "new-match", timeout=WAIT)  # the list of matches, empty
        tab_a = _open(ctx, static_server.url)
        new_match(tab_a)
        record_points(tab_a, 70)
        save(tab_a, 1)
        tab_b.bring_to_front()
        wait_present(tab_b, f"match-{_match_id(tab_a)}", timeout=WAIT)
    finally:
        browser.close()
