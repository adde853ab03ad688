"""The app works with no internet: every request but the server's own is cut, and the app still
comes up, fonts included (they are served from assets/, never from a CDN). Under the server's
Content-Security-Policy it asks no other host for anything, not even the `rive_native.js` Flet's
client adds from a CDN: the browser refuses that script before any request, and nothing else."""

from __future__ import annotations

from urllib.parse import urlparse

from e2e_support import evaluate, open_app, tap, wait_present

# The one script the policy is meant to stop (Flet's client adds it from a CDN, needlessly).
BLOCKED_ON_PURPOSE = "rive_native.js"


def test_the_app_comes_up_and_scores_with_the_network_cut(chromium, server):
    ctx = chromium.new_context(
        viewport={"width": 412, "height": 915}, locale="hi-IN", bypass_csp=False
    )  # under the server's real policy
    outside = []

    def route(r):
        if urlparse(r.request.url).hostname in ("127.0.0.1", "localhost"):
            return r.continue_()
        outside.append(r.request.url)
        return r.abort()

    ctx.route("**/*", route)
    page = ctx.new_page()
    responses = []
    page.on("response", lambda resp: responses.append((resp.url, resp.status)))
    refused = []  # what the Content-Security-Policy stopped, as Chromium reports it
    page.on(
        "console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None
    )
    open_app(page, server.url)
    tap(page, "new-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")
    page.wait_for_timeout(500)

    assert outside == [], f"the app asked the internet for {outside}"
    # The policy breaks nothing the app needs: the only script it refuses is the CDN's.
    assert [t for t in refused if BLOCKED_ON_PURPOSE not in t] == [], refused
    # The scripts of the seven languages come from our own server.
    served = {url.rsplit("/", 1)[-1] for url, status in responses if status == 200}
    for font in ("NotoSans-Regular.ttf", "NotoSansDevanagari-Regular.ttf"):
        assert font in served, f"{font} was not served locally: {sorted(served)}"
    # Not cross-origin isolated, so Flutter draws with single-threaded skwasm: the two-thread
    # renderer was caught spinning in malloc on the page's main thread (issue 31, item 4).
    isolated, skwasm = evaluate(
        page, "() => [window.crossOriginIsolated, !!window._flutter_skwasmInstance]"
    )
    assert (isolated, skwasm) == (False, True)
    ctx.close()
