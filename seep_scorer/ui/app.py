"""The table app: the one place that builds view-models and screens (it is their `Host`), and
routing, theme, language, live updates between phones.

The routes are in `routes.py`, one table of each route's view-model and screen. Language, theme and
digits are per device (the browser's localStorage, `prefs.py`); every session renders in its own
language.

The event loop serves every phone at the table, so nothing here waits for the
store on it: store calls go through `off_loop`, and the entry points of a
session (start, handlers, route changes, live updates) take the session's lock
so that a double tap never interleaves two changes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import flet as ft

from .. import i18n
from ..store.repository import MatchRepository, StoreError
from . import dialogs, texts
from . import viewmodels as vms
from .awake import KeepAwake
from .bursts import refit_on_resize
from .drafts import KEY as DRAFTS_KEY
from .drafts import DraftBook
from .eventcodes import session_grant
from .handlers import make_handler
from .keptentry import KeptEntry
from .live import LiveTable, show_message
from .prefs import DevicePrefs
from .presence import watch as watch_presence
from .roles import RoleSession, watch_rounds
from .routes import help_route, kind_of, route_stack
from .screens import Screen, hand_over
from .sending import ViewSender
from .theme import apply_theme
from .viewmodels import SessionVM, SettingsVM, off_loop
from .viewmodels.invite import session_join_address

log = logging.getLogger(__name__)
__all__ = ["App", "make_main", "main", "DATA_DIR"]


class App:
    """One browser session, the `Host` of its screens. All sessions share the process-wide
    repository and the pubsub hub."""

    def __init__(self, page: ft.Page, repo: MatchRepository, accept_language: str | None = None):
        self.page = page
        # The session's role (roles.py): its view-models get a repository that allows only what
        # the role may do, and `show` opens only the routes it may see.
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
        self.kept_entry = KeptEntry()  # the last new-deal entry, for the next deal (keptentry.py)
        self.sender = ViewSender(page)
        self.boards: dict[str, vms.ScoreboardVM] = {}
        self.session = SessionVM(repo)
        self.live = LiveTable(page, self.roles.live_topics)
        # coroutines to run once the views are on the client (scroll to a section)
        self._after: list = []
        self.awake = KeepAwake(page)
        self.away = False  # the phone's connection is gone (presence.py)
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
        watch_presence(self)  # the live table; nothing heavy kept while the phone is away
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
    def scoreboard_vm(self, match_id: str) -> vms.ScoreboardVM:
        """The match's view-model; creating one reads the store, so call it off the loop (see
        `_load`)."""
        vm = self.boards.get(match_id)
        if vm is None:
            vm = self.boards[match_id] = vms.ScoreboardVM(self.repo, match_id)
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
        self.run_after_show()

    def resume_with(self, models: dict[str, Any]) -> None:
        """The phone is gone: every screen is built again when it is back (presence.py), the ones
        in `models` (route: view-model) from the view-models given, holding what was entered."""
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
            from .screens.event_phone import confine

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
        dialogs.show(self.page, dialog)

    def close_dialog(self, dialog: ft.DialogControl) -> None:
        dialogs.close(self.page, dialog)

    def update(self) -> None:  # what changed, to the phone (sending.py)
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

    async def _on_message(self, topic: str, message) -> None:
        # Runs in the context of the session that sent the message: render in this session's own
        # language.
        with i18n.using(self.locale):
            async with self.lock:
                await show_message(self, message)


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
    from ..store import open_repository

    return open_repository(DATA_DIR)


DATA_DIR: str | None = None  # set by `seep-scorer --data-dir`; None: the store's default folder
main = make_main(default_repository)
