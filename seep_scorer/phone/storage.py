"""The phone-only app's storage: the store's folder kept in the browser's IndexedDB (Emscripten's
IDBFS).

Pyodide's files live in memory and vanish on reload. `load()` mounts IDBFS on
the store's folder and copies what IndexedDB holds into it, once, before the
store opens; `flush()` copies the folder's changes back and returns only when
IndexedDB has them, so a save is acknowledged only once it would survive the
browser being killed. Only the browser build (sys.platform "emscripten") calls
these; `pyodide_js` exists only there, so it is imported inside them.

The app may be open in several tabs of one browser (the home-screen app and a
browser tab): each has its own copy of the folder in memory, and a flush makes
IndexedDB equal to that copy, so a tab that saved from an old copy would wipe
what another tab saved since. Every store call therefore runs inside `turn()`:
one tab at a time (a Web Lock), and a tab whose copy is older than IndexedDB
reads it again first. A generation token beside IndexedDB's files, new after
every flush, says whether it is older, so calls in a tab nobody else wrote
from cost one small read. The store then sees the other tab's saves as it sees
another process's (index generation, revision checks: a stale save is refused).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from contextlib import asynccontextmanager

from seep_scorer.store.files import BROWSER_DATA_DIR

__all__ = ["load", "flush", "turn", "tab_channel", "BrowserStorageError"]
boot = logging.getLogger("seep_scorer.boot")  # figures for a profiler (bench/webprofile.py)

_lock: asyncio.Lock | None = (
    None  # one sync at a time: Emscripten warns of, and redoes, overlapping ones
)
_turn_lock: asyncio.Lock | None = None  # one store call at a time in this tab, too
_mounted = False
_load_failed: Exception | None = None  # the first load's fault: every later load() raises it
_UNKNOWN = object()  # before the first turn: read IndexedDB again whatever its token says
_seen: object = _UNKNOWN  # the generation token this tab's copy of the folder matches
_js = None  # the helpers below, made once

LOCK_NAME = "seep-scorer-store"
LOCK_WAIT_MS = 60_000  # a turn is a store call and two syncs: this long, the other tab is stuck

# Web Locks: held from the grant until Python calls the release function it is given (null where the
# browser has none: a page on plain http other than localhost). The token lives in a database of its
# own, not in the files IDBFS mirrors (a flush would put each tab's own token back).
_HELPERS_JS = """
(() => {
  let db = null;
  const open = () => db || (db = new Promise((resolve, reject) => {
    const req = indexedDB.open("seep-scorer-tabs", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("state");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => { db = null; reject(req.error); };
  }));
  const tx = async (mode, use) => {
    const store = (await open()).transaction("state", mode).objectStore("state");
    return new Promise((resolve, reject) => {
      const req = use(store);
      req.transaction.oncomplete = () => resolve(req.result === undefined ? null : req.result);
      req.transaction.onerror = req.transaction.onabort = () => reject(req.transaction.error);
    });
  };
  return {
    hold: (name, waitMs) => new Promise((granted, refused) => {
      if (!self.navigator || !navigator.locks) { granted(null); return; }
      const options = {signal: AbortSignal.timeout(waitMs)};
      navigator.locks.request(name, options, () => new Promise((release) => granted(release)))
        .catch(refused);
    }),
    token: () => tx("readonly", (store) => store.get("generation")),
    setToken: (value) => tx("readwrite", (store) => store.put(value, "generation")),
  };
})()
"""


class BrowserStorageError(OSError):
    """IndexedDB refused (storage full, private mode, blocked): an OSError, so the UI reports it as
    a disk fault."""


def _helpers():
    global _js
    if _js is None:
        from pyodide.code import run_js

        _js = run_js(_HELPERS_JS)
    return _js


async def _js_call(what: str, call):
    """Await a JS promise; its failure is the browser's storage refusing (not a JsException)."""
    try:
        return await call
    except Exception as err:  # pyodide.ffi.JsException: the browser's own error, in its own words
        raise BrowserStorageError(f"The browser's storage refused ({what}): {err}") from None


async def _syncfs(populate: bool) -> None:
    """FS.syncfs(populate, callback), awaited: True loads IndexedDB into memory, False saves memory
    to it."""
    import pyodide_js
    from pyodide.ffi import create_once_callable

    global _lock
    _lock = _lock or asyncio.Lock()
    async with _lock:
        done = asyncio.get_running_loop().create_future()

        def finished(err=None) -> None:
            if done.done():
                return
            if err:
                done.set_exception(BrowserStorageError(f"The browser's storage refused: {err}"))
            else:
                done.set_result(None)

        pyodide_js.FS.syncfs(populate, create_once_callable(finished))
        await done


async def load() -> None:
    """Mount IndexedDB on the store's folder and read what it holds (once per page: the page's
    worker calls it before the app starts, webapp.prepare, and the app again; a read that failed
    fails every later call too, so the app says its matches cannot be kept)."""
    global _mounted, _load_failed
    if _mounted:
        if _load_failed is not None:
            raise _load_failed
        return
    import pyodide_js

    os.makedirs(BROWSER_DATA_DIR, exist_ok=True)
    fs = pyodide_js.FS
    fs.mount(fs.filesystems.IDBFS, {}, str(BROWSER_DATA_DIR))
    _mounted = True
    try:
        async with turn():  # read under the lock, so the token noted matches what was read
            pass
    except Exception as err:
        _load_failed = err
        raise


@asynccontextmanager
async def turn():
    """One store call, alone among the tabs, on a copy of the folder as new as IndexedDB's."""
    global _turn_lock, _seen
    if not _mounted:
        yield
        return
    _turn_lock = _turn_lock or asyncio.Lock()
    async with _turn_lock:
        js = _helpers()
        asked = time.perf_counter()
        release = await _js_call("lock", js.hold(LOCK_NAME, LOCK_WAIT_MS))
        held = ready = time.perf_counter()
        reread = False
        try:
            token = await _js_call("read", js.token())
            if token is None or token != _seen:  # another tab flushed since (or none has said)
                _seen, reread = _UNKNOWN, True
                await _syncfs(True)
                _seen = token
            ready = time.perf_counter()
            yield
        finally:
            if release is not None:
                release()
            done = time.perf_counter()
            boot.debug(
                "turn wait %.1f hold %.1f reread %s %.1f",
                (held - asked) * 1000,
                (done - held) * 1000,
                reread,
                (ready - held) * 1000,
            )


async def flush() -> None:
    """Write the folder's changes to IndexedDB; returns once they are stored (within `turn()`)."""
    global _seen
    if _mounted:
        # The new token first: if the files then fail to store, every tab (this one too) reads
        # IndexedDB again rather than trusting a copy that IndexedDB may not match.
        _seen, token = _UNKNOWN, secrets.token_hex(8)
        start = time.perf_counter()
        await _js_call("write", _helpers().setToken(token))
        stored = time.perf_counter()
        await _syncfs(False)
        _seen = token
        boot.debug(
            "flush token %.1f files %.1f",
            (stored - start) * 1000,
            (time.perf_counter() - stored) * 1000,
        )


def tab_channel(heard):
    """A BroadcastChannel to the app's other tabs in this browser: `heard(match_id or None)` when
    one of them says it saved (its `postMessage(match_id or "")`, once its flush is done)."""
    import js
    from pyodide.ffi import create_proxy

    channel = js.BroadcastChannel.new("seep-scorer-saved")
    channel.onmessage = create_proxy(lambda event: heard(str(event.data) or None))
    return channel
