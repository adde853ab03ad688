"""The phone-only app's storage: the store's folder kept in the browser's IndexedDB (Emscripten's IDBFS).

Pyodide's files live in memory and vanish on reload. `load()` mounts IDBFS on
the store's folder and copies what IndexedDB holds into it, once, before the
store opens; `flush()` copies the folder's changes back and returns only when
IndexedDB has them, so a save is acknowledged only once it would survive the
browser being killed. Only the browser build (sys.platform "emscripten") calls
these; `pyodide_js` exists only there, so it is imported inside them.
"""

from __future__ import annotations

import asyncio
import os

from ..store.datadir import BROWSER_DATA_DIR

__all__ = ["load", "flush", "BrowserStorageError"]

_lock: asyncio.Lock | None = None  # one sync at a time: Emscripten warns of, and redoes, overlapping ones
_mounted = False


class BrowserStorageError(OSError):
    """IndexedDB refused (storage full, private mode, blocked): an OSError, so the UI reports it as a disk fault."""


async def _syncfs(populate: bool) -> None:
    """FS.syncfs(populate, callback), awaited: True loads IndexedDB into memory, False saves memory to it."""
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
    """Mount IndexedDB on the store's folder and read what it holds (once per page)."""
    global _mounted
    if _mounted:
        return
    import pyodide_js

    os.makedirs(BROWSER_DATA_DIR, exist_ok=True)
    fs = pyodide_js.FS
    fs.mount(fs.filesystems.IDBFS, {}, str(BROWSER_DATA_DIR))
    _mounted = True
    await _syncfs(True)


async def flush() -> None:
    """Write the folder's changes to IndexedDB; returns once they are stored."""
    if _mounted:
        await _syncfs(False)
