"""The phone-only app's store, in plain Python: under Pyodide
(sys.platform "emscripten") the data folder is
the fixed folder backed by IndexedDB, and a store call that
wrote something is flushed to the browser's
storage before off_loop returns (so before the UI says "saved"); a call that only read is not."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from seep_scorer.app.shell import handlers as base
from seep_scorer.app.shell import state
from seep_scorer.phone import storage as webfs
from seep_scorer.store import files as atomic
from seep_scorer.store import files as datadir


@pytest.fixture
def browser(monkeypatch, request):
    """sys.platform as in Pyodide, and a recording flush in place of IndexedDB's."""
    events: list[str] = []

    async def flush():
        await asyncio.sleep(0)
        events.append("flushed")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(webfs, "flush", flush)
    state.use_browser_storage(webfs)  # as the phone-only app's start does (phone/main.py)
    request.addfinalizer(lambda: state.use_browser_storage(None))
    return events


def test_the_browser_keeps_matches_in_the_folder_mounted_on_indexeddb(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", "/elsewhere")
    assert datadir.default_data_dir() == datadir.BROWSER_DATA_DIR == Path("/data/seep-scorer")


def test_a_write_is_flushed_before_off_loop_returns(browser, tmp_path):
    def save():
        atomic.atomic_write_bytes(tmp_path / "m.json", b"{}")
        browser.append("written")
        return "saved"

    assert asyncio.run(base.off_loop(save)) == "saved"
    assert browser == ["written", "flushed"]


def test_a_read_is_not_flushed(browser, tmp_path):
    (tmp_path / "m.json").write_bytes(b"{}")
    assert asyncio.run(base.off_loop(lambda: (tmp_path / "m.json").read_bytes())) == b"{}"
    assert browser == []


def test_a_call_that_wrote_and_then_failed_is_flushed_too(browser, tmp_path):
    def half():
        atomic.atomic_write_bytes(tmp_path / "m.json", b"{}")
        raise OSError("disk full")

    with pytest.raises(OSError):
        asyncio.run(base.off_loop(half))
    assert browser == ["flushed"]


def test_a_failed_flush_is_a_store_fault_not_an_acknowledged_save(browser, monkeypatch, tmp_path):
    async def refused():
        raise webfs.BrowserStorageError("The browser's storage refused: QuotaExceededError")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(webfs, "flush", refused)
    with pytest.raises(base.STORE_FAULTS):
        asyncio.run(base.off_loop(atomic.atomic_write_bytes, tmp_path / "m.json", b"{}"))


def test_on_a_server_store_calls_run_in_a_thread_and_never_flush(monkeypatch, tmp_path):
    import threading

    async def flush():
        raise AssertionError("no flush on a server")

    monkeypatch.setattr(webfs, "flush", flush)
    main = threading.get_ident()
    ident = asyncio.run(
        base.off_loop(
            lambda: (atomic.atomic_write_bytes(tmp_path / "m", b""), threading.get_ident())
        )
    )
    assert ident[1] != main


def test_every_atomic_replacement_is_counted(tmp_path):
    before = atomic.replacements
    atomic.atomic_write_bytes(tmp_path / "a", b"1")
    with atomic.atomic_writer(tmp_path / "b") as f:
        f.write(b"2")
    assert atomic.replacements == before + 2
    with pytest.raises(RuntimeError):
        with atomic.atomic_writer(tmp_path / "c") as f:
            raise RuntimeError("abandoned: nothing replaced")
    assert atomic.replacements == before + 2


def test_the_daily_backup_runs_within_the_save_where_there_are_no_threads(monkeypatch, tmp_path):
    """Pyodide cannot start a thread: the backup that a
    long-running server takes in the background is
    taken inline there (and so flushed with the save)."""
    import threading

    from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(tmp_path / "data", fresh=True)
    try:
        m = Match(
            PRESETS["standard"],
            MatchFormat("open", None),
            (Team("A", ("Asha", "Chitra")), Team("B", ("Bilal", "Dev"))),
            0,
            (),
        )
        repo.create(m.with_deals([Deal(points=(50, 50))]))
        for old in repo.auto_backups():
            old.unlink()

        def no_threads(*a, **k):
            raise RuntimeError("can't start new thread")

        monkeypatch.setattr(threading, "Thread", no_threads)
        monkeypatch.setattr(sys, "platform", "emscripten")
        repo.auto_backup.next_check = 0
        repo.auto_backup.backup_if_due()
        assert len(repo.auto_backups()) == 1
    finally:
        close_all()
