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

from seep_scorer.publish.serviceworker import service_worker
from seep_scorer.publish.site import _hashes, publish

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
WAIT_MS = 240_000  # the install downloads the whole site (61 MB); this machine is shared


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


def test_a_wrong_body_is_asked_for_again_past_the_http_cache_and_the_right_one_cached(
    page, server, site
):
    server.wrong["/manifest.json"] = 1
    assert install(page) == "activated"
    right = (site / "manifest.json").read_text()
    assert list(page.evaluate(CACHED, "manifest.json").values()) == [right]
    first, again = server.asked("/manifest.json")
    # cache: 'no-cache' first (Chromium sends max-age=0), then cache: 'reload' (no-cache)
    assert "no-cache" not in first and "no-cache" in again


def test_a_body_that_stays_wrong_fails_the_install_and_is_never_cached(page, server):
    server.wrong["/manifest.json"] = -1
    assert install(page) == "redundant"
    assert json.dumps(WRONG.decode()) not in json.dumps(page.evaluate(CACHED, "manifest.json"))
    assert len(server.asked("/manifest.json")) == 2


def test_a_damaged_copy_in_an_earlier_versions_cache_is_downloaded_again(page, server, site):
    assert install(page) == "activated"
    [old] = page.evaluate("() => caches.keys()")
    # the earlier version's copy of an unchanged file goes bad (a damaged disk cache, a script)
    page.evaluate(
        """async ([name, body]) => (await caches.open(name)).put(
                       new URL('manifest.json', location.href).href, new Response(body))""",
        [old, WRONG.decode()],
    )
    # a newer version, as publish writes it: one file changed, sw.js listing the new hashes
    index = site / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            "</head>", '<meta name="v" content="2">\n</head>'
        ),
        encoding="utf-8",
    )
    (site / "sw.js").write_text(service_worker(_hashes(site)), encoding="utf-8")
    before = len(server.requests)
    assert install(page, update=True) == "activated"
    [new] = page.evaluate("() => caches.keys()")
    assert new != old
    assert page.evaluate(CACHED, "manifest.json") == {new: (site / "manifest.json").read_text()}
    fetched = [p for p, _ in server.requests[before:]]
    assert "/manifest.json" in fetched and "/index.html" in fetched
    assert "/main.dart.wasm" not in fetched  # unchanged and sound: still copied, not downloaded
