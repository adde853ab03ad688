"""In a real browser: a page of another site cannot open the app's session or read its pages, a name
pointed at this machine (DNS rebinding) gets "Wrong address", and a phone opening the join address
as printed (the LAN address) gets the app."""

from __future__ import annotations

import pytest
from e2e_support import (
    CHROMIUM_ARGS,
    VIEWPORT,
    WAIT_MS,
    chromium_path,
    evaluate,
    open_app,
    tap,
    wait_present,
)

EVIL_PAGE = "<!doctype html><title>evil</title><p>nothing to see</p>"

# Resolves to a result: whether a WebSocket to the app
# opened, whether a fetch of its page could be read.
PROBE_JS = """async (port) => {
    const socket = await new Promise((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        ws.onopen = () => { ws.close(); resolve("opened"); };
        ws.onerror = () => resolve("refused");
        setTimeout(() => resolve("timeout"), 20000);
    });
    let page;
    try { page = (await (await fetch(`http://127.0.0.1:${port}/`)).text()).slice(0, 200); }
    catch (e) { page = "unreadable"; }
    return {socket, page};
}"""


@pytest.fixture(scope="module")
def unguarded_browser(chromium):
    """A Chromium without its own local-network protection
    (as Firefox and Safari are, and Chrome was
    until recently), told that the attacker's name resolves to this machine: what stops the attack
    here is the server alone."""
    browser = chromium.browser_type.launch(
        executable_path=chromium_path(),
        args=CHROMIUM_ARGS
        + [
            "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessChecks",
            "--host-resolver-rules=MAP rebind.evil.example 127.0.0.1",
        ],
    )
    yield browser
    browser.close()


def test_a_page_of_another_site_cannot_open_the_session(unguarded_browser, server):
    ctx = unguarded_browser.new_context(viewport=VIEWPORT)
    ctx.route(
        "http://evil.example/**",
        lambda r: r.fulfill(status=200, content_type="text/html", body=EVIL_PAGE),
    )
    page = ctx.new_page()
    page.goto("http://evil.example/")
    assert evaluate(page, PROBE_JS, server.port, what="the probe of another site's page") == {
        "socket": "refused",
        "page": "unreadable",
    }
    # the app itself, from its own origin, still opens its session
    open_app(page, server.url)
    wait_present(page, "new-match")
    ctx.close()


def test_a_name_pointed_at_this_machine_gets_wrong_address(unguarded_browser, server):
    page = unguarded_browser.new_page(viewport=VIEWPORT)
    response = page.goto(f"http://rebind.evil.example:{server.port}/")
    assert response.status == 421
    assert "Wrong address" in page.content()
    assert page.locator("flutter-view, flt-glass-pane").count() == 0
    page.close()


def test_the_printed_join_address_works_in_a_browser(chromium, lan_server):
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    open_app(page, lan_server.printed_join_url())  # the LAN address, not 127.0.0.1
    wait_present(page, "new-match")
    assert "join=" not in page.url and "token=" not in page.url
    tap(page, "new-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")
    ctx.close()


def test_a_page_of_another_site_cannot_frame_the_app(unguarded_browser, server):
    """frame-ancestors 'self' (and X-Frame-Options): no page of another site shows the app inside
    its own, where it could trick a tap (clickjacking)."""
    ctx = unguarded_browser.new_context(viewport=VIEWPORT)
    framing = (
        f"<html><body><iframe src='{server.url}' width='400' height='800'></iframe></body></html>"
    )
    ctx.route(
        "http://evil.example/**",
        lambda r: r.fulfill(status=200, content_type="text/html", body=framing),
    )
    page = ctx.new_page()
    with page.expect_response(lambda r: r.url == server.url, timeout=WAIT_MS):
        page.goto("http://evil.example/")
    page.wait_for_timeout(2_000)
    inner = [f for f in page.frames if f is not page.main_frame]
    assert len(inner) == 1
    assert inner[0].locator("script[src='flutter_bootstrap.js']").count() == 0, inner[0].url
    ctx.close()
