"""The app works with no internet: every request but the server's own is cut, and the app still
comes up, fonts included (they are served from assets/, never from a CDN)."""

from __future__ import annotations

from urllib.parse import urlparse

from e2e_support import open_app, tap, wait_present

# Flet's web client asks a CDN for this one script and works without it (engineering notes).
HARMLESS = ("rive_native.js",)


def test_the_app_comes_up_and_scores_with_the_network_cut(chromium, server):
    ctx = chromium.new_context(viewport={"width": 412, "height": 915}, locale="hi-IN")
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
    open_app(page, server.url)
    tap(page, "new-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")
    page.wait_for_timeout(500)

    unexpected = [u for u in outside if not u.endswith(HARMLESS)]
    assert unexpected == [], f"the app asked the internet for {unexpected}"
    # The scripts of the seven languages come from our own server.
    served = {url.rsplit("/", 1)[-1] for url, status in responses if status == 200}
    for font in ("NotoSans-Regular.ttf", "NotoSansDevanagari-Regular.ttf"):
        assert font in served, f"{font} was not served locally: {sorted(served)}"
    ctx.close()
