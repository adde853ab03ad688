"""The phone-only app (`seep-scorer publish`) in headless Chromium at 412 x 915, served by
`python -m http.server`, every request to another host
aborted: the table scenario, the matches kept in
the browser across a reload and a killed browser, and the app opening from its service worker with
the server stopped.

Chromium is started here (not through the shared fixture) so that its process can be killed: it runs
with its own profile folder and Playwright attaches over the DevTools protocol.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from e2e_support import (
    CHROMIUM_ARGS,
    VIEWPORT,
    chromium_path,
    enable_semantics,
    evaluate,
    free_port,
    give_jack_of_spades_to_team_b,
    save_download,
    sel,
    tap,
    tap_until,
    text,
    type_into,
    wait_absent,
    wait_present,
    wait_text,
)

BOOT_MS = 300_000  # Pyodide boots in ~7 s on an idle machine; this one is shared by many processes
WAIT = 120_000


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("published") / "site"
    subprocess.run(
        [sys.executable, "-m", "seep_scorer", "publish", "-o", str(out)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    return out


class StaticServer:
    """`python -m http.server` on a free port, serving the site."""

    def __init__(self, folder: Path, port: int | None = None, log: Path | None = None):
        self.folder, self.port, self.log = folder, port or free_port(), log
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "StaticServer":
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "http.server",
                "-b",
                "127.0.0.1",
                "-d",
                str(self.folder),
                str(self.port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=open(self.log, "ab") if self.log else subprocess.DEVNULL,
        )
        import socket

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("http.server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(30)
            self.proc = None


@pytest.fixture(scope="module")
def playwright_api():
    if chromium_path() is None:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("CI=true but no Chromium found")
        pytest.skip(
            "no Chromium found (install Debian's chromium or set SEEP_CHROMIUM): end-to-end tests "
            "skipped"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


class Phone:
    """Chromium with its own profile folder, killable
    (SIGKILL) and started again on the same profile."""

    def __init__(self, pw, profile: Path, server: StaticServer):
        self.pw, self.profile, self.server = pw, profile, server
        self.proc = self.browser = self.page = None
        self.aborted: list[str] = []

    def launch(self) -> "Phone":
        # stderr goes to a file, read from where this launch starts: a pipe read line by line blocks
        # for as long as Chromium prints nothing, and one left unread fills up and then blocks
        # Chromium's every log line.
        log = self.profile.parent / f"{self.profile.name}-chromium.log"
        with open(log, "ab") as out:
            start = out.tell()
            self.proc = subprocess.Popen(
                [
                    chromium_path(),
                    "--headless=new",
                    f"--user-data-dir={self.profile}",
                    "--remote-debugging-port=0",
                    *CHROMIUM_ARGS,
                    "about:blank",
                ],
                stdout=subprocess.DEVNULL,
                stderr=out,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        endpoint = None
        while endpoint is None and time.monotonic() < deadline and self.proc.poll() is None:
            with open(log, "rb") as f:
                f.seek(start)
                m = re.search(
                    r"DevTools listening on (ws://\S+)", f.read().decode(errors="replace")
                )
            if m:
                endpoint = m.group(1)
            else:
                time.sleep(0.2)
        assert endpoint, (
            "Chromium did not print its DevTools address within 60 s (exit status "
            f"{self.proc.poll()})"
        )
        self.browser = self.pw.chromium.connect_over_cdp(endpoint)
        ctx = self.browser.contexts[0]
        ctx.route("**/*", self._only_our_host)
        self.page = ctx.pages[0] if ctx.pages else ctx.new_page()
        self.page.set_viewport_size(VIEWPORT)
        return self

    def _only_our_host(self, route) -> None:
        if route.request.url.startswith(self.server.url):
            route.continue_()
        else:
            self.aborted.append(route.request.url)
            route.abort()

    def open(self, url: str | None = None) -> None:
        self.page.goto(url or self.server.url)
        self.wait_booted()

    def wait_booted(self) -> None:
        self.page.wait_for_function(
            "!document.getElementById('loading') && !document.getElementById('seep-boot')",
            timeout=BOOT_MS,
        )
        enable_semantics(self.page)
        self.page.locator(f"{sel('nav-matches')}, {sel('record-deal')}").first.wait_for(
            state="attached", timeout=BOOT_MS
        )

    def reload(self) -> None:
        self.page.reload()
        self.wait_booted()

    def kill(self) -> None:
        """SIGKILL the whole browser (its process group): nothing gets to flush or shut down."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)
        try:
            self.browser.close()
        except Exception:
            pass

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


def wait_until(page, script: str, arg=None, timeout_ms: int = BOOT_MS) -> None:
    """Poll `script` (may be async: each evaluation awaits it,
    for no longer than the time left) until it is
    truthy."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not evaluate(
        page,
        script,
        arg,
        timeout_ms=max(1_000, (deadline - time.monotonic()) * 1000),
        what=f"an answer to {' '.join(script.split())[:120]}",
    ):
        if time.monotonic() > deadline:
            raise AssertionError(f"never true: {script}")
        page.wait_for_timeout(500)


SW_IN_CONTROL = """async () => { const r = await navigator.serviceWorker.getRegistration();
                                return !!(r && r.active && r.active.state === 'activated'
                                          && navigator.serviceWorker.controller); }"""


@pytest.fixture
def phone_factory(playwright_api, tmp_path):
    phones: list[Phone] = []

    def make(server: StaticServer, profile: str = "profile") -> Phone:
        phone = Phone(playwright_api, tmp_path / profile, server).launch()
        phones.append(phone)
        return phone

    yield make
    for phone in phones:
        phone.close()


@pytest.fixture
def static_server(site):
    srv = StaticServer(site).start()
    yield srv
    srv.stop()


# -----------------------------------------------------------------------------------------
# the table


def new_match(page) -> None:
    tap(page, "new-match")
    wait_present(page, "start-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")


def record_cards(page, team1=(), sweeps=()) -> None:
    tap(page, "record-deal")
    wait_present(page, "save-deal")
    tap(page, "mode-cards")
    wait_present(page, "card-KS")
    for code in team1:
        tap_until(page, f"card-{code}", f"card-{code}", "Team B")
    for team, kind in sweeps:
        tap_until(page, f"sweep-{team}-{kind}-inc", f"sweep-{team}-{kind}", "1")


def record_points(page, points0: int) -> None:
    tap(page, "record-deal")
    wait_present(page, "save-deal")
    tap(page, "mode-points")
    type_into(page, "points-0", str(points0))
    wait_text(page, "deal-total-1", f"Team B: {100 - points0}")


def save(page, number: int) -> None:
    tap(page, "save-deal")
    wait_present(page, f"deal-{number}", timeout=WAIT)
    wait_present(page, "record-deal", timeout=WAIT)


def deal_text(page, n: int) -> str:
    return text(page, f"deal-{n}")


def test_the_table_in_the_published_app(site, static_server, phone_factory):
    phone = phone_factory(static_server)
    phone.open()
    page = phone.page
    assert evaluate(page, "() => typeof flet !== 'undefined' && flet.pyodide === true")
    new_match(page)
    match_url = page.url
    assert "#/match/" in match_url

    # 1: card mode, team 1 takes K♠ Q♠ 10♦ and sweeps once: 69 : 81
    record_cards(page, team1=("KS", "QS", "10D"), sweeps=[(1, "normal")])
    assert "Team A: 69" in text(page, "deal-total-0") and "Team B: 81" in text(page, "deal-total-1")
    save(page, 1)
    assert "Team B ahead by 12" in text(page, "difference")

    # 2: points mode, 90 : 10
    record_points(page, 90)
    save(page, 2)
    assert "Team A ahead by 68" in text(page, "difference")

    # undo deal 2, then record it again as 60 : 40
    tap(page, "undo-deal")
    wait_absent(page, "deal-2", timeout=WAIT)
    record_points(page, 60)
    save(page, 2)
    wait_text(page, "deal-2", "60 : 40")

    # edit deal 1: J♠ went to team 1 too (58 : 92)
    give_jack_of_spades_to_team_b(page)
    wait_text(page, "deal-1", "58 : 92", timeout=WAIT)
    before = [deal_text(page, 1), deal_text(page, 2), text(page, "difference")]

    # a reload: the same match, the same deals, from the browser's storage
    phone.reload()
    wait_present(page, "deal-2", timeout=WAIT)
    assert [deal_text(page, 1), deal_text(page, 2), text(page, "difference")] == before
    assert page.locator(sel("deal-3")).count() == 0
    # the rules reference, read from the rules texts in the app's archive; in Hindi it ends with
    # the table of terms, read from the glossary there (issue 35)
    tap(page, "nav-settings")
    tap_until(page, "language-hi", "nav-rules", "नियम")  # the navigation bar in Hindi
    tap(page, "nav-rules")
    wait_present(page, "rules-section-overview", timeout=WAIT)
    assert "दौर: deal" in (page.locator(sel("rules-terms")).first.aria_snapshot(timeout=WAIT))
    assert all(not u.startswith(static_server.url) for u in phone.aborted)
    # nothing was asked of another host, not even Flet's rive_native.js (the page's policy)
    assert phone.aborted == [], phone.aborted


def test_a_save_survives_the_browser_being_killed(site, static_server, phone_factory):
    phone = phone_factory(static_server, "killed")
    phone.open()
    new_match(phone.page)
    match_url = phone.page.url
    record_points(phone.page, 70)
    save(phone.page, 1)  # the deal is on screen: the save was acknowledged
    phone.kill()

    again = phone_factory(static_server, "killed")  # the same profile folder
    again.open(match_url)
    wait_present(again.page, "deal-1", timeout=WAIT)
    assert "70 : 30" in deal_text(again.page, 1)


def test_the_app_opens_from_its_service_worker_with_the_server_stopped(site, phone_factory):
    server = StaticServer(site).start()
    try:
        phone = phone_factory(server, "offline")
        phone.open()
        new_match(phone.page)
        match_id = re.search(r"#/match/([^/?#]+)", phone.page.url).group(1)
        record_points(phone.page, 80)
        save(phone.page, 1)
        # The service worker controls the page: what it used is cached; the app's own other files
        # (icons, other languages' fonts) once the page told it the app is on screen.
        wait_until(phone.page, SW_IN_CONTROL)
        wait_until(phone.page, "() => window.seepBoot.cached")
    finally:
        server.stop()
    phone.page.goto(server.url)  # no server: only the service worker can answer
    phone.wait_booted()
    # The app resumes the match open before (or lists it, when it does not): either way it is there.
    phone.page.locator(f"{sel('deal-1')}, {sel('match-' + match_id)}").first.wait_for(
        state="attached", timeout=WAIT
    )
    if phone.page.locator(sel("deal-1")).count() == 0:
        tap(phone.page, f"match-{match_id}")
        wait_present(phone.page, "deal-1", timeout=WAIT)
    assert "80 : 20" in deal_text(phone.page, 1)


# -----------------------------------------------------------------------------------------
# backup and restore


def _backup_of_two_matches(tmp_path: Path) -> tuple[Path, list[str]]:
    """A backup file as `seep-scorer backup` writes it, of
    two matches made in a store of its own."""
    from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(tmp_path / "seed", fresh=True)
    ids = []
    for n, name in enumerate(("Lions", "Tigers"), start=1):
        m = Match(
            PRESETS["standard"],
            MatchFormat("open", None),
            (Team(name, ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
            0,
            (),
        )
        ids.append(repo.create(m.with_deals(Deal(points=(50, 50)) for _ in range(n))).id)
    close_all()
    out = tmp_path / "two-matches.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "seep_scorer",
            "backup",
            "-o",
            str(out),
            "--data-dir",
            str(tmp_path / "seed"),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return out, ids


def test_restore_a_backup_file_and_download_one_in_the_published_app(
    site, static_server, playwright_api, tmp_path
):
    import json

    backup, ids = _backup_of_two_matches(tmp_path)
    browser = playwright_api.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        ctx = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
        ctx.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith(static_server.url)
                else route.abort()
            ),
        )
        page = ctx.new_page()
        page.goto(static_server.url)
        page.wait_for_function("document.getElementById('loading') === null", timeout=BOOT_MS)
        enable_semantics(page)
        wait_present(page, "nav-settings", timeout=BOOT_MS)
        tap(page, "nav-settings")
        wait_present(page, "backup-restore", timeout=WAIT)
        with page.expect_file_chooser(timeout=WAIT) as chooser:
            tap(page, "backup-restore")
        chooser.value.set_files(str(backup))
        wait_present(page, "restore-confirm", timeout=WAIT)
        assert "holds 2 matches" in text(page, "restore-summary")
        tap(page, "restore-confirm")
        wait_text(page, "notice", "2 matches added", timeout=WAIT)

        # kept in the browser: after a reload the list holds both
        page.reload()
        page.wait_for_function("document.getElementById('loading') === null", timeout=BOOT_MS)
        enable_semantics(page)
        wait_present(page, "nav-matches", timeout=BOOT_MS)
        tap(page, "nav-matches")
        for mid in ids:
            wait_present(page, f"match-{mid}", timeout=WAIT)

        # the download: every match, in the backup format
        tap(page, "nav-settings")
        wait_present(page, "backup-download", timeout=WAIT)
        with page.expect_download(timeout=WAIT) as info:
            tap(page, "backup-download")
        saved = tmp_path / "downloaded.jsonl"
        save_download(info.value, saved, timeout_ms=WAIT)
        lines = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
        assert lines[0]["format"] == "seep-backup" and lines[-1] == {"end": True, "matches": 2}
        assert sorted(r["id"] for r in lines[1:-1]) == sorted(ids)
    finally:
        browser.close()


# -----------------------------------------------------------------------------------------
# a newer version


def _republish_with_a_change(folder: Path) -> None:
    """What publishing a newer version does to the files: one
    changed (index.html), sw.js listing the new hashes."""
    from seep_scorer.phone.site import _hashes
    from seep_scorer.phone.webfiles import service_worker, snapshot_key

    index = folder / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            "</head>", '<meta name="seep-test-version" content="2">\n</head>'
        ),
        encoding="utf-8",
    )
    files = _hashes(folder)
    page = index.read_text(encoding="utf-8")
    (folder / "sw.js").write_text(
        service_worker(files, snapshot_key(files), page), encoding="utf-8"
    )


# The site's file caches (the memory snapshot has one of its own).
SITE_CACHES = "async () => (await caches.keys()).filter((k) => k.startsWith('seep-scorer-site-'))"


def _requested(log: Path) -> list[str]:
    return re.findall(r'"GET (\S+) HTTP', log.read_text(errors="replace"))


def test_a_newer_version_replaces_the_cached_one_and_keeps_the_matches(
    site, phone_factory, tmp_path
):
    import shutil

    folder = tmp_path / "site"
    shutil.copytree(site, folder)
    log = tmp_path / "http.log"
    server = StaticServer(folder, log=log).start()
    try:
        phone = phone_factory(server, "update")
        phone.open()
        new_match(phone.page)
        record_points(phone.page, 90)
        save(phone.page, 1)
        wait_until(phone.page, SW_IN_CONTROL)
        old_caches = evaluate(phone.page, SITE_CACHES, what="caches.keys() to settle")
        assert len(old_caches) == 1

        _republish_with_a_change(folder)
        before = len(_requested(log))
        phone.reload()  # a visit with a network: the browser finds the new sw.js and installs it
        wait_until(
            phone.page,
            """async (old) => { const keys = (await caches.keys())
                                    .filter((k) => k.startsWith('seep-scorer-site-'));
                return keys.length === 1 && !old.includes(keys[0]); }""",
            old_caches,
        )
        fetched = _requested(log)[before:]
        assert "/sw.js" in fetched  # index.html is in it
        assert (
            "/main.dart.wasm" not in fetched and "/pyodide/pyodide.asm.wasm" not in fetched
        )  # unchanged: copied
    finally:
        server.stop()
    phone.reload()  # the next load, with the server gone: the new version, from the new cache
    assert phone.page.locator('meta[name="seep-test-version"]').count() == 1
    phone.page.locator(f"{sel('deal-1')}, {sel('nav-matches')}").first.wait_for(
        state="attached", timeout=WAIT
    )
    if phone.page.locator(sel("deal-1")).count() == 0:
        match = phone.page.locator("[flt-semantics-identifier^='match-']").first
        match.wait_for(state="attached", timeout=WAIT)
        match.click()
    wait_present(phone.page, "deal-1", timeout=WAIT)
    assert "90 : 10" in deal_text(phone.page, 1)
