"""Issue 18, item 19, in headless Chromium with a profile on disk: a phone joins by the printed
address; afterwards no address in the browser's history (its History database, what chrome://history
lists) holds the table's token or lets a fresh browser in."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from e2e_support import CHROMIUM_ARGS, VIEWPORT, chromium_path, open_app, wait_present

# The printed join address, whatever its form (a token or a code, in the query or after '#').
PRINTED = re.compile(r"http://\S+[?#](?:token|join)=\S+")


def history_urls(profile: Path) -> list[str]:
    copy = profile.parent / "History-copy"  # the live file may still be locked
    shutil.copyfile(profile / "Default" / "History", copy)
    with sqlite3.connect(copy) as db:
        return [row[0] for row in db.execute("SELECT url FROM urls")]


def lets_in(browser, url: str) -> bool:
    """Does a fresh browser (no cookie) that opens `url` reach the app?"""
    ctx = browser.new_context(viewport=VIEWPORT)
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_load_state("networkidle", timeout=30_000)  # the join page's exchange, if any
        page.wait_for_timeout(1_000)
        return page.locator("script[src='flutter_bootstrap.js']").count() > 0
    finally:
        ctx.close()


def test_no_address_in_the_browsers_history_lets_anyone_in(lan_server, tmp_path):
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found")
    from playwright.sync_api import sync_playwright

    printed = PRINTED.findall(lan_server.log.read_text(errors="replace"))[-1]
    joined = re.sub(r"//[^/]+/", f"//127.0.0.1:{lan_server.port}/", printed, count=1)
    profile = tmp_path / "profile"
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(profile),
            executable_path=path,
            args=CHROMIUM_ARGS,
            viewport=VIEWPORT,
            bypass_csp=True,
        )
        page = ctx.new_page()
        open_app(page, joined)
        wait_present(page, "new-match")
        token = next(c["value"] for c in ctx.cookies() if c["name"] == "seep_scorer_token")
        page.wait_for_timeout(1_000)
        ctx.close()  # writes the history out

        urls = [u for u in history_urls(profile) if f":{lan_server.port}/" in u]
        assert any(joined.split("#")[0] in u for u in urls), urls  # the history was read
        assert not [u for u in urls if token in u], urls

        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            # the check itself works: the token does let a browser in
            assert lets_in(browser, f"http://127.0.0.1:{lan_server.port}/?token={token}")
            assert [u for u in urls if lets_in(browser, u)] == [], urls
        finally:
            browser.close()
