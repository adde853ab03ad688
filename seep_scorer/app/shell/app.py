"""One phone's session: its screens and navigation, the live table (another phone's save shown
here), its connection (a phone that is away costs nothing), resizes, the screen kept awake and
the deal entry kept for the next deal.

The table app: the one place that builds view-models and screens (it is their `Host`), and
routing, theme, language, live updates between phones.

The routes are in `app/shell/routes.py`, one table of each route's view-model and screen. Language,
theme and digits are per device (the browser's localStorage, `app/shell/prefs.py`); every session
renders in its own language.

The event loop serves every phone at the table, so nothing here waits for the
store on it: store calls go through `off_loop`, and the entry points of a
session (start, handlers, route changes, live updates) take the session's lock
so that a double tap never interleaves two changes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable, Iterable

import flet as ft

from seep_scorer.app.events.event_model import changed
from seep_scorer.app.settings.settings_model import SettingsVM
from seep_scorer.app.shell import state
from seep_scorer.app.shell.handlers import make_handler, off_loop
from seep_scorer.app.shell.prefs import DevicePrefs, SessionVM
from seep_scorer.app.shell.roles import TOPIC, RoleSession, topic_of, watch_rounds
from seep_scorer.app.shell.routes import help_route, kind_of, route_stack
from seep_scorer.app.shell.state import session_grant
from seep_scorer.app.shell.theme import apply_theme
from seep_scorer.app.shell.widgets import (
    Screen,
    close,
    hand_over,
    show,
)
from seep_scorer.app.table.invite_model import session_join_address
from seep_scorer.app.table.match_model import KEY as DRAFTS_KEY
from seep_scorer.app.table.match_model import DraftBook, ScoreboardVM
from seep_scorer.i18n import texts
from seep_scorer.i18n import translate as i18n
from seep_scorer.store.repository import MatchNotFound, MatchRepository, StoredMatch, StoreError

__all__ = [
    "App",
    "make_main",
    "main",
    "DATA_DIR",
    "default_repository",
    "KeepAwake",
    "KeptEntry",
]

log = logging.getLogger(__name__)


# ---- the live table
#
# The live table: a change saved on one phone is announced to the others (Flet's pubsub), which
# re-read what they show. Every announcement goes out on two topics: the whole app's (`TOPIC`),
# which the organiser, the boards and every phone free to open any match hear, and its match's own
# (`topic_of`), which is all a table phone of an event hears (app/shell/roles.py): in a hall of
# thirty tables a save wakes its own table's phones, not the hundred and twenty others. The
# phone-only app has no other phones, but may be open in several tabs: they tell each other through
# a BroadcastChannel (phone/storage.py).
#
# In a hall, saves come in bursts (ten a second at thirty tables) and a board or the organiser
# hears every one: a session whose last announcement is still waiting for its turn (the session's
# lock) adds the match to that one instead of queueing another, since the one waiting reads what
# is stored when it runs. So a board redraws once for a burst, not once per table, and shows
# every save.


def _mark(message) -> None:
    """Tell the events' screens which match changed, once per announcement: every session hears
    the same message object, and the first to hear it tells them (or the sender did)."""
    if message is not state.HALL.told_events:
        state.HALL.told_events = message
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
        if state.phone_only():  # no other phones to hear from; other tabs of this browser, maybe

            def heard(match_id: str | None) -> None:
                task = asyncio.ensure_future(on_message(TOPIC, ("match", match_id)))
                self._heard.add(task)
                task.add_done_callback(self._heard.discard)

            try:
                self._tabs = state.browser_storage().tab_channel(heard)
            except Exception:
                log.debug("no channel to other tabs", exc_info=True)
            sharing = state.table_sharing()
            if sharing is not None:  # another phone-only app's copy taken here: shown the same way
                sharing.on_change(heard)
            return
        self.resume()

    def resume(self) -> None:
        self.paused = False
        self.follow()

    def follow(self) -> None:
        """Hear the topics the session should hear now (a table phone's match changes with the
        rounds)."""
        if state.phone_only() or self.on_message is None:  # the tabs' channel is never paused
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
        """The phone is away: nothing to re-render until it is back."""
        if state.phone_only():
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
        if state.phone_only():
            try:
                if self._tabs is not None:
                    self._tabs.postMessage(match_id or "")
            except Exception:
                log.debug("telling the other tabs failed", exc_info=True)
            sharing = state.table_sharing()
            if sharing is not None and match_id is not None:  # a linked phone hears it too
                task = asyncio.ensure_future(sharing.saved(match_id))
                self._heard.add(task)
                task.add_done_callback(self._heard.discard)
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
    told meanwhile, see LiveTable): the app (`App`, below) shows what changed, under
    its session's lock. A match told as stored is taken as it is; only what is left is read back,
    off the loop (in a hall, a table's phones then wait for no thread and no file)."""
    try:
        match_id = message[1]
        live = getattr(app, "live", None)
        told = {match_id} | (live.take() if live is not None else set())
        saved = live.take_saved() if live is not None else {}
        boards = {m: app.boards[m] for m in told if m is not None and m in app.boards}
        shown = app.shown_screens()
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
            app.forget_matches(gone)
            await app.show_afresh("/")
            return
        for screen in shown:
            if screen.match_id in outcome:
                screen.rebase()
        app.redraw_top()  # those under it are drawn when on top again
        app.update()
    except Exception:
        log.exception("live update failed")


# ---- a phone that is away
# A phone whose connection is gone costs the table nothing: no live updates, no screens.
#
# Flet keeps a session whose client left so that a reconnecting phone finds it again; Flet 1.0.5's
# default keeps it an hour, with its screens (about 60 MB on a 3,000-deal scoreboard) and its pubsub
# subscription, so every save re-rendered every phone that ever left. Here a session is kept for a
# Wi-Fi blip (`SESSION_TIMEOUT_SECONDS`, plus up to 10 s until Flet's eviction loop runs), and while
# its phone is away it hears nothing and holds only its view-models and the input on top: a deal
# being entered is kept as its draft (app/table/match_model.py), a new match's names in their
# view-model. When the phone comes back, the view-models re-read what changed meanwhile and every
# screen is built again, the input put back; an expired session is closed by Flet.
#
# Built again, never shown again: controls taken off the page while the phone was away are not
# brought back. A screen whose view came back showed, but the phone received none of its later
# changes (a card tapped after a Wi-Fi blip counted, but the card kept its colour).

SESSION_TIMEOUT_SECONDS = 60


def kept_input(screen) -> dict:
    """What the screen on top holds that was entered and not saved, to build it again with: a new
    match's view-model (a deal entry's is in the app's drafts already)."""
    from seep_scorer.app.matches.new_match import NewMatchScreen

    return {screen.route: screen.vm} if isinstance(screen, NewMatchScreen) else {}


def refresh_boards(boards: dict) -> list[str]:
    """Off the loop: every match view-model re-reads its match if another phone saved it meanwhile;
    the ids of those that are gone."""
    gone = []
    for match_id, board in list(boards.items()):
        try:
            board.refresh_if_changed()
        except MatchNotFound:
            gone.append(match_id)
        except (StoreError, OSError) as err:
            log.info("back: cannot read match %s: %s", match_id, err)
    return gone


# ---- resizes
# A burst of resize events costs one refit of the screens, not one each.
#
# Each refit sends the whole page's changes (a 3,000-deal scoreboard is 30,000 controls to
# compare), and a phone may send resize events as fast as it likes (server/limits.py: the
# connection).

REFIT_DELAY = 0.15  # seconds: a rotation's or a drag's events arrive well within it


def refit_on_resize(app, delay: float = REFIT_DELAY):
    """`page.on_resize` for the app (`App`): at most one refit per `delay`, to the width of that
    moment, and none while the width is the one the screens already fit."""
    waiting: list[asyncio.Task] = []
    fitted: list = [app.page_width()]

    async def refit() -> None:
        await asyncio.sleep(delay)
        waiting.clear()
        width = app.page_width()
        if width == fitted[0]:
            return
        fitted[0] = width
        try:
            app.fit_screens(width)
        except Exception:
            log.exception("cannot fit the screens to the new size")

    def on_resize(e=None) -> None:
        if not waiting:
            waiting.append(asyncio.ensure_future(refit()))

    return on_resize


# ---- sending what changed
# How the app sends what changed on a phone (issue 24: a hall's server spent most of its time
# diffing what had not changed).
#
# Screen views are isolated (`screens.base.ScreenView`), so a page update sends the stack of views,
# a view new to the phone whole, but diffs no screen's controls. The screen on top, if the phone had
# it already, is then diffed on its own. Those under it, and the deal entry kept hidden under its
# scoreboard (app/table/deal.py), are not diffed at all: what changed in one is sent when it is on
# top again (`App.show` draws it then).


class ViewSender:
    def __init__(self, page: ft.Page):
        self.page = page
        self._sent: list[ft.View] = []  # the views the phone had after the last update

    def send(self, top_view: ft.View | None) -> None:
        try:
            if top_view is not None and any(top_view is v for v in self._sent):
                self.page.update(self.page, top_view)  # a view's parent is not set: the page's
            else:
                self.page.update()
        except (RuntimeError, AssertionError):
            pass  # not attached to a live session (control-tree tests)
        self._sent = list(self.page.views)


class App:
    """One browser session, the `Host` of its screens. All sessions share the process-wide
    repository and the pubsub hub."""

    def __init__(self, page: ft.Page, repo: MatchRepository, accept_language: str | None = None):
        self.page = page
        # The session's role (app/shell/roles.py): its view-models get a repository that allows only
        # what the role may do, and `show` opens only the routes it may see.
        self.roles = RoleSession(repo, session_grant.get())
        self.repo = repo = self.roles.repo
        self.accept_language = accept_language
        self.locale = i18n.UILocale()
        i18n.bind_page(page, self.locale)
        self.prefs = DevicePrefs(page)
        self.drafts = DraftBook(self.prefs.save)  # deal entries left unsaved on this device
        self.settings: SettingsVM | None = None
        self.route: str | None = None
        self.top: Screen | None = None  # the screen shown (its notices are the ones showing)
        self.screens: dict[str, Screen] = {}
        self.kept_entry = (
            KeptEntry()
        )  # the last new-deal entry, for the next deal (app/table/deal.py)
        self.sender = ViewSender(page)
        self.boards: dict[str, ScoreboardVM] = {}
        self.session = SessionVM(repo)
        self.live = LiveTable(page, self.roles.live_topics)
        self._conflicts: dict[str, ft.AlertDialog] = {}  # a linked phone's conflicts on show
        # coroutines to run once the views are on the client (scroll to a section)
        self._after: list = []
        self.awake = KeepAwake(page)
        self.away = False  # the phone's connection is gone (_gone)
        self._resume_models: dict[str, Any] = {}  # view-models to build screens again with
        self.asked_route: str | None = None  # the last route the browser asked for
        self.lock = asyncio.Lock()  # one change at a time per session (a double tap waits its turn)
        self._join = (
            session_join_address()
        )  # now, in this session's own context (LAN mode, token holders)

    # -- start
    async def start(self) -> None:
        stored = await self.prefs.read((*SettingsVM.KEYS, DRAFTS_KEY))
        self.drafts.load(stored)
        with i18n.using(self.locale):
            async with self.lock:
                try:
                    await self._start(stored)
                except Exception:
                    log.exception("the app could not start")
                    await self._show_fault()

    async def _start(self, stored: dict) -> None:
        page = self.page
        self.awake.register()  # services first: registering one pushes an update of the page
        # The store is only a fallback for the theme; read it off the loop all the same.
        settings = self.settings = await off_loop(
            lambda: SettingsVM(
                self.repo,
                stored,
                save=self.prefs.save,
                device_language=i18n.match_language(self.accept_language),
            )
        )
        self.locale.language = i18n.normalize(settings.language)
        self.locale.native_digits = settings.digits
        page.title = i18n._("Seep Scorer")
        page.rtl = self.locale.rtl
        apply_theme(page, settings.theme, self.locale.language)
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.on_resize = refit_on_resize(self)
        self._watch_connection()  # the live table; nothing heavy kept while the phone is away
        watch_rounds(self)  # a table phone moves on to its table's next match
        route = page.route or "/"
        route = await off_loop(self.session.resume_route, route, route_stack(route) == ["/"])
        await self.show(route)
        page.run_task(self.drafts.read_again, self.prefs, self.handler, lambda: self.top)

    def take_store_notices(self) -> list[str]:
        return self.session.take_store_notices()

    def join_address(self) -> Callable[[], str] | None:
        return self._join

    # -- view-models that outlive a screen (the undo and redo history of a match)
    def scoreboard_vm(self, match_id: str) -> ScoreboardVM:
        """The match's view-model; creating one reads the store, so call it off the loop (see
        `_load`)."""
        vm = self.boards.get(match_id)
        if vm is None:
            vm = self.boards[match_id] = ScoreboardVM(self.repo, match_id)
        return vm

    # -- event handlers
    def handler(
        self, fn: Callable, *args, screen: Screen | None = None, event: bool = False
    ) -> Callable:
        """See `handlers.make_handler`: `screen`, when given, must still be shown for `fn` to
        run."""
        return make_handler(
            fn,
            args,
            event=event,
            locale=self.locale,
            lock=self.lock,
            still_current=lambda: screen is None or self.showing(screen),
            fault=self._show_fault,
            fault_now=self._fault_on_top,
        )

    def showing(self, screen: Screen) -> bool:
        return any(s is screen for s in self.screens.values())

    def _fault_on_top(self) -> None:
        """Tell the user, in their language, on the screen they are looking at."""
        try:
            top = self.screens.get(self.route) if self.route else None
            if top is not None:
                top.alert(i18n._(texts.INTERNAL_FAULT))
            self.changed()
        except Exception:
            log.exception("cannot show the fault")

    async def _show_fault(self) -> None:
        if (
            not self.screens
        ):  # nothing on screen yet (the start failed): the start page, read safely
            try:
                await self.show("/")
            except Exception:
                log.exception("cannot show the start page")
                return
        self._fault_on_top()

    # -- navigation
    async def show(self, route: str) -> None:
        """Build the views for `route`: the store is read off the loop, the controls are built
        here."""
        stack = await self.roles.stack_now(route)  # only what the session's role may open
        self._follow_event_language()
        try:
            prepared = await off_loop(self._load, stack)
            prepared.update((r, m) for r, m in self._resume_models.items() if r in stack)
            self._resume_models = {}
        except (StoreError, OSError) as err:
            log.info("cannot show %s: %s", route, err)
            stack = self.roles.fallback(stack)  # the start page, for the organiser
            self.screens = {r: s for r, s in self.screens.items() if r == stack[0]}
            prepared = await off_loop(self._load, stack)  # the matches list reports its own faults
        hand_over(self.top, self.screens.get(stack[-1]))  # a screen left: its notices go with it
        screens: dict[str, Screen] = {}
        for depth, r in enumerate(stack):
            screen = self.screens.get(r)
            if screen is None:
                screen = self.kept_entry.take(r, prepared.get(r)) or self._make(r, prepared.get(r))
            elif r == stack[-1]:  # one under it is drawn when it is on top again
                screen.refresh()
            screen.show_back(depth > 0)
            screens[r] = screen
        self.kept_entry.keep(self.top, self.screens, screens)
        self.screens, self.route, self.top = screens, stack[-1], screens[stack[-1]]
        self.page.views.clear()
        self.page.views.extend(self.kept_entry.views() + [s.view for s in screens.values()])
        self.awake.set(any(s.keeps_awake for s in screens.values()))
        self.live.follow()  # a table phone hears its table's match, which moves with the rounds
        self.update()
        if self._conflicts:
            self._ask_again()
        self.run_after_show()

    def resume_with(self, models: dict[str, Any]) -> None:
        """The phone is gone: every screen is built again when it is back, the ones in `models`
        (route: view-model) from the view-models given, holding what was entered."""
        self.screens = {}
        self.kept_entry.drop()
        self._resume_models = models

    def _load(self, stack: list[str]) -> dict[str, Any]:
        """Off the loop: every store read the screens of `stack` need. Screens already built reload
        their figures; a new screen gets its view-model (`routes.ROUTES`), loaded. Raises
        StoreError for a route that names no stored match or deal."""
        prepared: dict[str, Any] = {}

        def below(route: str) -> Any:
            return prepared.get(route) or getattr(self.screens.get(route), "vm", None)

        for r in stack:
            screen = self.screens.get(r)
            if screen is not None:
                screen.load()
                continue
            kind, m = kind_of(r)
            if kind.model is not None:
                prepared[r] = kind.model(self, m, below)
        matches = [m["id"] for kind, m in map(kind_of, stack) if kind.of_match]
        if matches:
            self.session.remember(matches[-1])
        return prepared

    def after_show(self, coro_fn) -> None:
        self._after.append(coro_fn)

    def run_after_show(self) -> None:
        pending, self._after = self._after, []
        for fn in pending:
            try:
                self.page.run_task(fn)
            except Exception:
                log.debug("not on a live page", exc_info=True)

    def page_width(self) -> float | None:
        return getattr(self.page, "width", None)

    def _make(self, route: str, prepared: Any = None) -> Screen:
        """A new screen with its view-model (`_load` prepared those that read the store), built,
        then drawn: no store call here."""
        kind, m = kind_of(route)
        screen = kind.screen(self, route, m, prepared)
        if not self.roles.organiser:  # a table phone or the board: its own screens, no way out
            from seep_scorer.app.events.board import confine

            roles = self.roles
            table = roles.grant.table if roles.match_id and roles.match_id in route else None
            confine(screen, table, roles.round, closed=table is not None and not roles.writable)
        return screen.drawn()

    async def go(self, route: str, replace_top: bool = False) -> None:
        if replace_top and self.route in self.screens:
            self.screens.pop(self.route, None)
        await self.show(route)
        self._push(self.route)

    async def go_top(self, route: str) -> None:
        """From the navigation bar: a fresh screen stack."""
        self.screens = {k: v for k, v in self.screens.items() if k == "/"}
        await self.go(route)

    async def go_back(self) -> None:
        if self.top is not None and self.top.holds_back(self.go_back):  # an entry with changes
            return
        stack = route_stack(self.route or "/")
        self.screens.pop(stack[-1], None)
        await self.go(stack[-2] if len(stack) > 1 else "/")

    def _push(self, route: str) -> None:
        """Tell the browser (address bar and history); its route-change echo is then a no-op."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        try:
            self.page.navigate(route)
        except Exception:
            log.debug("navigate failed", exc_info=True)

    async def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        self.asked_route = e.route
        await self.handler(self._route_changed, e.route)()

    async def _route_changed(self, route: str) -> None:
        target = route_stack(route)[-1]
        # Browser back/forward or a typed address; of a burst, only the last.
        if target != self.route and self.asked_route in (None, route):
            if self.top is not None and self.top.holds_back(lambda: self._route_changed(route)):
                self._push(self.route)  # the address bar back where the entry is, while asked
                return
            keep = set(route_stack(target))
            self.screens = {r: s for r, s in self.screens.items() if r in keep}
            await self.show(target)

    async def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        await self.handler(self.go_back)()

    async def open_help(self, section: str) -> None:
        """A help mark: the rules at `section`, on top of the current screen (back returns to
        it)."""
        await self.go(help_route(self.route, section))

    # -- after a fault: redraw the screen on top from what its view-model holds (no store call)
    def changed(self) -> None:
        top = self.screens.get(self.route) if self.route else None
        if top is not None:
            top.refresh()
        self.update()

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        show(self.page, dialog)

    def close_dialog(self, dialog: ft.DialogControl) -> None:
        close(self.page, dialog)

    def update(self) -> None:  # what changed, to the phone (ViewSender)
        self.sender.send(self.top.view if self.top is not None else None)

    # -- settings that change the whole app (this device only)
    async def set_language(self, code: str) -> None:
        self.settings.set_language(code)
        self.locale.language = i18n.normalize(self.settings.language)
        self.page.rtl = self.locale.rtl
        self.page.title = i18n._("Seep Scorer")
        # the new language's fonts, line heights and page locale
        apply_theme(self.page, self.settings.theme, self.locale.language)
        await self._rebuild()

    async def set_digits(self, choice: str) -> None:
        self.settings.set_digits(choice)
        self.locale.native_digits = self.settings.digits
        await self._rebuild()

    async def _rebuild(self) -> None:
        """Every screen again, in the new language or digits (the view-models, and so undo, are
        kept)."""
        route = self.route
        self.screens = {}
        await self.show(route)

    def _follow_event_language(self) -> None:
        """A board session shows the event in its organiser's language, not its device's."""
        language = self.roles.language if self.roles.grant.role == "board" else None
        if language and i18n.normalize(language) != self.locale.language:
            self.locale.language = i18n.normalize(language)
            self.page.rtl = self.locale.rtl
            apply_theme(self.page, self.settings.theme, self.locale.language)
            self.screens = {}  # built again in that language

    def set_theme(self, choice: str) -> None:
        self.settings.set_theme(choice)
        apply_theme(self.page, self.settings.theme, self.locale.language)
        self.changed()

    # -- live table
    def publish(self, match_id: str | None) -> None:
        board = self.boards.get(match_id) if match_id else None  # as saved: read by none again
        self.live.publish(match_id, board and board.stored)

    async def on_message(self, topic: str, message) -> None:
        """Another phone saved (the live table, above). Runs in the context of the session that sent
        the message: render in this session's own language."""
        with i18n.using(self.locale):
            async with self.lock:
                await show_message(self, message)

    # -- what the live table and the roles ask of the session (above, and roles.py)
    def shown_screens(self) -> list[Screen]:
        """The screens of the stack on show, the top one last."""
        return list(self.screens.values())

    def forget_matches(self, match_ids) -> None:
        """Those matches are gone from the store: their view-models (and undo) go too."""
        for match_id in match_ids:
            self.boards.pop(match_id, None)

    async def show_afresh(self, route: str | None = None) -> None:
        """Every screen built again, for `route` (else the one on show)."""
        self.screens = {}
        await self.show(route or self.route or "/")

    async def start_afresh(self) -> None:
        """The session's role moved it on (a table phone's next round): nothing kept, not even a
        match's undo history; the route on show again, in the browser's history too."""
        self.screens = {}
        self.boards.clear()
        await self.go(self.route or "/")

    def redraw_top(self) -> None:
        if self.route is not None and self.route in self.screens:
            self.screens[self.route].refresh()

    def fit_screens(self, width: float | None) -> None:
        """The phone turned or the window was resized (live.refit_on_resize: once per burst)."""
        for screen in list(self.screens.values()):
            screen.fit_width(width)
        self.update()

    # -- the phone's connection (what a phone that is away costs: above)
    def _watch_connection(self) -> None:
        """Subscribe to the live table and hook the page's connection events."""
        self.live.subscribe(self.on_message)
        tasks = set()

        def later(step):
            # Its own task: Flet awaits these in the connection's handler, which must end promptly.
            def start(e=None) -> None:
                task = asyncio.ensure_future(step())
                tasks.add(task)
                task.add_done_callback(tasks.discard)

            return start

        self.page.on_disconnect = later(self._gone)
        self.page.on_connect = later(self._back)
        sharing = state.table_sharing()
        if sharing is not None:  # both linked phones changed a match apart: the table chooses
            sharing.on_conflict(lambda match_id: later(lambda: self._settle(match_id))())
            sharing.on_change(self._settled_elsewhere)

    async def _settle(self, match_id: str) -> None:
        if match_id not in self._conflicts:
            self._ask(match_id)

    def _ask(self, match_id: str) -> None:
        """Which copy of the match the table keeps: asked until answered here or on the other
        phone."""
        from seep_scorer.app.table.share import conflict_dialog

        sharing = state.table_sharing()
        counts = sharing.conflict(match_id) if sharing is not None else None
        if counts is None:
            self._conflicts.pop(match_id, None)
            return

        async def choose(theirs: bool) -> None:
            self._conflicts.pop(match_id, None)
            await sharing.choose(match_id, theirs)
            self.live.publish(match_id)

        with i18n.using(self.locale):
            dialog = conflict_dialog(self, counts, choose)
        self._conflicts[match_id] = dialog
        self.show_dialog(dialog)

    def _ask_again(self) -> None:
        """The views were replaced: Flutter drops a dialog with the views it was shown over (the
        join screen opening the match it joined), so a question still open is asked again."""
        for match_id, dialog in list(self._conflicts.items()):
            self.close_dialog(dialog)
            self._ask(match_id)

    def _settled_elsewhere(self, match_id: str) -> None:
        """The other phone settled a conflict shown here: its question goes."""
        sharing = state.table_sharing()
        dialog = self._conflicts.get(match_id)
        if dialog is not None and sharing is not None and sharing.conflict(match_id) is None:
            del self._conflicts[match_id]
            self.close_dialog(dialog)
            self.update()

    async def _gone(self) -> None:
        async with self.lock:
            self.away = True
            self.live.pause()
            top = self.screens.get(self.route) if self.route else None
            self.resume_with(kept_input(top) if top is not None else {})
            self.page.views.clear()
            self.update()  # forgets the old controls (Flet sends nothing to a gone client)

    async def _back(self) -> None:
        with i18n.using(self.locale):
            async with self.lock:
                await self._show_again()

    async def _show_again(self) -> None:
        if not self.away:
            return
        self.away = False
        self.live.resume()
        try:
            self.forget_matches(await off_loop(refresh_boards, self.boards))
            await self.show(self.route or "/")
        except Exception:
            log.exception("cannot show the screens again")
            await self._show_fault()


def make_main(repo_factory: Callable[[], MatchRepository]):
    """The Flet entry point `main(page)`, bound to where the repository comes from."""

    async def main(page: ft.Page) -> None:
        accept_language = i18n.client_accept_language.get()
        try:
            repo = await off_loop(repo_factory)  # opening may migrate or back up: never on the loop
        except Exception:
            log.exception("cannot open the match store")
            with i18n.using(i18n.UILocale(i18n.match_language(accept_language) or "en")):
                page.add(ft.Text(i18n._(texts.STORE_UNAVAILABLE), size=18))
            return
        await App(page, repo, accept_language=accept_language).start()

    return main


def default_repository() -> MatchRepository:
    from seep_scorer.store.registry import open_repository

    return open_repository(DATA_DIR)


DATA_DIR: str | None = None  # set by `seep-scorer --data-dir`; None: the store's default folder
main = make_main(default_repository)


# ---- keeping the screen on
# Keep the phone's screen on while a match is open at the table (where the platform allows it).


class KeepAwake:
    def __init__(self, page: ft.Page):
        self.page = page
        self.wakelock: ft.Wakelock | None = None
        self.on = False

    def register(self) -> None:
        """Register the service (do it before the first views: registering pushes an update of the
        page)."""
        try:
            self.wakelock = ft.Wakelock()
        except Exception:  # not every platform has it
            self.wakelock = None

    def set(self, on: bool) -> None:
        if self.wakelock is None or on == self.on:
            return
        self.on = on
        try:
            self.page.run_task(self._apply, on)
        except Exception:
            log.debug("wakelock unavailable", exc_info=True)

    async def _apply(self, on: bool) -> None:
        try:
            await asyncio.wait_for(
                self.wakelock.enable() if on else self.wakelock.disable(), timeout=5
            )
        except Exception:
            pass  # the platform does not allow it (e.g. an insecure origin): nothing to do


# ---- the deal entry kept for the next deal
# The deal entry kept for the next deal (issue 24: building and sending the 250 controls of a new
# entry for every deal was most of what a deal cost the server of a hall).
#
# A new-deal entry just left (saved, or Back) stays on the phone as the bottom view, hidden under
# its scoreboard, while that same scoreboard is on top; the next "Record deal" moves it back up,
# drawn afresh in place (`DealScreen.start_again`). Anything else shown on top drops it.


def _entry_route(screen: Screen) -> str:
    return f"/match/{screen.match_id}/deal"


class KeptEntry:
    def __init__(self) -> None:
        self.screen: Any = None  # a DealScreen, or None

    def take(self, route: str, board: Any) -> Screen | None:
        """The kept entry, started again, for `route` if it is its match's new deal (`board`: the
        match's view-model); None: build one."""
        kept, self.screen = self.screen, None
        if kept is None or route != _entry_route(kept) or board is None:
            return None
        return kept if kept.start_again(board) else None

    def keep(self, left: Screen | None, before: dict[str, Screen], now: dict[str, Screen]) -> None:
        """The screens go from `before` to `now` (by route, the top one last), `left` having been
        on top."""
        if left is not None and left.route == _entry_route(left) and not left.asked:
            # (one that showed a dialog is not kept: in the browser, a dialog closed as its page
            # went under another stayed with that page, and came back with it)
            if all(s is not left for s in now.values()):
                self.screen = left
        if self.screen is not None:
            board = f"/match/{self.screen.match_id}"
            if list(now)[-1] != board or now[board] is not before.get(board):
                self.screen = None

    def drop(self) -> None:
        self.screen = None

    def views(self) -> list[ft.View]:
        """What goes under the screens' views."""
        return [self.screen.view] if self.screen is not None else []
