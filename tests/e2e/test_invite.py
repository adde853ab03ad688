"""Issue 12, item 6 in headless Chromium against the real
server in LAN mode (`--host 0.0.0.0`, reached
at the LAN address it prints): a token holder opens a match, taps `invite`, and the QR code on the
screen, read back from a screenshot by a QR decoder (zxing-cpp), is a join address with a one-time
code (never the token), leading to that match; a fresh browser that opens it lands on the match,
and the spent code lets no third one in. Loopback mode offers no invite.

SEEP_SHOTS=<folder> also saves the invite screen at 412 x 915 and 360 x 640, light and dark."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from e2e_support import (
    VIEWPORT,
    WAIT_MS,
    evaluate,
    match_on_screen,
    open_app,
    sel,
    tap,
    wait_present,
)

SMALL = {"width": 360, "height": 640}


def decoded_qr(page) -> str:
    """The one QR code in a screenshot of the page, decoded."""
    import zxingcpp
    from PIL import Image

    page.wait_for_timeout(800)  # the image is drawn a frame after its semantics node appears
    png = page.screenshot()
    folder = os.environ.get("SEEP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        theme = evaluate(page, "() => window.matchMedia('(prefers-color-scheme: dark)').matches")
        (
            Path(folder)
            / f"invite-{page.viewport_size['width']}-{'dark' if theme else 'light'}.png"
        ).write_bytes(png)
    found = [
        r
        for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
        if r.format == zxingcpp.BarcodeFormat.QRCode
    ]
    assert len(found) == 1, f"{len(found)} QR codes found in the screenshot"
    return found[0].text


def invite_screen(page) -> str:
    tap(page, "invite")
    wait_present(page, "invite-qr")
    return page.locator(sel("invite-qr")).first.get_attribute("aria-label") or ""


def test_the_invite_qr_code_brings_a_phone_to_the_match(chromium, lan_server):
    join = lan_server.printed_join_url()
    host = urlsplit(join).hostname
    assert host not in ("127.0.0.1", "localhost", "0.0.0.0"), join  # the machine's LAN address
    expected_base = f"{urlsplit(join).scheme}://{urlsplit(join).netloc}"

    # The inviting phone (light theme) opens a match and shows the invite.
    ctx = chromium.new_context(viewport=VIEWPORT, color_scheme="light")
    page = ctx.new_page()
    open_app(page, join)
    tap(page, "new-match")
    tap(page, "start-match")
    mid = match_on_screen(page)
    wait_present(page, "undo-deal")
    label = invite_screen(page)  # the semantics label carries the address
    joins = re.compile(re.escape(f"{expected_base}/match/{mid}#join=") + r"[A-Za-z0-9_-]{24}$")
    found = joins.search(label)
    assert found, label
    expected = found.group(0)
    assert evaluate(page, "location.pathname") == f"/match/{mid}/invite"
    assert decoded_qr(page) == expected
    page.set_viewport_size(SMALL)
    page.wait_for_timeout(1000)  # the code is redrawn for the narrower screen
    scanned = decoded_qr(page)
    assert scanned == expected
    ctx.close()

    # Another phone (dark theme): a fresh browser, no cookie, opens what was scanned and lands on
    # that match; it holds the token now, so it may invite in turn, with a new code.
    other = chromium.new_context(viewport=VIEWPORT, color_scheme="dark")
    phone = other.new_page()
    open_app(phone, scanned)
    wait_present(phone, "difference")
    assert evaluate(phone, "location.pathname") == f"/match/{mid}"
    assert "join=" not in phone.url and "token" not in phone.url  # the code was spent
    again = invite_screen(phone)
    assert again.startswith(label.rsplit(expected, 1)[0]) and not again.endswith(expected), again
    fresh = joins.search(again).group(0)
    assert decoded_qr(phone) == fresh
    phone.set_viewport_size(SMALL)
    phone.wait_for_timeout(1000)
    assert decoded_qr(phone) == fresh
    other.close()

    # The spent code lets no one else in.
    third = chromium.new_context(viewport=VIEWPORT)
    late = third.new_page()
    late.goto(scanned)
    late.wait_for_load_state("networkidle", timeout=WAIT_MS)
    assert "Not authorised" in late.content()
    assert late.locator("script[src='flutter_bootstrap.js']").count() == 0
    third.close()


def test_loopback_mode_offers_no_invite(chromium, server):
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    open_app(page, server.url)
    wait_present(page, "new-match")
    assert page.locator(sel("invite")).count() == 0
    tap(page, "new-match")
    tap(page, "start-match")
    wait_present(page, "undo-deal")
    assert page.locator(sel("invite")).count() == 0
    ctx.close()
