"""The live table: a change saved on one phone is announced to the others (Flet's pubsub), which
re-read what they show. Every announcement goes out on two topics: the whole app's (`TOPIC`),
which the organiser, the boards and every phone free to open any match hear, and its match's own
(`topic_of`), which is all a table phone of an event hears (roles.py): in a hall of thirty
tables a save wakes its own table's phones, not the hundred and twenty others. The phone-only
app has no other phones, but may be open in several tabs: they tell each other through a
BroadcastChannel (webfs.py).

In a hall, saves come in bursts (ten a second at thirty tables) and a board or the organiser
hears every one: a session whose last announcement is still waiting for its turn (the session's
lock) adds the match to that one instead of queueing another, since the one waiting reads what
is stored when it runs. So a board redraws once for a burst, not once per table, and shows
every save."""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable, Iterable

import flet as ft

from ..store.repository import MatchNotFound, StoredMatch, StoreError
from . import edition
from .viewmodels import ScoreboardVM, off_loop
from .viewmodels.eventshare import changed

log = logging.getLogger(__name__)
TOPIC = "seep-scorer"


def topic_of(match_id: str | None) -> str:
    """The topic of one match's saves ("-": the list of matches changed)."""
    return f"{TOPIC}/{match_id or '-'}"


_marked: list = [None]  # the last announcement told to the events' screens (eventshare.py)


def _mark(message) -> None:
    """Tell the events' screens which match changed, once per announcement: every session hears
    the same message object, and the first to hear it tells them (or the sender did)."""
    if message is not _marked[0]:
        _marked[0] = message
        changed(message[1])


class LiveTable:
    def __init__(self, page: ft.Page, topics: Callable[[], Iterable[str]] = lambda: (TOPIC,)):
        """`topics`: what the session hears now (asked again by `follow`)."""
        self.page = page
        self.topics = topics
        self._heard_on: tuple[str, ...] = ()  # the topics subscribed to
        self.paused = False
        self.on_message: Callable[[str, object], Awaitable[None]] | None = None
        self._tabs = None  # phone-only: the channel to the app's other tabs in this browser
        self._heard: set[asyncio.Task] = set()  # their messages being handled (kept from the GC)
        self._waiting: set[str | None] | None = None  # matches told to a delivery not yet shown
        self._saved: dict[str, StoredMatch] = {}  # the newest of those told, as stored

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
        self.paused = False
        self.follow()

    def follow(self) -> None:
        """Hear the topics the session should hear now (a table phone's match changes with the
        rounds)."""
        if edition.phone_only() or self.on_message is None:  # the tabs' channel is never paused
            return
        if self.paused:
            return
        topics = tuple(self.topics())
        if topics == self._heard_on:
            return
        self._unsubscribe()
        try:
            for topic in topics:
                self.page.pubsub.subscribe_topic(topic, self._deliver)
            self._heard_on = topics
        except Exception:
            log.debug("pubsub not available", exc_info=True)

    def pause(self) -> None:
        """The phone is away (presence.py): nothing to re-render until it is back."""
        if edition.phone_only():
            return
        self.paused = True
        self._unsubscribe()

    def _unsubscribe(self) -> None:
        heard, self._heard_on = self._heard_on, ()
        try:
            for topic in heard:
                self.page.pubsub.unsubscribe_topic(topic)
        except Exception:
            log.debug("pubsub not available", exc_info=True)

    async def _deliver(self, topic: str, message) -> None:
        """Another session saved: show it, or add it to the delivery already waiting here."""
        try:
            _kind, match_id, *saved = message
        except (TypeError, ValueError):
            return
        _mark(message)  # the events' screens read it again
        if saved and isinstance(saved[0], StoredMatch) and saved[0].id == match_id:
            known = self._saved.get(match_id)
            if known is None or known.revision < saved[0].revision:
                self._saved[match_id] = saved[0]
        if self._waiting is not None:
            self._waiting.add(match_id)
            return
        mine = self._waiting = {match_id}
        try:
            await self.on_message(topic, message)
        finally:
            if self._waiting is mine:  # never taken (the session closed): the next one delivers
                self._waiting = None

    def take(self) -> set[str | None]:
        """The matches told to this session since its delivery was queued, now being shown."""
        told, self._waiting = self._waiting or set(), None
        return told

    def take_saved(self) -> dict[str, StoredMatch]:
        """The matches as the sessions of this process saved them, told since the last call."""
        saved, self._saved = self._saved, {}
        return saved

    def publish(self, match_id: str | None, saved: StoredMatch | None = None) -> None:
        """Tell the other phones (or tabs) that a match (None: the list of matches) changed;
        `saved`: the match as it was just stored, so that the sessions of this process show it
        without reading it back (a stored revision never changes)."""
        message = ("match", match_id) if saved is None else ("match", match_id, saved)
        _mark(message)
        if edition.phone_only():
            try:
                if self._tabs is not None:
                    self._tabs.postMessage(match_id or "")
            except Exception:
                log.debug("telling the other tabs failed", exc_info=True)
            return
        try:
            self.page.pubsub.send_others_on_topic(TOPIC, message)
            self.page.pubsub.send_others_on_topic(topic_of(match_id), message)
        except Exception:
            log.debug("publish failed", exc_info=True)


def reload_after_message(boards: dict[str, ScoreboardVM], screens: Iterable) -> set[str]:
    """Off the loop: what other phones' saves changed here; every screen re-reads what it shows.
    Returns the matches of `boards` that moved, and "gone" for those no longer stored (by id, as
    `gone:<id>`)."""
    outcome: set[str] = set()
    for match_id, board in boards.items():
        try:
            if board.refresh_if_changed():
                outcome.add(match_id)
        except MatchNotFound:
            outcome.add(f"gone:{match_id}")
        except (StoreError, OSError) as err:
            log.info("live update: cannot read match: %s", err)
    if any(o.startswith("gone:") for o in outcome):
        return outcome
    for screen in list(screens):
        screen.load()
    return outcome


async def show_message(app, message) -> None:
    """Other phones saved (`message`: ("match", its id or None[, the match as stored]), and those
    told meanwhile, see LiveTable): the app (`ui.app.App`) shows what changed, under its
    session's lock. A match told as stored is taken as it is; only what is left is read back,
    off the loop (in a hall, a table's phones then wait for no thread and no file)."""
    try:
        match_id = message[1]
        live = getattr(app, "live", None)
        told = {match_id} | (live.take() if live is not None else set())
        saved = live.take_saved() if live is not None else {}
        boards = {m: app.boards[m] for m in told if m is not None and m in app.boards}
        shown = list(app.screens.values())
        if not boards and shown and all(s.match_id not in (None, *told) for s in shown):
            return  # every screen here is of another match: nothing to read (a hall of tables)
        taken = {m for m, board in boards.items() if m in saved}
        outcome = {m for m in taken if boards[m].adopt(saved[m])}
        unread = {m: board for m, board in boards.items() if m not in taken}
        loading = [s for s in shown if s.match_id is None or s.match_id not in taken]
        if unread or loading:
            outcome |= await off_loop(reload_after_message, unread, loading)
        gone = [o.split(":", 1)[1] for o in outcome if o.startswith("gone:")]
        if gone:
            for m in gone:
                app.boards.pop(m, None)
            app.screens = {}
            await app.show("/")
            return
        for screen in app.screens.values():
            if screen.match_id in outcome:
                screen.rebase()
        if app.route is not None and app.route in app.screens:
            app.screens[app.route].refresh()  # those under it are drawn when on top again
        app.update()
    except Exception:
        log.exception("live update failed")
