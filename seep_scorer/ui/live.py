"""The live table: a change saved on one phone is announced to the others (Flet's pubsub, one
topic for the whole app), which re-read what they show. The phone-only app has no other phones,
but may be open in several tabs: they tell each other through a BroadcastChannel (webfs.py)."""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable, Iterable

import flet as ft

from ..store.repository import MatchNotFound, StoreError
from . import edition
from .viewmodels import ScoreboardVM, off_loop

log = logging.getLogger(__name__)
TOPIC = "seep-scorer"


class LiveTable:
    def __init__(self, page: ft.Page):
        self.page = page
        self.on_message: Callable[[str, object], Awaitable[None]] | None = None
        self._tabs = None  # phone-only: the channel to the app's other tabs in this browser
        self._heard: set[asyncio.Task] = set()  # their messages being handled (kept from the GC)

    def subscribe(self, on_message: Callable[[str, object], Awaitable[None]]) -> None:
        self.on_message = on_message
        if edition.phone_only():  # no other phones to hear from; other tabs of this browser, maybe

            def heard(match_id: str | None) -> None:
                task = asyncio.ensure_future(on_message(TOPIC, ("match", match_id)))
                self._heard.add(task)
                task.add_done_callback(self._heard.discard)

            try:
                from . import webfs

                self._tabs = webfs.tab_channel(heard)
            except Exception:
                log.debug("no channel to other tabs", exc_info=True)
            return
        self.resume()

    def resume(self) -> None:
        if edition.phone_only() or self.on_message is None:  # the tabs' channel is never paused
            return
        try:
            self.page.pubsub.subscribe_topic(TOPIC, self.on_message)
        except Exception:
            log.debug("pubsub not available", exc_info=True)

    def pause(self) -> None:
        """The phone is away (presence.py): nothing to re-render until it is back."""
        if edition.phone_only():
            return
        try:
            self.page.pubsub.unsubscribe_topic(TOPIC)
        except Exception:
            log.debug("pubsub not available", exc_info=True)

    def publish(self, match_id: str | None) -> None:
        """Tell the other phones (or tabs) that a match (None: the list of matches) changed."""
        if edition.phone_only():
            try:
                if self._tabs is not None:
                    self._tabs.postMessage(match_id or "")
            except Exception:
                log.debug("telling the other tabs failed", exc_info=True)
            return
        try:
            self.page.pubsub.send_others_on_topic(TOPIC, ("match", match_id))
        except Exception:
            log.debug("publish failed", exc_info=True)


def reload_after_message(board: ScoreboardVM | None, screens: Iterable) -> str:
    """Off the loop: what another phone's save changed here ("gone", "moved" or "same"); every
    screen re-reads what it shows."""
    outcome = "same"
    if board is not None:
        try:
            outcome = "moved" if board.refresh_if_changed() else "same"
        except MatchNotFound:
            return "gone"
        except (StoreError, OSError) as err:
            log.info("live update: cannot read match: %s", err)
    for screen in list(screens):
        screen.load()
    return outcome


async def show_message(app, message) -> None:
    """Another phone saved (`message`: ("match", its id or None)): the app (`ui.app.App`) shows
    what changed, under its session's lock."""
    try:
        _kind, match_id = message
        board = app.boards.get(match_id) if match_id is not None else None
        shown = list(app.screens.values())
        if board is None and shown and all(s.match_id not in (None, match_id) for s in shown):
            return  # every screen here is of another match: nothing to read (a hall of tables)
        outcome = await off_loop(reload_after_message, board, list(app.screens.values()))
        if outcome == "gone":
            app.boards.pop(match_id, None)
            app.screens = {}
            await app.show("/")
            return
        if outcome == "moved":
            for screen in app.screens.values():
                if screen.match_id == match_id:
                    screen.rebase()
        if app.route is not None and app.route in app.screens:
            for screen in app.screens.values():
                screen.refresh()
        app.update()
    except Exception:
        log.exception("live update failed")
