"""The phone-only app open in several tabs, in plain Python: every store call takes its turn
(webfs.turn: a lock across the site's tabs, and IndexedDB read again when another tab has flushed
since), and a flush stores a new generation token before the files, so a tab never saves from a
copy older than IndexedDB. The browser itself (Web Locks, IndexedDB, IDBFS) is faked here;
tests/e2e/test_published_tabs.py runs the real thing with two tabs."""

from __future__ import annotations

import asyncio
import sys

import pytest

from seep_scorer.app.shell import handlers as base
from seep_scorer.app.shell import state
from seep_scorer.phone import storage as webfs
from seep_scorer.store import files as atomic


class FakeBrowser:
    """The helpers webfs gets from JS, and IDBFS's syncfs: one token shared by the 'tabs'."""

    def __init__(self):
        self.events: list[str] = []
        self.stored_token: str | None = None
        self.refuse: str | None = None

    async def hold(self, name, wait_ms):
        assert name == webfs.LOCK_NAME and wait_ms > 0
        self.events.append("lock")
        return lambda: self.events.append("unlock")

    async def token(self):
        if self.refuse == "read":
            raise RuntimeError("InvalidStateError: the database connection is closing")
        return self.stored_token

    async def setToken(self, value):  # noqa: N802 (the JS helper's name)
        self.events.append("token")
        self.stored_token = value

    async def syncfs(self, populate: bool):
        self.events.append("reread" if populate else "flush")


@pytest.fixture
def tabs(monkeypatch, request):
    fake = FakeBrowser()
    monkeypatch.setattr(sys, "platform", "emscripten")
    state.use_browser_storage(webfs)  # as the phone-only app's start does (phone/main.py)
    request.addfinalizer(lambda: state.use_browser_storage(None))
    monkeypatch.setattr(webfs, "_mounted", True)
    monkeypatch.setattr(webfs, "_seen", webfs._UNKNOWN)
    monkeypatch.setattr(webfs, "_turn_lock", None)
    monkeypatch.setattr(webfs, "_helpers", lambda: fake)
    monkeypatch.setattr(webfs, "_syncfs", fake.syncfs)
    return fake


def test_a_store_call_runs_inside_its_turn_and_is_flushed_before_the_turn_ends(tabs, tmp_path):
    def save():
        atomic.atomic_write_bytes(tmp_path / "m.json", b"{}")
        tabs.events.append("written")
        return "saved"

    assert asyncio.run(base.off_loop(save)) == "saved"
    assert tabs.events == ["lock", "reread", "written", "token", "flush", "unlock"]


def test_a_tab_reads_indexeddb_again_only_when_another_tab_flushed_since(tabs, tmp_path):
    def save():
        atomic.atomic_write_bytes(tmp_path / "m.json", b"{}")

    def read():
        tabs.events.append("read")

    async def scenario():
        await base.off_loop(save)  # the first turn reads, then this tab's flush sets the token
        tabs.events.clear()
        await base.off_loop(read)
        await base.off_loop(save)
        assert tabs.events == ["lock", "read", "unlock", "lock", "token", "flush", "unlock"]
        tabs.events.clear()
        tabs.stored_token = "another tab flushed"
        await base.off_loop(read)
        await base.off_loop(read)
        assert tabs.events == ["lock", "reread", "read", "unlock", "lock", "read", "unlock"]

    asyncio.run(scenario())


def test_the_turn_ends_when_the_call_fails(tabs):
    def broken():
        raise OSError("disk full")

    with pytest.raises(OSError):
        asyncio.run(base.off_loop(broken))
    assert tabs.events[-1] == "unlock"


def test_one_call_at_a_time_within_a_tab(tabs):
    async def scenario():
        inside = []

        async def call(n):
            async with webfs.turn():
                inside.append(n)
                assert len(inside) == 1
                await asyncio.sleep(0.01)
                inside.pop()

        await asyncio.gather(call(1), call(2), call(3))

    asyncio.run(scenario())
    assert tabs.events.count("lock") == tabs.events.count("unlock") == 3


def test_a_flush_that_fails_after_its_token_makes_this_tab_read_again(tabs, tmp_path, monkeypatch):
    async def refused(populate):
        tabs.events.append("reread" if populate else "refused")
        if not populate:
            raise webfs.BrowserStorageError("The browser's storage refused: QuotaExceededError")

    monkeypatch.setattr(webfs, "_syncfs", refused)

    async def scenario():
        with pytest.raises(base.STORE_FAULTS):
            await base.off_loop(atomic.atomic_write_bytes, tmp_path / "m.json", b"{}")
        tabs.events.clear()
        await base.off_loop(lambda: None)
        # memory is IndexedDB's again, not the copy that failed to store
        assert tabs.events == ["lock", "reread", "unlock"]

    asyncio.run(scenario())


def test_the_browser_refusing_is_a_store_fault_not_a_traceback(tabs):
    tabs.refuse = "read"
    with pytest.raises(base.STORE_FAULTS, match="storage refused"):
        asyncio.run(base.off_loop(lambda: None))
    assert tabs.events == ["lock", "unlock"]


def test_outside_the_browser_a_turn_does_nothing(monkeypatch):
    monkeypatch.setattr(webfs, "_mounted", False)

    async def scenario():
        async with webfs.turn():
            return "ran"

    assert asyncio.run(scenario()) == "ran"


def test_the_page_loads_indexeddb_under_the_lock_and_its_first_call_does_not_read_it_again(
    tabs, monkeypatch, tmp_path
):
    from types import SimpleNamespace

    mounted = []
    fs = SimpleNamespace(
        filesystems=SimpleNamespace(IDBFS="IDBFS"), mount=lambda *a: mounted.append(a)
    )
    monkeypatch.setitem(sys.modules, "pyodide_js", SimpleNamespace(FS=fs))
    monkeypatch.setattr(webfs, "BROWSER_DATA_DIR", tmp_path / "data")
    monkeypatch.setattr(webfs, "_mounted", False)
    tabs.stored_token = "saved by a tab before"

    async def scenario():
        await webfs.load()
        await base.off_loop(lambda: tabs.events.append("read"))

    asyncio.run(scenario())
    assert mounted == [("IDBFS", {}, str(tmp_path / "data"))]
    assert tabs.events == ["lock", "reread", "unlock", "lock", "read", "unlock"]


def test_the_tabs_tell_each_other_of_a_save_as_phones_do_on_the_live_table(monkeypatch, request):
    """The phone-only app has no pubsub between phones; its tabs use a BroadcastChannel instead,
    and a message from another tab is handled as one from another phone (every screen re-reads)."""
    from types import SimpleNamespace

    from seep_scorer.app.shell.app import LiveTable
    from seep_scorer.app.shell.roles import TOPIC

    posted, channels = [], []

    def tab_channel(heard):
        channels.append(heard)
        return SimpleNamespace(postMessage=posted.append)

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(webfs, "tab_channel", tab_channel)
    state.use_browser_storage(webfs)  # as the phone-only app's start does (phone/main.py)
    request.addfinalizer(lambda: state.use_browser_storage(None))
    received = []

    async def on_message(topic, message):
        received.append((topic, message))

    async def scenario():
        table = LiveTable(SimpleNamespace(pubsub=None))
        table.subscribe(on_message)
        table.publish("m1")
        table.publish(None)
        channels[0]("m2")  # another tab saved match m2
        channels[0](None)
        await asyncio.sleep(0)

    asyncio.run(scenario())
    assert posted == ["m1", ""]
    assert received == [(TOPIC, ("match", "m2")), (TOPIC, ("match", None))]
