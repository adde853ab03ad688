"""End-to-end support: the real `seep-scorer` server (own
port, own data folder) and headless Chromium.

Chromium is Debian's (/usr/bin/chromium, or $SEEP_CHROMIUM); never `playwright install`.
Where no Chromium exists the tests are skipped with a clear message, except in CI
(CI=true), where that is a failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 412, "height": 915}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
WAIT_MS = 60_000  # generous: a slow shared 2-core machine
# Seconds an end-to-end test may run (setup and teardown
# included) before pytest-timeout fails it, in place of
# pyproject's default for the other tests; a module may set its
# own with pytestmark = pytest.mark.timeout(...).
# The slowest, test_languages.py, took 131 s here on a loaded
# machine, the published app's ones up to 59 s.
E2E_TIMEOUT = 600


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("SEEP_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(E2E_TIMEOUT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`seep-scorer --port P --data-dir D [--host H]` as a child process."""

    def __init__(self, data_dir: Path, host: str = "127.0.0.1"):
        self.data_dir = data_dir
        self.host = host
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.output = ""
        self.log = data_dir.parent / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "Server":
        self._token = None  # a new table token on each start
        cmd = [
            sys.executable,
            "-m",
            "seep_scorer",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            "--host",
            self.host,
            "--no-qr",
        ]
        self._log = open(self.log, "ab")
        self.proc = subprocess.Popen(
            cmd,
            cwd=str(self.data_dir.parent),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text(errors='replace')}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("server did not start within 60 s")
        self.output = self.log.read_text(errors="replace")
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
        if getattr(self, "_log", None):
            self._log.close()

    def restart(self) -> None:
        self.stop()
        self.start()

    def join_url(self) -> str:
        """The newest printed join address, pointed at 127.0.0.1 (a LAN address may not be reachable
        here). Its code works once: the server then prints the next one."""
        code = self.printed_join_url().rsplit("#join=", 1)[1]
        return f"http://127.0.0.1:{self.port}/#join={code}"

    def printed_join_url(self) -> str:
        """The newest join address exactly as the server printed it (LAN mode: the LAN address)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = re.findall(r"http://\S+#join=\S+", self.log.read_text(errors="replace"))
            if found:
                return found[-1]
            time.sleep(0.2)
        raise RuntimeError("no join address printed")

    def token(self) -> str:
        """The table's token, as the cookie a join code earns (spends the printed code; the server
        prints the next). Kept until the server restarts."""
        if getattr(self, "_token", None) is None:
            code = self.printed_join_url().rsplit("#join=", 1)[1].encode()
            request = (
                b"POST /seep-join HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n"
                b"Connection: close\r\n\r\n%s" % (self.port, len(code), code)
            )
            with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
                sock.sendall(request)
                answer = b""
                while chunk := sock.recv(65536):
                    answer += chunk
            found = re.search(rb"set-cookie: *seep_scorer_token=([^;\r\n]+)", answer, re.I)
            if found is None:
                raise RuntimeError(f"the join code earned no cookie: {answer[:200]!r}")
            self._token = found.group(1).decode("ascii")
        return self._token


# Module scope: Playwright's sync API keeps an event loop running in this thread while it is
# open, which would break every later test that calls asyncio.run (the headless sessions).
@pytest.fixture(scope="module")
def chromium():
    path = chromium_path()
    if path is None:
        message = (
            "no Chromium found (install Debian's chromium or set SEEP_CHROMIUM): "
            "end-to-end tests skipped"
        )
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("CI=true but " + message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        browser.new_context = _csp_bypassed_by_default(browser.new_context)
        yield browser
        browser.close()


def _csp_bypassed_by_default(new_context):
    """browser.new_context, its contexts bypassing the server's Content-Security-Policy unless a
    test passes bypass_csp=False: Playwright's wait_for_function evaluates its predicate text with
    eval in the page, which `script-src 'self'` forbids (test_offline.py runs under the policy)."""

    def wrapped(*args, **kwargs):
        kwargs.setdefault("bypass_csp", True)
        return new_context(*args, **kwargs)

    return wrapped


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path / "data").start()
    yield srv
    srv.stop()


@pytest.fixture
def lan_server(tmp_path):
    srv = Server(tmp_path / "data", host="0.0.0.0").start()
    yield srv
    srv.stop()


def stored(data_dir: Path, *matches) -> list[str]:
    """A store in `data_dir` holding `matches`, made through
    the store's own API and closed again (the
    server opens it next): their ids, in order."""
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(data_dir)
    try:
        return [repo.create(match).id for match in matches]
    finally:
        close_all()


@contextlib.contextmanager
def serve_matches(tmp_path_factory, name: str, *matches):
    """A served store holding `matches`, for a module's fixture:
    (server, the matches' ids), stopped after."""
    data = tmp_path_factory.mktemp(name) / "data"
    ids = stored(data, *matches)
    srv = Server(data).start()
    try:
        yield srv, ids
    finally:
        srv.stop()


def give_jack_of_spades_to_team_b(page, deal: int = 1) -> None:
    """Edit a recorded card deal: J♠, Team A's, goes to Team B
    (3 card points more for Team B), and save."""
    tap(page, f"deal-{deal}")  # the deal opens read-only, with Edit
    wait_present(page, "edit-deal")
    tap(page, "edit-deal")
    wait_present(page, "save-deal")
    wait_text(page, "card-KS", "Team B")
    tap(page, "card-JS")
    wait_text(page, "deal-total-1", "Team B: 92")
    tap(page, "save-deal")


def button_names(snapshot: str) -> list[str]:
    """The names of the buttons in an aria snapshot, in reading order."""
    return [
        m.group(1)
        for m in re.finditer(r'^\s*- button "(.*?)"(?: \[[^\]]*\])*:?\s*$', snapshot, re.M)
    ]


# -----------------------------------------------------------------
# calls that have no timeout of their own

# Playwright bounds its waits (wait_for_function,
# locator.wait_for, click, expect_*) by a timeout, but not
# evaluate() (it waits for the returned promise to settle; a
# renderer stuck in a loop never answers at all)
# nor Download.path() / save_as() (they wait for the download
# to finish). Here those go through `within`.


def within(api_object, awaitable, timeout_ms: float, what: str):
    """Await one call of Playwright's implementation object
    through the sync-API object it belongs to, given
    up after `timeout_ms` with a TimeoutError naming `what`
    was awaited. This is how every generated sync
    method runs its call (`self._sync(self._impl_obj.method(...))`,
    playwright is pinned in pyproject.toml),
    plus asyncio.wait_for; cancelling the call aborts it in the
    driver too (see playwright's connection.py)."""

    async def bounded():
        try:
            return await asyncio.wait_for(awaitable, timeout_ms / 1000)
        except asyncio.TimeoutError:
            busy = browser_busy()
            raise PlaywrightTimeout(
                f"{what}: no answer within {timeout_ms / 1000:g} s; {busy}; {await _stacks()}"
            ) from None

    return api_object._sync(bounded())


# Each page opened through open_app has the DevTools debugger on from its first load (a page
# that stopped answering no longer takes Debugger.enable). When a wait gets no answer, every such
# page is paused for a moment and the script stack it was running is told (issue 31, item 4: a
# page found busy in its renderer for a minute, with nothing yet to say what it ran).
_WATCHED: dict = {}  # Playwright's page implementation -> (CDP session implementation, stacks)


def watch(page) -> None:
    impl = page._impl_obj
    if impl in _WATCHED:
        return
    try:
        cdp = page.context.new_cdp_session(page)
        stacks: list[str] = []
        cdp.on("Debugger.paused", lambda event: stacks.append(_stack_text(event)))
        cdp.send("Debugger.enable")
        _WATCHED[impl] = (cdp._impl_obj, stacks)
    except Exception:  # noqa: BLE001 - a diagnosis aid: a test runs the same without it
        pass


def _stack_text(event: dict) -> str:
    frames = []
    for frame in event.get("callFrames", [])[:12]:
        where = frame.get("location", {})
        url = frame.get("url", "").rsplit("/", 1)[-1] or "?"
        name = frame.get("functionName") or "(anonymous)"
        frames.append(f"{name} {url}:{where.get('lineNumber', 0) + 1}")
    return f"{event.get('reason', '?')}: " + " < ".join(frames) if frames else "no script frames"


async def _stacks(wait_s: float = 5.0) -> str:
    """What each watched page's main thread runs: paused through DevTools (an interrupt, so a
    busy loop stops at once; an idle page pauses only when its next script runs), then resumed."""
    told = []
    for n, (impl, (cdp, stacks)) in enumerate(list(_WATCHED.items())):
        if impl.is_closed():
            _WATCHED.pop(impl, None)
            continue
        stacks.clear()
        try:
            await asyncio.wait_for(cdp.send("Debugger.pause", None, None), wait_s)
            deadline = time.monotonic() + wait_s
            while not stacks and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            told.append(f"page {n}: " + (stacks[0] if stacks else f"not paused in {wait_s:g} s"))
            await asyncio.wait_for(cdp.send("Debugger.resume", None, None), wait_s)
        except Exception as err:  # noqa: BLE001 - best effort, as browser_busy
            told.append(f"page {n}: no stack ({type(err).__name__}: {err})"[:300])
    return "script stacks: " + (" | ".join(told) or "no page watched")


def page_stacks(page) -> str:
    """_stacks from sync code (what_the_page_shows), bounded."""
    try:
        return page._sync(_stacks())
    except Exception as err:  # noqa: BLE001
        return f"script stacks unreadable ({type(err).__name__})"


def browser_busy(window: float = 1.0) -> str:
    """Which of the machine's Chromium processes work, and how hard, over `window` seconds (CPU
    seconds per second, by process type from its --type= flag), and the load average: what a
    page that stopped answering was waiting for (a renderer busy in JavaScript or wasm, a GPU
    process busy drawing in software, or all idle: a wait on something else). Linux's /proc;
    best effort, never raising."""
    try:
        tick = os.sysconf("SC_CLK_TCK")

        def cpu() -> dict[int, tuple[str, float]]:
            found = {}
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    # NUL-separated, or one line with spaces (a zygote's child rewrites it)
                    line = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
                    if b"chrom" not in line.split(b" ", 1)[0]:
                        continue
                    found_type = re.search(rb"--type=([\w-]+)", line)
                    kind = found_type.group(1).decode() if found_type else "browser"
                    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                    found[int(pid)] = (kind, (int(stat[11]) + int(stat[12])) / tick)
                except (OSError, ValueError, IndexError):
                    continue
            return found

        before = cpu()
        time.sleep(window)
        after = cpu()
        busy: dict[str, list[str]] = {}
        for pid, (kind, spent) in after.items():
            used = (spent - before.get(pid, (kind, spent))[1]) / window
            busy.setdefault(kind, []).append(f"{used:.2f}")
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        parts = [f"{kind} {'/'.join(sorted(v, reverse=True))}" for kind, v in sorted(busy.items())]
        return f"Chromium CPU s/s: {', '.join(parts) or 'none running'}; load {load}"
    except Exception as err:  # noqa: BLE001 - a diagnosis must not hide the failure it explains
        return f"Chromium's processes unreadable ({type(err).__name__})"


def evaluate(page, expression: str, arg=None, timeout_ms: float = WAIT_MS, what: str | None = None):
    """page.evaluate(expression, arg), given up after
    timeout_ms (a promise that never settles, a renderer
    that never answers)."""
    return within(
        page,
        page._impl_obj.evaluate(expression, arg),
        timeout_ms,
        what or f"page.evaluate({' '.join(expression.split())[:120]})",
    )


def download_path(download, timeout_ms: float = WAIT_MS) -> Path:
    """The downloaded file, once its download has finished
    (download.path(), given up after timeout_ms)."""
    return within(
        download,
        download._impl_obj.path(),
        timeout_ms,
        f"the download of {download.suggested_filename!r} to finish",
    )


def save_download(download, path, timeout_ms: float = WAIT_MS) -> None:
    """download.save_as(path), which waits for the download to finish, given up after timeout_ms."""
    within(
        download,
        download._impl_obj.save_as(path),
        timeout_ms,
        f"the download of {download.suggested_filename!r} to finish and be saved",
    )


# -----------------------------------------------------------------
# driving the app by semantics identifiers


def sel(ident: str) -> str:
    return f'[flt-semantics-identifier="{ident}"]'


def open_app(page, url: str) -> None:
    watch(page)
    page.goto(url)
    # Locators, not wait_for_function: they also work under the server's policy (no eval). A join
    # address (token after '#') shows the join page first, which reloads into the app's own page.
    page.locator("script[src='flutter_bootstrap.js']").wait_for(state="attached", timeout=WAIT_MS)
    page.locator("#loading").wait_for(state="detached", timeout=WAIT_MS)
    enable_semantics(page)


def enable_semantics(page) -> None:
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        left_ms = max(1_000, (deadline - time.monotonic()) * 1000)
        if evaluate(
            page,
            """() => { const e = document.querySelector('flt-semantics-placeholder');
                                     if (e) e.dispatchEvent(new Event('click'));
                                     return !!document.querySelector('flt-semantics'); }""",
            timeout_ms=left_ms,
            what="the page, asked to build its semantics tree",
        ):
            return
        page.wait_for_timeout(250)
    raise AssertionError("the semantics tree never appeared")


def tap(page, ident: str) -> None:
    loc = page.locator(sel(ident)).first
    attached(page, ident)
    try:
        loc.click(timeout=20_000)
    except PlaywrightTimeout:
        # Seen rarely under load: the node is there but never passes Playwright's visible-and-stable
        # check, so no click was sent. Ask Flutter for its semantics tree again and send the click
        # without that check (still one click: the first attempt sent none).
        enable_semantics(page)
        loc = page.locator(sel(ident)).first
        loc.wait_for(state="attached", timeout=WAIT_MS)
        loc.click(timeout=WAIT_MS, force=True)


def text(page, ident: str, timeout: int = WAIT_MS) -> str:
    """The node's text. Read in slices, as `attached` waits: Flutter may drop its semantics tree
    between the node being found and read (seen after a reload under load, test_deal_draft.py:
    the read then waited its 30 s for a node that only a click on the placeholder brings back)."""
    loc = page.locator(sel(ident)).first
    deadline = time.monotonic() + timeout / 1000
    while True:
        attached(page, ident, max(1_000, int((deadline - time.monotonic()) * 1000)))
        try:
            return " ".join((loc.text_content(timeout=5_000) or "").split())
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{ident!r} could not be read within {timeout / 1000:g} s; "
                    f"{what_the_page_shows(page)}"
                ) from None


def attached(page, ident: str, timeout: int = WAIT_MS) -> None:
    """Wait for the node `ident`; if it never comes, fail
    saying what the page showed instead: its address,
    the identifiers in its semantics tree and a screenshot's
    path (a run that fails once under load can then
    be read, not guessed at)."""
    loc = page.locator(sel(ident)).first
    deadline = time.monotonic() + timeout / 1000
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        try:
            # In slices: under load Flutter has been seen to drop its whole semantics tree (its
            # placeholder comes back, as before the first click), so a node that was there is gone
            # for good. Between slices the placeholder, if it is back, is clicked again; a node that
            # never comes still fails.
            loc.wait_for(state="attached", timeout=max(1, min(left_ms, 10_000)))
            return
        except PlaywrightTimeout:
            if left_ms <= 10_000:
                raise AssertionError(
                    f"{ident!r} never appeared within {timeout / 1000:g} s; "
                    f"{what_the_page_shows(page)}"
                ) from None
            _semantics_back_on(page)


def _semantics_back_on(page) -> None:
    """Click Flutter's semantics placeholder if it is there
    (the tree is off); bounded, best effort."""
    with contextlib.suppress(Exception):
        evaluate(
            page,
            """() => { const e = document.querySelector('flt-semantics-placeholder');
                                  if (e) e.dispatchEvent(new Event('click')); }""",
            timeout_ms=5_000,
            what="the semantics placeholder, clicked again",
        )


def what_the_page_shows(page) -> str:
    """The page's address, its semantics identifiers and a
    screenshot's path, each bounded and best effort."""
    told = [f"at {page.url}"]
    try:
        idents = evaluate(
            page,
            """() => [...document.querySelectorAll('[flt-semantics-identifier]')]
                                        .map(e => e.getAttribute('flt-semantics-identifier'))""",
            timeout_ms=10_000,
            what="the page's semantics identifiers",
        )
        told.append(f"{len(idents)} identifiers: {' '.join(idents[:80])}")
    except Exception as err:  # noqa: BLE001 - a diagnosis must not hide the failure it explains
        told.append(f"identifiers unreadable ({type(err).__name__}); {page_stacks(page)}")
    try:
        import tempfile

        shot = Path(tempfile.mkdtemp(prefix="seep-e2e-")) / "page.png"
        page.screenshot(path=str(shot), timeout=10_000)
        told.append(f"screenshot {shot}")
    except Exception as err:  # noqa: BLE001
        told.append(f"no screenshot ({type(err).__name__})")
    return "; ".join(told)


def wait_until(page, predicate: str, arg=None, timeout: int = WAIT_MS, what: str = "") -> None:
    """Wait until the page's `predicate` (a function's source, given `arg`) returns true.

    Polled through `evaluate`, as the DevTools protocol runs it, not `page.wait_for_function`,
    which compiles its text inside the page: the server's Content-Security-Policy forbids that,
    and a test should see the app under the policy a phone gets (test_phone_comes_back.py)."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        if evaluate(page, predicate, arg, timeout_ms=max(1_000, left_ms), what=what or predicate):
            return
        if left_ms <= 0:
            raise PlaywrightTimeout(
                f"{what or predicate}: not true within {timeout / 1000:g} s; "
                f"{what_the_page_shows(page)}"
            )
        time.sleep(0.1)


def at_route(page, pattern: str, timeout: int = WAIT_MS) -> str:
    """Wait until the address (its path, or its hash on the phone-only site) matches `pattern`, a
    regular expression searched in it, and return that address. The app draws the new screen
    first and tells the browser its address just after (app.go: a second message), so a test
    that reads the address, or reloads, as soon as a screen has come waits for it here; a person
    cannot reload within those milliseconds, a test on a loaded machine can."""
    where = "() => location.pathname + location.hash"
    wait_until(
        page,
        "(p) => new RegExp(p).test(location.pathname + location.hash)",
        pattern,
        timeout,
        what=f"the address to match {pattern}",
    )
    return evaluate(page, where)


def match_on_screen(page) -> str:
    """The id of the match on screen, from the address once it names one."""
    return re.search(r"/match/([^/?#]+)", at_route(page, r"/match/[^/?#]+")).group(1)


_SEMANTICS_LAYOUT = """() => [...document.querySelectorAll('[flt-semantics-identifier]')]
    .map(e => { const r = e.getBoundingClientRect();
                return [e.getAttribute('flt-semantics-identifier'), r.x, r.y, r.width, r.height,
                        e.textContent].join(' '); }).join('|')"""


def settled_screenshot(page, path=None, timeout_ms: int = WAIT_MS) -> bytes:
    """A screenshot of the page once it has settled: two in a row 400 ms apart show the same
    pixels and the same semantics boxes and texts. A fixed wait before a screenshot is a guess:
    under load the frame after a resize (the server's new layout, then the paint) came after it,
    and a check read a half-drawn screen (test_urdu.py). `path`: where to save it too."""
    deadline = time.monotonic() + timeout_ms / 1000
    before = (page.screenshot(), evaluate(page, _SEMANTICS_LAYOUT, what="the semantics layout"))
    while True:
        page.wait_for_timeout(400)
        now = (page.screenshot(), evaluate(page, _SEMANTICS_LAYOUT, what="the semantics layout"))
        if now == before:
            break
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never settled within {timeout_ms / 1000:g} s")
        before = now
    if path is not None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)  # a fresh clone has no folder yet
        Path(path).write_bytes(now[0])
    return now[0]


def wait_text(page, ident: str, needle: str, timeout: int = WAIT_MS) -> str:
    wait_until(
        page,
        """([s, needle]) => { const e = document.querySelector(s);
                              return !!e && e.textContent.includes(needle); }""",
        [sel(ident), needle],
        timeout,
        f"{ident!r} showing {needle!r}",
    )
    return text(page, ident)


def wait_present(page, ident: str, timeout: int = WAIT_MS) -> None:
    attached(page, ident, timeout)


def wait_absent(page, ident: str, timeout: int = WAIT_MS) -> None:
    wait_until(page, "(s) => !document.querySelector(s)", sel(ident), timeout, f"{ident!r} gone")


def type_into(page, ident: str, value: str) -> None:
    field = page.locator(f"{sel(ident)} input").first
    field.wait_for(state="attached", timeout=WAIT_MS)
    field.click()
    field.fill(value)


def type_keys(page, ident: str, keys: str) -> None:
    """Tap the field, wait until it has the focus, then press `keys` where the cursor is, and wait
    until the field holds them: a person types once the cursor shows; keys sent in the moment
    between the tap and the focus were lost (test_new_match_hints: "re" arrived as "e")."""
    selector = f"{sel(ident)} input"
    page.locator(selector).first.click()
    wait_until(
        page,
        "(s) => document.activeElement === document.querySelector(s)",
        selector,
        what=f"{ident} to have the focus",
    )
    page.keyboard.type(keys)
    wait_until(
        page,
        "([s, v]) => document.querySelector(s)?.value === v",
        [selector, keys],
        what=f"{ident} to hold {keys!r}",
    )


def type_kept(page, ident: str, value: str, tries: int = 3) -> None:
    """Type `value`, then check the field holds it; type
    again only where it verifiably does not (under
    heavy CPU load a frame rebuilt while typing can drop the keys, as `tap_until` says of taps)."""
    field = page.locator(f"{sel(ident)} input").first
    for _ in range(tries):
        type_into(page, ident, value)
        page.wait_for_timeout(300)
        if field.input_value() == value:
            return
    assert field.input_value() == value, f"{ident} does not keep {value!r}"


def tap_until(page, ident: str, check_ident: str, needle: str, first_wait_ms: int = 5_000) -> None:
    """Tap, then wait until `check_ident`'s text holds
    `needle`. Under heavy CPU load Flutter can drop a
    tap that lands while a frame is being rebuilt; the
    semantics value shows whether it registered, so
    tap once more only when it verifiably did not (the state is unchanged), never blindly."""
    tap(page, ident)
    try:
        wait_text(page, check_ident, needle, timeout=first_wait_ms)
        return
    except Exception:
        pass
    tap(page, ident)
    wait_text(page, check_ident, needle)


# For each identifier: its box, and whether the browser's topmost node at the box's centre is the
# node itself or inside it (False: something covers it; None: the centre is off the screen).
SHOWN = """(ids) => Object.fromEntries(ids.map((i) => {
  const e = document.querySelector(`[flt-semantics-identifier="${i}"]`);
  if (!e) return [i, null];
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const top = inside ? document.elementFromPoint(x, y) : null;
  return [i, {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
              own: inside ? !!top && (top === e || e.contains(top)) : null}];
}))"""


def not_shown(page, ids: list[str]) -> dict:
    """The identifiers among `ids` that are not wholly on the screen, uncovered."""
    boxes = evaluate(page, SHOWN, ids, what="the controls' boxes")
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    bad = {}
    for ident, b in boxes.items():
        if b is None:
            bad[ident] = "absent"
        elif not b["own"] or b["top"] < -0.5 or b["bottom"] > height + 0.5:
            bad[ident] = b
        elif b["left"] < -0.5 or b["right"] > width + 0.5:
            bad[ident] = b
    return bad


def wait_shown(page, ids: list[str], timeout: int = WAIT_MS) -> None:
    """Wait until `ids` are all wholly on the screen and uncovered (`not_shown`)."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        missing = not_shown(page, ids)
        if not missing:
            return
        if time.monotonic() > deadline:
            raise AssertionError(
                f"not in sight within {timeout / 1000:g} s: {missing}; {what_the_page_shows(page)}"
            )
        page.wait_for_timeout(250)
