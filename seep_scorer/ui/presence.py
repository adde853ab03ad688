"""A phone whose connection is gone costs the table nothing: no live updates, no screens.

Flet keeps a session whose client left so that a reconnecting phone finds it again; Flet 1.0.5's
default keeps it an hour, with its screens (about 60 MB on a 3,000-deal scoreboard) and its pubsub
subscription, so every save re-rendered every phone that ever left. Here a session is kept for a
Wi-Fi blip (`SESSION_TIMEOUT_SECONDS`, plus up to 10 s until Flet's eviction loop runs), and while
its phone is away it hears nothing and holds only its view-models and the input on top: a deal
being entered is kept as its draft (drafts.py), a new match's names in their view-model. When the
phone comes back, the view-models re-read what changed meanwhile and every screen is built again,
the input put back; an expired session is closed by Flet.

Built again, never shown again: controls taken off the page while the phone was away are not
brought back. A screen whose view came back showed, but the phone received none of its later
changes (a card tapped after a Wi-Fi blip counted, but the card kept its colour).
"""

from __future__ import annotations

import asyncio
import logging

from .. import i18n

log = logging.getLogger(__name__)
SESSION_TIMEOUT_SECONDS = 60


def watch(app) -> None:
    """Subscribe the app (`ui.app.App`) to the live table and hook its page's connection events."""
    app.live.subscribe(app._on_message)
    tasks = set()

    def later(step):
        # Its own task: Flet awaits these in the connection's handler, which must end promptly.
        def start(e=None) -> None:
            task = asyncio.ensure_future(step(app))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        return start

    app.page.on_disconnect = later(_gone)
    app.page.on_connect = later(_back)


def _kept_input(screen) -> dict:
    """What the screen on top holds that was entered and not saved, to build it again with: a new
    match's view-model (a deal entry's is in the app's drafts already)."""
    from . import screens as scr

    return {screen.route: screen.vm} if isinstance(screen, scr.NewMatchScreen) else {}


async def _gone(app) -> None:
    async with app.lock:
        app.away = True
        app.live.pause()
        top = app.screens.get(app.route) if app.route else None
        app.resume_with(_kept_input(top) if top is not None else {})
        app.page.views.clear()
        app.update()  # forgets the old controls (Flet sends nothing to a gone client)


def _refresh_boards(boards: dict) -> list[str]:
    """Off the loop: every match view-model re-reads its match if another phone saved it meanwhile;
    the ids of those that are gone."""
    from ..store.repository import MatchNotFound, StoreError

    gone = []
    for match_id, board in list(boards.items()):
        try:
            board.refresh_if_changed()
        except MatchNotFound:
            gone.append(match_id)
        except (StoreError, OSError) as err:
            log.info("back: cannot read match %s: %s", match_id, err)
    return gone


async def _back(app) -> None:
    with i18n.using(app.locale):
        async with app.lock:
            await _show_again(app)


async def _show_again(app) -> None:
    from .viewmodels import off_loop  # here: the server imports this module for its timeout

    if not app.away:
        return
    app.away = False
    app.live.resume()
    try:
        for match_id in await off_loop(_refresh_boards, app.boards):
            app.boards.pop(match_id, None)
        await app.show(app.route or "/")
    except Exception:
        log.exception("cannot show the screens again")
        await app._show_fault()
