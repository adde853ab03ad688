"""Startup benchmark: the table app against a bare Flet hello-world page, served the same way.

Both are served by `seep_scorer.server.app` (same ASGI app builder, no CDN, same
assets, same uvicorn settings), each in its own process. Headless Chromium
(Debian's, never downloaded) measures, in a fresh browser context each time,
the time from navigation start to the first interactive frame: the loading
screen is gone and the semantics tree shows the page's first control (the
app's `new-match` button; the hello page's text). Five runs each, interleaved;
prints the medians and the ratio app / bare. Exit status 1 if the ratio is over
the limit (1.3).

    python bench/startup.py [--runs 5] [--limit 1.3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
]

# Loading gone, then ask for the semantics tree and look for the first control.
READY_JS = """(needle) => {
    if (document.getElementById('loading') !== null) return false;
    const p = document.querySelector('flt-semantics-placeholder');
    if (p) p.dispatchEvent(new Event('click'));
    const found = needle.startsWith('#')
        ? document.querySelector('[flt-semantics-identifier="' + needle.slice(1) + '"]')
        : Array.from(document.querySelectorAll('flt-semantics'))
            .find(e => e.textContent.includes(needle));
    if (!found) return false;
    window.__ready_at = performance.now();
    return true;
}"""


def serve(kind: str, port: int, data_dir: str) -> None:
    import flet as ft

    from seep_scorer.server.app import build_asgi, run_server

    if kind == "app":
        from seep_scorer.app.shell import app as ui_app

        ui_app.DATA_DIR = data_dir
        ui_app.default_repository()
        main = ui_app.main
    else:

        def main(page: ft.Page):
            page.add(ft.Text("Hello, world!"))

    run_server(build_asgi(main), "127.0.0.1", port)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(kind: str, data_dir: str) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", kind, "--port", str(port), "--data-dir", data_dir],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, port
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the {kind} server did not start")


def _chromium() -> str:
    for c in (os.environ.get("SEEP_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if c and os.path.exists(c):
            return c
    raise SystemExit("no Chromium found (install Debian's chromium or set SEEP_CHROMIUM)")


def measure(browser, url: str, needle: str) -> float:
    # bypass_csp: wait_for_function evaluates its text with eval, which the page's policy forbids
    ctx = browser.new_context(viewport={"width": 412, "height": 915}, bypass_csp=True)
    page = ctx.new_page()
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_function(READY_JS, arg=needle, polling=20, timeout=120_000)
        return page.evaluate("window.__ready_at") / 1000.0  # ms since navigation start
    finally:
        ctx.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--limit", type=float, default=1.3)
    ap.add_argument("--serve", choices=("app", "bare"), help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--data-dir", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        serve(args.serve, args.port, args.data_dir)
        return 0

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        app_proc, app_port = _start("app", tmp)
        bare_proc, bare_port = _start("bare", tmp)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
                # one warm-up each (the servers' first session imports and compiles code paths)
                measure(browser, f"http://127.0.0.1:{app_port}/", "#new-match")
                measure(browser, f"http://127.0.0.1:{bare_port}/", "Hello, world!")
                app_t, bare_t = [], []
                for i in range(args.runs):
                    bare_t.append(
                        measure(browser, f"http://127.0.0.1:{bare_port}/", "Hello, world!")
                    )
                    app_t.append(measure(browser, f"http://127.0.0.1:{app_port}/", "#new-match"))
                    print(
                        f"run {i + 1}: bare {bare_t[-1]:.3f} s, app {app_t[-1]:.3f} s", flush=True
                    )
                browser.close()
        finally:
            for proc in (app_proc, bare_proc):
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
    app_m, bare_m = statistics.median(app_t), statistics.median(bare_t)
    ratio = app_m / bare_m
    print(f"median to first interactive frame: bare {bare_m:.3f} s, app {app_m:.3f} s")
    print(f"ratio app/bare: {ratio:.2f} (limit {args.limit})")
    return 0 if ratio <= args.limit else 1


if __name__ == "__main__":
    raise SystemExit(main())
