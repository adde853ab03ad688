"""The published site's service worker (sw.js) in headless Chromium: it caches a file only if
the body's SHA-256 is the one sw.js lists, asks again past the HTTP cache (cache: 'reload') when
it is not, fails its install rather than keep a wrong body, and checks a copy from an earlier
version's cache before reusing it. The site is served by a small server here that answers with a
wrong body when told to (a captive portal, a proxy, a host halfway through an upload)."""

from __future__ import annotations

import http.server
import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from seep_scorer.phone.site import _hashes, publish
from seep_scorer.phone.webfiles import service_worker

pytestmark = pytest.mark.timeout(600)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
WRONG = b'{"name": "not the file sw.js lists"}'
WAIT_MS = 240_000  # this machine is shared


def _chromium() -> str | None:
    for candidate in (
        os.environ.get("SEEP_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
    ):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


class SiteServer:
    """The site over HTTP on 127.0.0.1, a blank page to register sw.js from, and a log of the
    requests."""

    def __init__(self, folder: Path):
        self.requests: list[tuple[str, str]] = []  # (path, Cache-Control sent)
        self.wrong: dict[str, int] = {}  # path: times left to answer with WRONG (-1: always)
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(folder), **kwargs)

            def do_GET(self):
                path = self.path.split("?")[0]
                server.requests.append((path, self.headers.get("Cache-Control", "")))
                left = server.wrong.get(path, 0)
                if path == "/blank.html" or left:
                    server.wrong[path] = left - 1 if left > 0 else left
                    blank = path == "/blank.html"
                    body = b"<!doctype html><title>blank</title>" if blank else WRONG
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html" if blank else "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                super().do_GET()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def asked(self, path: str) -> list[str]:
        return [cache_control for p, cache_control in self.requests if p == path]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(30)


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sw") / "site"
    publish(out)
    return out


@pytest.fixture
def site(published, tmp_path) -> Path:
    folder = tmp_path / "site"
    shutil.copytree(published, folder)
    return folder


@pytest.fixture
def server(site):
    srv = SiteServer(site)
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    if _chromium() is None:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("CI=true but no Chromium found")
        pytest.skip("no Chromium found (install Debian's chromium or set SEEP_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url + "blank.html")
    yield page
    ctx.close()


# Registers sw.js (or, with update, fetches a newer one) and waits until that worker is activated
# or has failed its install (redundant).
INSTALL = """async (update) => {
  const reg = update ? await navigator.serviceWorker.getRegistration()
                     : await navigator.serviceWorker.register('sw.js');
  if (update) await reg.update();
  const worker = reg.installing || reg.waiting || reg.active;
  const done = () => worker.state === 'activated' || worker.state === 'redundant';
  const timer = new Promise((r) => setTimeout(() => r('timed out'), %d));
  const settled = new Promise((r) => {
    if (done()) r();
    worker.addEventListener('statechange', () => done() && r());
  });
  return (await Promise.race([settled.then(() => worker.state), timer]));
}""" % (WAIT_MS - 10_000)

# What every cache of the site holds for `file`: {cache name: its text, or null}.
CACHED = """async (file) => {
  const url = new URL(file, location.href).href;
  const found = {};
  for (const name of await caches.keys()) {
    const hit = await (await caches.open(name)).match(url);
    found[name] = hit ? await hit.text() : null;
  }
  return found;
}"""


def install(page, update: bool = False) -> str:
    return page.evaluate(INSTALL, update)


# The page, once the worker controls it, asks for `file` twice: (both bodies, what it cached).
ASK_TWICE = """async (file) => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++)
    await new Promise((r) => setTimeout(r, 100));
  const one = await (await fetch(file)).text(), two = await (await fetch(file)).text();
  const hit = await caches.match(new URL(file, location.href).href);
  return [one, two, hit ? await hit.text() : null];
}"""
FILE = "canvaskit/skwasm.js"


def _new_version(site: Path) -> None:
    """A newer version, as publish writes it: one of the app's own files changed (fonts/OFL.txt),
    sw.js listing the new hashes, index.html in it."""
    licence = site / "fonts" / "OFL.txt"
    licence.write_text(licence.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    index = (site / "index.html").read_text(encoding="utf-8")
    (site / "sw.js").write_text(service_worker(_hashes(site), "", index), encoding="utf-8")


def test_a_first_install_fetches_nothing_of_the_site(page, server, site):
    assert install(page) == "activated"
    asked = {p for p, _ in server.requests} - {"/blank.html", "/sw.js", "/favicon.ico"}
    assert asked == set()  # not the 60 MB of the whole site: what the page asks for, as it does
    assert page.evaluate(CACHED, "index.html") == {  # the page is in sw.js
        page.evaluate("() => caches.keys()")[0]: (site / "index.html").read_text(encoding="utf-8")
    }


def test_what_the_page_asks_for_is_downloaded_once_checked_and_kept(page, server, site):
    assert install(page) == "activated"
    right = (site / FILE).read_text(encoding="utf-8")
    assert page.evaluate(ASK_TWICE, FILE) == [right, right, right]
    assert len(server.asked("/" + FILE)) == 1
    # another renderer's files: never asked for, never fetched
    assert not [p for p, _ in server.requests if p.startswith("/canvaskit/canvaskit")]


def test_a_wrong_body_is_asked_for_again_past_the_http_cache_and_the_right_one_cached(
    page, server, site
):
    assert install(page) == "activated"
    server.wrong["/" + FILE] = 1
    right = (site / FILE).read_text(encoding="utf-8")
    assert page.evaluate(ASK_TWICE, FILE) == [right, right, right]
    first, again = server.asked("/" + FILE)
    # the HTTP cache's copy first (no Cache-Control), then cache: 'reload' (no-cache)
    assert "no-cache" not in first and "no-cache" in again


def test_a_wrong_body_the_page_asks_for_is_passed_on_uncached(page, server):
    assert install(page) == "activated"
    server.wrong["/" + FILE] = -1
    one, _, cached = page.evaluate(ASK_TWICE, FILE)
    assert one == WRONG.decode() and cached is None


def test_a_body_that_stays_wrong_fails_the_update_and_is_never_cached(page, server, site):
    assert install(page) == "activated"
    [old] = page.evaluate("() => caches.keys()")
    _new_version(site)
    server.wrong["/fonts/OFL.txt"] = -1
    assert install(page, update=True) == "redundant"
    assert old in page.evaluate("() => caches.keys()")  # the version installed goes on
    assert json.dumps(WRONG.decode()) not in json.dumps(page.evaluate(CACHED, "fonts/OFL.txt"))
    assert len(server.asked("/fonts/OFL.txt")) == 2


def test_an_update_copies_what_this_browser_used_and_checks_each_copy(page, server, site):
    assert install(page) == "activated"
    right = (site / FILE).read_text(encoding="utf-8")
    assert page.evaluate(ASK_TWICE, FILE)[2] == right
    assert page.evaluate(ASK_TWICE, "canvaskit/skwasm.wasm")[2] is not None
    [old] = page.evaluate("() => caches.keys()")
    # the earlier version's copy of an unchanged file goes bad (a damaged disk cache, a script)
    page.evaluate(
        """async ([name, file, body]) => (await caches.open(name)).put(
                       new URL(file, location.href).href, new Response(body))""",
        [old, FILE, WRONG.decode()],
    )
    _new_version(site)
    before = len(server.requests)
    assert install(page, update=True) == "activated"
    [new] = page.evaluate("() => caches.keys()")
    assert new != old
    assert page.evaluate(CACHED, FILE) == {new: right}
    fetched = [p for p, _ in server.requests[before:]]
    assert "/" + FILE in fetched and "/fonts/OFL.txt" in fetched
    assert "/canvaskit/skwasm.wasm" not in fetched  # unchanged and sound: copied
    assert "/main.dart.wasm" not in fetched  # never used here: not fetched for the update either
