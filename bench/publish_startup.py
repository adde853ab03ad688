"""Startup benchmark of the phone-only app: the published site against a bare Flet page published
the same way.

Both sites are built by `seep_scorer.publish.publish` (the bare page through its
`main_py` hook: one `ft.Button("Tap")` with a semantics identifier, only Flet in
its archive) and served by `python -m http.server`. Headless Debian Chromium at
412 x 915, every request to another host aborted, measures the time from
navigation start to the first interactive frame: the loading screen is gone and
the semantics tree holds the page's first control (the app's `new-match` button,
the bare page's `tap`) on screen and not disabled (READY_JS, as bench/startup.py).

Each round, for each site in turn (app, bare, app, bare, ...), a fresh browser
context opens the site (first visit: no cache, the service worker installs and
precaches the site), waits until the service worker controls the page, then
reloads it (the goal's figure: the service worker serves everything). Prints
each round, the median and minimum of each figure, the reload ratio app / bare
and the goal (at most 1.3). Exit status 1 if the median ratio is over the limit.

    python bench/publish_startup.py [--rounds 5] [--limit 1.3] [--profile]

--profile publishes the app with the profiler of webprofile.py (this folder) in front of it and
opens both with `?profile` in their address: the profiler then logs the boot's moments
(downloads, main.py, imports by package, storage, first screen) to the browser console, the bare
page the same moments; echoed here for the last round, in seconds since navigation start.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import CHROMIUM_ARGS, _chromium, _free_port  # noqa: E402  (the served app's benchmark, same folder)

VIEWPORT = {"width": 412, "height": 915}
BARE_MAIN = """import sys
import time

_profile = None
# --profile: the moments webprofile.py logs for the app, for comparison
if sys.platform == "emscripten":
    import flet_js
    import js

    if "profile" in str(flet_js.documentUrl).partition("#")[0].partition("?")[2].split("&"):
        _profile = lambda what, at: js.console.log(f"[profile] {what} {at:.0f}")  # noqa: E731
        _profile("worker-start", js.performance.timeOrigin)
        for e in js.performance.getEntriesByType("resource"):
            name = str(e.name).rsplit("/", 1)[-1]
            _profile("asked:" + name, js.performance.timeOrigin + e.startTime)
            _profile("fetched:" + name, js.performance.timeOrigin + e.responseEnd)
        _profile("main.py", time.time() * 1000)

import flet as ft  # noqa: E402


def main(page: ft.Page):
    page.add(ft.Semantics(identifier="tap", content=ft.Button("Tap", on_click=lambda e: None)))
    if _profile:
        _profile("first-screen", time.time() * 1000)


if _profile:
    _profile("imports-done", time.time() * 1000)
ft.run(main)
"""
# Loading gone, semantics asked for, the control present, on screen and enabled.
READY_JS = """(id) => {
    if (document.getElementById('loading') !== null) return false;
    const p = document.querySelector('flt-semantics-placeholder');
    if (p) p.dispatchEvent(new Event('click'));
    const e = document.querySelector('[flt-semantics-identifier="' + id + '"]');
    if (!e) return false;
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    if (r.bottom > innerHeight || r.right > innerWidth) return false;
    if (e.getAttribute('aria-disabled') === 'true') return false;
    if (e.querySelector('[aria-disabled="true"]')) return false;
    window.__ready_at = performance.now();
    return true;
}"""
SW_IN_CONTROL = """async () => { const r = await navigator.serviceWorker.getRegistration();
                                return !!(r && r.active && r.active.state === 'activated'
                                          && navigator.serviceWorker.controller); }"""
BOOT_MS = 300_000  # a shared, busy machine


def build(folder: Path, profile: bool = False) -> dict[str, Path]:
    from webprofile import app_main_py  # this folder's

    from seep_scorer.publish.site import publish

    sites = {"app": folder / "app", "bare": folder / "bare"}
    if profile:  # the app with the profiler first in its main.py
        publish(sites["app"], main_py=app_main_py(), with_app=True)
    else:
        publish(sites["app"])
    publish(sites["bare"], main_py=BARE_MAIN)
    return sites


def serve(folder: Path) -> tuple[subprocess.Popen, str]:
    import socket

    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(folder), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, f"http://127.0.0.1:{port}/"
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("http.server did not start")


def _wait_ready(page, ident: str) -> float:
    page.wait_for_function(READY_JS, arg=ident, polling=20, timeout=BOOT_MS)
    return page.evaluate("window.__ready_at") / 1000.0  # s since this document's navigation start


def _wait_sw(page) -> None:
    deadline = time.monotonic() + BOOT_MS / 1000
    while not page.evaluate(SW_IN_CONTROL):
        if time.monotonic() > deadline:
            raise SystemExit("the service worker never took control")
        page.wait_for_timeout(250)


def visit(browser, url: str, ident: str, log: list[str] | None = None) -> tuple[float, float]:
    """(first visit, reload) seconds to the first interactive frame, in a fresh context."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(url.split("?")[0]) else route.abort()
        ),
    )
    page = ctx.new_page()
    if log is not None:
        page.on("console", lambda m: log.append(m.text) if m.text.startswith("[profile]") else None)
    try:
        page.goto(url, wait_until="commit")
        first = _wait_ready(page, ident)
        _on_page_clock(page, log, "first visit", first)
        _wait_sw(page)
        page.reload(wait_until="commit")
        again = _wait_ready(page, ident)
        _on_page_clock(page, log, "reload", again)
        return first, again
    finally:
        ctx.close()


def _on_page_clock(page, log: list[str] | None, what: str, ready: float) -> None:
    """Rewrite the profile lines logged since the last call: moments in s since this page's
    navigation start."""
    if log is None:
        return
    page.wait_for_timeout(500)  # the import report follows the first screen
    origin = page.evaluate("performance.timeOrigin")
    done = len(log) - log[::-1].index("----") if "----" in log else 0
    # The page's own downloads (the Flutter client, its renderer, fonts): asked for -> received.
    lines = [
        f"  page {name:<35} {start / 1000:7.2f} -> {end / 1000:5.2f} s"
        for name, start, end in page.evaluate(
            "performance.getEntriesByType('resource')"
            ".map(e => [e.name.split('/').pop(), e.startTime, e.responseEnd])"
        )
    ]
    for line in log[done:]:
        what_, _, value = line.removeprefix("[profile] ").rpartition(" ")
        at = float(value)
        lines.append(
            f"  {what_:<40} {(at - origin) / 1000:7.2f} s"
            if at > 1e12
            else f"  {what_:<40} {at:7.0f} ms"
        )
    del log[done:]
    log.extend([f"{what}:", *lines, f"  {'first interactive frame':<40} {ready:7.2f} s", "----"])


def _fig(values: list[float]) -> str:
    return f"median {statistics.median(values):6.2f} s, min {min(values):6.2f} s"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--limit", type=float, default=1.3)
    ap.add_argument(
        "--profile", action="store_true", help="print the app's boot timings (last round)"
    )
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.monotonic()
        sites = build(Path(tmp), args.profile)
        print(
            f"published both sites in {time.monotonic() - t0:.1f} s; app.tar.gz "
            f"{(sites['app'] / 'app.tar.gz').stat().st_size / 1e6:.2f} MB, bare "
            f"{(sites['bare'] / 'app.tar.gz').stat().st_size / 1e6:.2f} MB",
            flush=True,
        )
        servers = {kind: serve(folder) for kind, folder in sites.items()}
        ident = {"app": "new-match", "bare": "tap"}
        first: dict[str, list[float]] = {"app": [], "bare": []}
        reload: dict[str, list[float]] = {"app": [], "bare": []}
        logs: dict[str, list[str]] = {}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
                for i in range(args.rounds):
                    for kind in ("app", "bare"):
                        url = servers[kind][1]
                        if args.profile:
                            logs[kind] = []
                        f, r = visit(
                            browser,
                            url + ("?profile" if args.profile else ""),
                            ident[kind],
                            logs.get(kind),
                        )
                        first[kind].append(f)
                        reload[kind].append(r)
                    print(
                        f"round {i + 1}: reload app {reload['app'][-1]:6.2f} s, "
                        f"bare {reload['bare'][-1]:6.2f} s "
                        f"(ratio {reload['app'][-1] / reload['bare'][-1]:.2f}); first visit app "
                        f"{first['app'][-1]:6.2f} s, bare {first['bare'][-1]:6.2f} s",
                        flush=True,
                    )
                browser.close()
        finally:
            for proc, _ in servers.values():
                proc.kill()
                proc.wait(15)
    for kind, log in logs.items():
        print(
            "\n".join(
                [f"{kind} boot profile (last round):", *(line for line in log if line != "----")]
            )
        )
    print(f"reload      app:  {_fig(reload['app'])}")
    print(f"reload      bare: {_fig(reload['bare'])}")
    print(f"first visit app:  {_fig(first['app'])}")
    print(f"first visit bare: {_fig(first['bare'])}")
    ratio = statistics.median(reload["app"]) / statistics.median(reload["bare"])
    per_round = [a / b for a, b in zip(reload["app"], reload["bare"])]
    first_ratio = statistics.median(first["app"]) / statistics.median(first["bare"])
    print(
        f"reload ratio app/bare (medians): {ratio:.2f}; "
        f"per round median {statistics.median(per_round):.2f}, "
        f"ratio of minima {min(reload['app']) / min(reload['bare']):.2f}"
    )
    print(f"first visit ratio app/bare (medians): {first_ratio:.2f}")
    print(
        f"goal: reload at most {args.limit} x the bare page: "
        f"{'met' if ratio <= args.limit else 'NOT met'}"
    )
    return 0 if ratio <= args.limit else 1


if __name__ == "__main__":
    raise SystemExit(main())
