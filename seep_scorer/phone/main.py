"""The phone-only app's entry point (the published site's main.py runs `run()` under Pyodide).

The same app as the served one, with its store on the browser's storage:
IndexedDB is loaded into the store's folder before the store opens (phone/storage.py).

The moments of its boot are DEBUG records of the `seep_scorer.boot` logger, shown by nothing
unless a profiler listens (bench/webprofile.py).
"""

from __future__ import annotations

import logging
import time

import flet as ft

from seep_scorer.app.shell import state
from seep_scorer.app.shell.app import default_repository, make_main
from seep_scorer.app.shell.app import main as app_main
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.phone import peer, sharing
from seep_scorer.phone import storage as webfs

log = logging.getLogger(__name__)
boot = logging.getLogger("seep_scorer.boot")


def moment(what: str) -> None:
    """`<what> <epoch ms>` for a profiler, if one listens."""
    if boot.isEnabledFor(logging.DEBUG):
        boot.debug("%s %.0f", what, time.time() * 1000.0)


# Flet's names the start (ft.run) and first screen (the matches list) use beyond this module's
# imports: resolved by `warm()`, so a start from Python's memory snapshot imports none of them
# (Icons alone is a big module). tests/ui/test_lazy_start.py checks that the first screen imports
# nothing more.
FIRST_SCREEN_FLET = (
    "Button",
    "Column",
    "Component",
    "Container",
    "ExpansionTile",
    "FilledButton",
    "Icon",
    "Icons",
    "ListTile",
    "OutlinedButton",
    "PopupMenuButton",
    "Row",
    "Semantics",
    "SnackBar",
    "Text",
    "TextField",
    "TextSpan",
    "Theme",
    "Wakelock",
    "run",  # flet.app: the session, the protocol, msgpack (main.py's ft.run)
)


def warm() -> None:
    """Import what the first screen needs besides this module: the store it opens (TinyDB) and
    Flet's controls it draws. The published page runs it before Python's memory snapshot is taken
    (phone/webfiles.py), so every later start has them already; it touches no storage."""
    from seep_scorer.store import registry, tinyrepo  # noqa: F401  (open_repository's own lazy import)

    for name in FIRST_SCREEN_FLET:
        getattr(ft, name)


async def prepare() -> None:
    """What the app's start needs of the browser, done as soon as Python is up, while Flutter still
    loads (the page's Python worker awaits it before main.py): IndexedDB read into the store's
    folder and the store opened, so the first screen only reads its list. A fault here is left for
    `browser_main` to meet again and report (webfs.load remembers a failed read)."""
    moment("prepare")
    try:
        await webfs.load()
        await off_loop(default_repository)
    except Exception:
        log.info("the store could not be prepared; the app's start says why", exc_info=True)
    moment("prepared")


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
    state.use_browser_storage(webfs)  # the app's saves reach the browser's storage through it
    state.use_table_sharing(sharing.start(peer.start(), default_repository))
    ft.run(browser_main)
