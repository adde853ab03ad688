"""The e2e helpers for Playwright calls that have no timeout
of their own (e2e_support.within): a promise
that never settles, a renderer stuck in a loop and a
download that never finishes each fail within the
given time, naming what was awaited, and the browser goes on
working; what does answer comes back whole."""

from __future__ import annotations

import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from e2e_support import VIEWPORT, WAIT_MS, download_path, evaluate, save_download, wait_present
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# Each wait below is given up after 3 s; a helper that no
# longer bounds its wait would hang until this limit.
pytestmark = pytest.mark.timeout(180)
BOUND_MS = 3_000
BODY = b"seep " * 1000


class Files(BaseHTTPRequestHandler):
    """/ links to /whole (a download served whole) and /stalled
    (one of 1 MiB that sends 64 KiB, then nothing:
    Chromium starts a download only once some of its body has come)."""

    release: threading.Event

    def do_GET(self):
        if self.path == "/":
            page = (
                b'<a id="whole" href="/whole" download>whole</a> '
                b'<a id="stalled" href="/stalled" download>stalled</a>'
            )
            self._head("text/html", len(page))
            self.wfile.write(page)
            return
        name = self.path.strip("/")
        self._head(
            "application/octet-stream",
            len(BODY) if name == "whole" else 1 << 20,
            f'attachment; filename="{name}.bin"',
        )
        if name == "whole":
            self.wfile.write(BODY)
        else:
            self.wfile.write(b"x" * (64 << 10))
            self.wfile.flush()
            self.release.wait(120)

    def _head(self, kind, length, disposition=None):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        if disposition:
            self.send_header("Content-Disposition", disposition)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def files():
    release = threading.Event()
    handler = type("Handler", (Files,), {"release": release})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/"
    release.set()
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def page(chromium):
    ctx = chromium.new_context(viewport=VIEWPORT, accept_downloads=True)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def bounded_failure(call) -> tuple[str, float]:
    start = time.monotonic()
    with pytest.raises(PlaywrightTimeout) as failure:
        call()
    return str(failure.value), time.monotonic() - start


def test_a_promise_that_never_settles_and_a_stuck_renderer_fail_in_time(page):
    assert evaluate(page, "([a, b]) => Promise.resolve(a * b)", [6, 7]) == 42

    message, took = bounded_failure(
        lambda: evaluate(
            page, "new Promise(() => {})", timeout_ms=BOUND_MS, what="a promise that never settles"
        )
    )
    assert message.startswith("a promise that never settles: no answer within 3 s; ") and took < 30
    assert "Chromium CPU s/s: " in message and 2.5 < took  # what each process was doing then
    assert evaluate(page, "1 + 1") == 2  # the page and the connection go on

    message, took = bounded_failure(
        lambda: evaluate(page, "() => { for (;;) {} }", timeout_ms=BOUND_MS)
    )
    assert message.startswith("page.evaluate(() => { for (;;) {} }): no answer") and 2.5 < took < 30
    # the diagnosis names the renderer as the busy one (the loop holds its main thread)
    busy = re.search(r"renderer ([\d.]+)", message)
    assert busy and float(busy.group(1)) > 0.3, message


def test_a_download_that_never_finishes_fails_in_time_and_a_whole_one_is_read(page, files):
    page.goto(files)
    with page.expect_download(timeout=WAIT_MS) as info:
        page.click("#whole")
    assert download_path(info.value).read_bytes() == BODY

    with page.expect_download(timeout=WAIT_MS) as info:
        page.click("#stalled")
    stalled = info.value
    message, took = bounded_failure(lambda: download_path(stalled, timeout_ms=BOUND_MS))
    assert (
        message.startswith("the download of 'stalled.bin' to finish: no answer within 3 s; ")
        and 2.5 < took < 30
    )
    message, took = bounded_failure(
        lambda: save_download(stalled, "/nonexistent/never-written", timeout_ms=BOUND_MS)
    )
    assert (
        message.startswith("the download of 'stalled.bin' to finish and be saved")
        and 2.5 < took < 30
    )
    assert evaluate(page, "location.href") == files  # the browser goes on


def test_a_node_that_never_comes_fails_saying_what_the_page_showed(page):
    page.set_content(
        '<div flt-semantics-identifier="deal-3">3</div>'
        '<div flt-semantics-identifier="deal-2">2</div>'
    )
    start = time.monotonic()
    with pytest.raises(AssertionError) as failure:
        wait_present(page, "bazzis-1", timeout=BOUND_MS)
    message = str(failure.value)
    assert time.monotonic() - start < 60
    assert message.startswith("'bazzis-1' never appeared within 3 s; at about:blank")
    assert "2 identifiers: deal-3 deal-2" in message
    shot = Path(re.search(r"screenshot (\S+\.png)", message).group(1))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    shot.unlink()
    shot.parent.rmdir()
