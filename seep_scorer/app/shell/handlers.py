"""Running the app's work: store calls off the event loop (`off_loop`), and event handlers that
never show a traceback and never interleave two changes.

Event handlers that never show a traceback and never interleave two changes."""

from __future__ import annotations

import asyncio
import inspect
import logging
import sys
from typing import Any, Awaitable, Callable

from seep_scorer.app.shell import state
from seep_scorer.i18n import translate as i18n
from seep_scorer.store import files as atomic
from seep_scorer.store.repository import StoreError

__all__ = [
    "off_loop",
    "STORE_FAULTS",
    "make_handler",
]

log = logging.getLogger(__name__)


def make_handler(
    fn: Callable,
    args: tuple,
    *,
    event: bool,
    locale: i18n.UILocale,
    lock,
    still_current: Callable[[], bool],
    fault: Callable[[], Awaitable[None]],
    fault_now: Callable[[], None],
) -> Callable:
    """An event handler running `fn(*args)` (`fn(e, *args)` with `event`).

    A coroutine function runs in the session's language under the session's `lock`, and not at all
    once `still_current()` is false (the second tap of a double tap on "Save" must not save twice).
    Whatever fails is logged and the user is told in one plain sentence (`fault`, `fault_now`).
    """
    if inspect.iscoroutinefunction(fn):

        async def run_async(e=None):
            with i18n.using(locale):
                async with lock:
                    if not still_current():
                        return
                    try:
                        await (fn(e, *args) if event else fn(*args))
                    except Exception:
                        log.exception("a handler failed")
                        await fault()

        return run_async

    def run(e=None):
        try:
            fn(e, *args) if event else fn(*args)
        except Exception:
            log.exception("a handler failed")
            fault_now()

    return run


# ---- store calls off the event loop
# What every view-model shares: running store calls off the event loop, and what the store may
# raise.

# What the store may raise: its own refusals, and the operating system's (a full disk, a lost
# folder).
STORE_FAULTS = (StoreError, OSError)


async def off_loop(fn: Callable, *args) -> Any:
    """`fn(*args)` where it cannot stall the event loop that serves every phone: a worker thread
    (which gets this task's context, so the session's language comes along). The browser build
    (Pyodide) has no threads: there it runs right here, and what it wrote is flushed to the
    browser's storage before the caller (and so the user) hears it is saved. The app may be open
    in other tabs too: the call takes its turn among them, on what they saved (phone/storage.py)."""
    if sys.platform == "emscripten":
        webfs = state.browser_storage()
        if webfs is None:  # no browser storage handed over (a test): nothing to flush to
            return fn(*args)
        async with webfs.turn():
            before = atomic.replacements
            try:
                return fn(*args)
            finally:
                if atomic.replacements != before:
                    await webfs.flush()
    return await asyncio.to_thread(fn, *args)
