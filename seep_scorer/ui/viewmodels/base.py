"""What every view-model shares: running store calls off the event loop, and what the store may
raise."""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable

from ...store import atomic
from ...store.repository import StoreError

__all__ = ["off_loop", "STORE_FAULTS"]

# What the store may raise: its own refusals, and the operating system's (a full disk, a lost
# folder).
STORE_FAULTS = (StoreError, OSError)


async def off_loop(fn: Callable, *args) -> Any:
    """`fn(*args)` where it cannot stall the event loop that serves every phone: a worker thread
    (which gets this task's context, so the session's language comes along). The browser build
    (Pyodide) has no threads: there it runs right here, and what it wrote is flushed to the
    browser's storage before the caller (and so the user) hears it is saved. The app may be open
    in other tabs too: the call takes its turn among them, on what they saved (webfs.turn)."""
    if sys.platform == "emscripten":
        from .. import webfs

        async with webfs.turn():
            before = atomic.replacements
            try:
                return fn(*args)
            finally:
                if atomic.replacements != before:
                    await webfs.flush()
    return await asyncio.to_thread(fn, *args)
