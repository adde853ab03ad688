"""The phone-only app's entry point (the published site's main.py runs `run()` under Pyodide).

The same app as the served one, with its store on the browser's storage:
IndexedDB is loaded into the store's folder before the store opens (webfs.py).
"""

from __future__ import annotations

import logging

import flet as ft

from . import webfs, webprofile
from .app import main as app_main
from .app import make_main

log = logging.getLogger(__name__)


def _no_storage():
    raise OSError("the browser's storage is not available")


async def browser_main(page: ft.Page) -> None:
    webprofile.mark("session")
    try:
        await webfs.load()
    except (
        Exception
    ):  # private mode or storage blocked: say the matches cannot be kept, never a traceback
        log.exception("cannot load the browser's storage")
        await make_main(_no_storage)(page)
        return
    webprofile.mark("storage-loaded")
    await app_main(page)
    webprofile.mark("first-screen")
    webprofile.report_imports()


def run() -> None:
    webprofile.mark("imports-done")
    ft.run(browser_main)
