"""Event handlers that never show a traceback and never interleave two changes."""

from __future__ import annotations

import inspect
import logging
from typing import Awaitable, Callable

from .. import i18n

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
