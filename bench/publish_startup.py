"""Startup benchmark of the phone-only app: the published site against the served app's first frame.

The published site is built by `seep_scorer.phone.publish` and served by a
static file server that counts the bytes of every file it sends (plain HTTP, no
compression: the bytes are the files' own). The served app is the same app under
`seep-scorer serve` (bench/startup.py's server, its own empty data folder).
Headless Debian Chromium at 412 x 915, every request to another host aborted,
measures the time from navigation start to the first interactive frame: the
loading screen is gone and the semantics tree holds the app's `new-match` button
on screen and not disabled (READY_JS, as bench/startup.py).

Each round, in turn: the served app in a fresh browser context (its first
frame), then the published site in a fresh context: a first visit (no cache;
the service worker installs), a wait until the service worker controls the page
and the first visit has kept Python's memory snapshot (a moment after its first
screen), a reload (the usual way the app is opened: the service worker serves
it, Python starts from the snapshot), and a second reload. Prints each round,
medians and minima, the reload's ratio to the served app's first frame (goal: at
most 2, --limit), and the bytes the first visit and its reloads fetched from the
host (page, workers and service worker together: goal at most 35 MB, --max-mb,
and no file twice; the web manifest and its icons, which the browser fetches
itself at each load, are counted but not checked for twice). Exit status 1 if a
goal is not met.

Each round also prints the reload's phases, and the end their medians for each visit, in s since
navigation start (the page notes them, phone/webfiles.py's seepBoot.at): Python ready (from the
snapshot or not), its store prepared (storage read, store opened: webapp.prepare), Flutter ready
(it asks for the app), the app imported (main.py ran), its first screen sent, drawn.

    python bench/publish_startup.py [--rounds 5] [--limit 2] [--max-mb 35] [--bare]
                                    [--profile] [--shots DIR]

--profile publishes the app with the profiler of webprofile.py (this folder) in front of it and
opens both with `?profile` in their address: the profiler then logs the boot's moments
(downloads, main.py, imports by package, storage, first screen) to the browser console, the bare
page the same moments; echoed here for the last round, in seconds since navigation start.
--bare adds a bare Flet page (one `ft.Button("Tap")`, only Flet in its archive)
published the same way, measured the same way in each round.
--shots DIR saves PNG screenshots of the waiting screen of the first round's
first visit and reload (every 300 ms until the first frame).
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from counting_server import CountingServer  # noqa: E402  (shared with the end-to-end tests)
from startup import CHROMIUM_ARGS, _chromium, _start  # noqa: E402  (the served app's benchmark)
from startup import measure as measure_served  # noqa: E402

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
        origin = js.performance.timeOrigin
        for e in js.performance.getEntriesByType("resource"):
            _profile("asked:" + str(e.name).rsplit("/", 1)[-1], origin + e.startTime)
            _profile("fetched:" + str(e.name).rsplit("/", 1)[-1], origin + e.responseEnd)
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
    if (document.getElementById("loading") || document.getElementById("seep-boot")) return false;
    const p = document.querySelector('flt-semantics-placeholder');
    if (p) p.dispatchEvent(new Event('click'));
    const e = document.querySelector('[flt-semantics-identifier="' + id + '"]');
    if (!e) return false;
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.bottom > innerHeight || r.right > innerWidth)
        return false;
    if (e.getAttribute('aria-disabled') === 'true' || e.querySelector('[aria-disabled="true"]'))
        return false;
    window.__ready_at = performance.now();
    return true;
}"""
SW_IN_CONTROL = """async () => { const r = await navigator.serviceWorker.getRegistration();
                                return !!(r && r.active && r.active.state === 'activated'
                                          && navigator.serviceWorker.controller); }"""
SNAPSHOT_SETTLED = """() => !window.seepBoot || !window.seepBoot.steps.includes('snapshot:wanted')
    || window.seepBoot.steps.some((s) => s === 'snapshot:made' || s === 'snapshot:none')"""
BOOT_MS = 300_000  # a shared, busy machine


def build(folder: Path, bare: bool, profile: bool = False) -> dict[str, Path]:
    from webprofile import app_main_py  # this folder's

    from seep_scorer.phone.site import publish

    sites = {"app": folder / "app"}
    if profile:  # the app with the profiler first in its main.py
        publish(sites["app"], main_py=app_main_py(), with_app=True)
    else:
        publish(sites["app"])
    if bare:
        sites["bare"] = folder / "bare"
        publish(sites["bare"], main_py=BARE_MAIN)
    return sites


# The boot's phases (phone/webfiles.py's seepBoot.at, ms since navigation start), in their order:
# Python loaded (from the snapshot or not), its store prepared (storage read, store opened),
# Flutter ready (it asks for the app), the app's main.py run, its first screen sent to Flutter.
PHASES = (
    ("python ready", "ready"),
    ("store prepared", "prepared"),
    ("flutter ready", "flutter"),
    ("app imported", "imported"),
    ("first screen sent", "first-message"),
)
phases: dict[str, list[dict[str, float]]] = collections.defaultdict(list)  # visit -> rounds


def _wait_ready(page, ident: str, visit: str | None = None) -> float:
    page.wait_for_function(READY_JS, arg=ident, polling=20, timeout=BOOT_MS)
    ready = page.evaluate("window.__ready_at") / 1000.0  # s since this document's navigation start
    if visit is not None:
        at = page.evaluate("window.seepBoot ? window.seepBoot.at : {}") or {}
        phases[visit].append(
            {name: at[key] / 1000.0 for name, key in PHASES if key in at} | {"drawn": ready}
        )
    return ready


def _phase_line(got: dict[str, float]) -> str:
    return ", ".join(f"{name} {at:.2f}" for name, at in got.items())


def _phase_medians(visit: str) -> str:
    rounds = phases[visit]
    names = [n for n, _ in PHASES if all(n in r for r in rounds)] + ["drawn"]
    return ", ".join(f"{n} {statistics.median(r[n] for r in rounds):.2f}" for n in names)


def _wait_sw(page) -> None:
    deadline = time.monotonic() + BOOT_MS / 1000
    while not page.evaluate(SW_IN_CONTROL):
        if time.monotonic() > deadline:
            raise SystemExit("the service worker never took control")
        page.wait_for_timeout(250)


def _shoot(page, shots: Path | None, name: str, ident: str) -> float:
    """Wait for the first interactive frame; with `shots`, a PNG of the page every 300 ms till
    then."""
    if shots is None:
        return _wait_ready(page, ident, name)
    shots.mkdir(parents=True, exist_ok=True)
    t0, i = time.monotonic(), 0
    while True:
        page.wait_for_timeout(max(0, 300 * (i + 1) - (time.monotonic() - t0) * 1000))
        i += 1
        page.screenshot(path=str(shots / f"{name}-{i * 300:05d}ms.png"))
        if page.evaluate(READY_JS, ident):
            return _wait_ready(page, ident, name)
        if time.monotonic() - t0 > BOOT_MS / 1000:
            raise SystemExit("no first frame")


def visit(
    browser, url: str, ident: str, log: list[str] | None = None, shots: Path | None = None
) -> tuple[float, float, float]:
    """(first visit, reload, second reload) seconds to the first interactive frame, in a fresh
    context."""
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
        first = _shoot(page, shots, "first-visit", ident)
        _on_page_clock(page, log, "first visit", first)
        _wait_sw(page)
        # the snapshot the first visit keeps, a moment after its first screen (phone/webfiles.py)
        page.wait_for_function(SNAPSHOT_SETTLED, polling=250, timeout=BOOT_MS)
        page.reload(wait_until="commit")
        again = _shoot(page, shots, "reload", ident)
        _on_page_clock(page, log, "reload", again)
        page.reload(wait_until="commit")
        third = _wait_ready(page, ident, "second-reload")
        _on_page_clock(page, log, "second reload", third)
        return first, again, third
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


def _bytes(sent: list[tuple[str, int]]) -> tuple[float, list[str]]:
    """MB sent, and the files sent more than once (with a body)."""
    times = collections.Counter(
        "/index.html" if path == "/" else path  # the page's address is index.html too
        for path, n in sent
        if n and path != "/manifest.json" and not path.startswith("/icons/")
    )
    return sum(n for _, n in sent) / 1e6, sorted(p for p, k in times.items() if k > 1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--limit", type=float, default=2.0)
    ap.add_argument("--max-mb", type=float, default=35.0)
    ap.add_argument("--bare", action="store_true", help="also measure a bare Flet page")
    ap.add_argument(
        "--profile", action="store_true", help="print the app's boot timings (last round)"
    )
    ap.add_argument("--shots", type=Path, help="screenshots of the waiting screen go here")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.monotonic()
        sites = build(Path(tmp), args.bare, args.profile)
        print(
            f"published in {time.monotonic() - t0:.1f} s; app.tar.gz "
            f"{(sites['app'] / 'app.tar.gz').stat().st_size / 1e6:.2f} MB; site "
            f"{sum(f.stat().st_size for f in sites['app'].rglob('*') if f.is_file()) / 1e6:.1f} MB",
            flush=True,
        )
        servers = {kind: CountingServer(folder) for kind, folder in sites.items()}
        (Path(tmp) / "data").mkdir()
        served_proc, served_port = _start("app", str(Path(tmp) / "data"))
        served_url = f"http://127.0.0.1:{served_port}/"
        ident = {"app": "new-match", "bare": "tap"}
        served: list[float] = []
        first: dict[str, list[float]] = {k: [] for k in sites}
        reload: dict[str, list[float]] = {k: [] for k in sites}
        second: dict[str, list[float]] = {k: [] for k in sites}
        mb: list[float] = []
        twice: set[str] = set()
        logs: dict[str, list[str]] = {}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
                measure_served(browser, served_url, "#new-match")  # warm-up: the server's imports
                for i in range(args.rounds):
                    served.append(measure_served(browser, served_url, "#new-match"))
                    for kind in sites:
                        url = servers[kind].url
                        if args.profile:
                            logs[kind] = []
                        servers[kind].take()
                        f, r, r2 = visit(
                            browser,
                            url + ("?profile" if args.profile else ""),
                            ident[kind],
                            logs.get(kind),
                            args.shots if i == 0 and kind == "app" else None,
                        )
                        if kind != "app":  # the phases printed are the app's
                            for visits in phases.values():
                                del visits[-1:]
                        first[kind].append(f)
                        reload[kind].append(r)
                        second[kind].append(r2)
                        if kind == "app":
                            got, again = _bytes(servers[kind].take())
                            mb.append(got)
                            twice.update(again)
                    print(
                        f"round {i + 1}: served first frame {served[-1]:5.2f} s; app reload "
                        f"{reload['app'][-1]:5.2f} s (ratio {reload['app'][-1] / served[-1]:.2f}),"
                        f" second reload {second['app'][-1]:5.2f} s, first visit "
                        f"{first['app'][-1]:5.2f} s, {mb[-1]:.1f} MB"
                        + (
                            f"; bare reload {reload['bare'][-1]:5.2f} s, first visit "
                            f"{first['bare'][-1]:5.2f} s"
                            if "bare" in sites
                            else ""
                        ),
                        flush=True,
                    )
                    print(f"  reload phases (s): {_phase_line(phases['reload'][-1])}", flush=True)
                browser.close()
        finally:
            for server in servers.values():
                server.stop()
            served_proc.kill()
            served_proc.wait(15)
    for kind, log in logs.items():
        print(
            "\n".join(
                [f"{kind} boot profile (last round):", *(line for line in log if line != "----")]
            )
        )
    print(f"served app first frame: {_fig(served)}")
    for kind in sites:
        print(f"{kind:<4} first visit:      {_fig(first[kind])}")
        print(f"{kind:<4} reload:           {_fig(reload[kind])}")
        print(f"{kind:<4} second reload:    {_fig(second[kind])}")
    for which in ("first-visit", "reload", "second-reload"):
        print(f"app {which} phases, medians (s since navigation): {_phase_medians(which)}")
    ratio = statistics.median(reload["app"]) / statistics.median(served)
    per_round = statistics.median(a / b for a, b in zip(reload["app"], served))
    print(
        f"reload / served first frame (medians): {ratio:.2f}; per round median {per_round:.2f}; "
        f"second reload {statistics.median(second['app']) / statistics.median(served):.2f}; "
        f"first visit {statistics.median(first['app']) / statistics.median(served):.2f}"
    )
    print(
        f"first visit with its reloads fetched: median {statistics.median(mb):.1f} MB, "
        f"max {max(mb):.1f} MB; files fetched twice: {', '.join(twice) or 'none'}"
    )
    fast, light = ratio <= args.limit, max(mb) <= args.max_mb and not twice
    print(f"goal: reload at most {args.limit} x the served app: {'met' if fast else 'NOT met'}")
    print(
        f"goal: at most {args.max_mb} MB, no file twice: {'met' if light else 'NOT met'}",
        flush=True,
    )
    return 0 if fast and light else 1


if __name__ == "__main__":
    raise SystemExit(main())
