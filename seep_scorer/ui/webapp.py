"""The phone-only app's entry point (the published site's main.py runs `run()` under Pyodide).

The same app as the served one, with its store on the browser's storage:
IndexedDB is loaded into the store's folder before the store opens (webfs.py).

The moments of its boot are DEBUG records of the `seep_scorer.boot` logger, shown by nothing
unless a profiler listens (bench/webprofile.py).
"""

from __future__ import annotations

import logging
import time

import flet as ft

from . import webfs
from .app import main as app_main
from .app import make_main

log = logging.getLogger(__name__)
boot = logging.getLogger("seep_scorer.boot")


def moment(what: str) -> None:
    """`<what> <epoch ms>` for a profiler, if one listens."""
    if boot.isEnabledFor(logging.DEBUG):
        boot.debug("%s %.0f", what, time.time() * 1000.0)


def _no_storage():
    raise OSError("the browser's storage is not available")


async def browser_main(page: ft.Page) -> None:
    moment("session")
    try:
        await webfs.load()
    except (
        Exception
    ):  # private mode or storage blocked: say the matches cannot be kept, never a traceback
        log.exception("cannot load the browser's storage")
        await make_main(_no_storage)(page)
        return
    moment("storage-loaded")
    await app_main(page)
    moment("first-screen")


def run() -> None:
    moment("imports-done")
    ft.run(browser_main)
