"""The table app: routing, theme, live updates between phones, keep-awake.

The routes are in `routes.py`. Language, theme and native digits are per device
(the browser's localStorage, `prefs.py`); every session renders in its own language.

The event loop serves every phone at the table, so nothing here waits for the
store on it: store calls go through `off_loop`, and the entry points of a
session (start, handlers, route changes, live updates) take the session's lock
so that a double tap never interleaves two changes.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from typing import Any, Callable

import flet as ft

from .. import i18n
from ..store.repository import MatchNotFound, MatchRepository, StoreError
from . import texts
from .screens import (DealScreen, MatchesScreen, NewMatchScreen, RulesScreen, Screen, ScoreboardScreen,
                      SettingsScreen, StatsScreen)
from .prefs import DevicePrefs
from .routes import MATCH_ROUTE, MAX_ROUTE_LENGTH, RULES_ROUTE, help_route, match_of, route_stack
from .theme import apply_theme
from .viewmodels import MatchesVM, ScoreboardVM, SettingsVM, StatsVM, off_loop

log = logging.getLogger(__name__)
TOPIC = "seep-scorer"
__all__ = ["App", "make_main", "main", "route_stack", "MAX_ROUTE_LENGTH", "DATA_DIR"]  # route_stack: from routes

class App:
    """One browser session. All sessions share the process-wide repository and the pubsub hub."""

    def __init__(self, page: ft.Page, repo: MatchRepository, accept_language: str | None = None):
        self.page = page
        self.repo = repo
        self.accept_language = accept_language
        self.locale = i18n.UILocale()
        i18n.bind_page(page, self.locale)
        self.prefs = DevicePrefs(page)
        self.settings: SettingsVM | None = None
        self.route = None
        self.screens: dict[str, Screen] = {}
        self.boards: dict[str, ScoreboardVM] = {}
        self._notices_shown = False
        self._after: list = []  # coroutines to run once the views are on the client (scroll to a section)
        self.wakelock: ft.Wakelock | None = None
        self._awake = False
        self.lock = asyncio.Lock()  # one change at a time per session (a double tap waits its turn)

    # -- start
    async def start(self) -> None:
        stored = await self.prefs.read(SettingsVM.KEYS)
        with i18n.using(self.locale):
            async with self.lock:
                try:
                    await self._start(stored)
                except Exception:
                    log.exception("the app could not start")
                    await self._show_fault()

    async def _start(self, stored: dict) -> None:
        page = self.page
        try:  # services first: registering one pushes an update of the page
            self.wakelock = ft.Wakelock()
        except Exception:  # not every platform has it
            self.wakelock = None
        # The store is only a fallback for the theme; read it off the loop all the same.
        settings = self.settings = await off_loop(lambda: SettingsVM(
            self.repo, stored, save=self.prefs.save, device_language=i18n.match_language(self.accept_language)))
        self.locale.language = i18n.normalize(settings.language)
        self.locale.native_digits = settings.native_digits
        page.title = i18n._("Seep Scorer")
        page.rtl = self.locale.rtl
        apply_theme(page, settings.theme)
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.on_resize = self._on_resize
        try:
            page.pubsub.subscribe_topic(TOPIC, self._on_message)
        except Exception:
            log.debug("pubsub not available", exc_info=True)
        route = await off_loop(self._resume_route, page.route or "/")
        await self.show(route)

    def _resume_route(self, route: str) -> str:
        """Opening the app afresh at its start page goes back to the match the table was playing."""
        if route_stack(route) != ["/"]:
            return route
        try:
            last = self.repo.get_setting("last_match")
            if not last or self.repo.get(last).finished:
                return route
        except Exception:
            return route
        return f"/match/{last}"

    # -- store notices (damage repaired when the store opened) are shown once per session
    def take_store_notices(self) -> list[str]:
        if self._notices_shown:
            return []
        self._notices_shown = True
        return list(getattr(self.repo, "notices", []) or [])

    # -- view-models that outlive a screen (the undo and redo history of a match)
    def scoreboard_vm(self, match_id: str) -> ScoreboardVM:
        """The match's view-model; creating one reads the store, so call it off the loop (see `_load`)."""
        vm = self.boards.get(match_id)
        if vm is None:
            vm = self.boards[match_id] = ScoreboardVM(self.repo, match_id)
        return vm

    # -- event handlers
    def handler(self, fn: Callable, *args, screen: Screen | None = None, event: bool = False) -> Callable:
        """An event handler running `fn(*args)` (`fn(e, *args)` with `event`).

        A coroutine function runs under the session's lock, and not at all once `screen` has been
        left (the second tap of a double tap on "Save" must not save twice). Whatever fails is logged
        and the user sees one plain sentence, never a traceback.
        """
        if inspect.iscoroutinefunction(fn):
            async def run_async(e=None):
                with i18n.using(self.locale):
                    async with self.lock:
                        if screen is not None and not self.showing(screen):
                            return
                        try:
                            await (fn(e, *args) if event else fn(*args))
                        except Exception:
                            log.exception("a handler failed")
                            await self._show_fault()
            return run_async

        def run(e=None):
            try:
                fn(e, *args) if event else fn(*args)
            except Exception:
                log.exception("a handler failed")
                self._fault_on_top()
        return run

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
        if not self.screens:  # nothing on screen yet (the start failed): the start page, read safely
            try:
                await self.show("/")
            except Exception:
                log.exception("cannot show the start page")
                return
        self._fault_on_top()

    # -- navigation
    async def show(self, route: str) -> None:
        """Build the views for `route`: the store is read off the loop, the controls are built here."""
        stack = route_stack(route)
        try:
            prepared = await off_loop(self._load, stack)
        except (StoreError, OSError) as err:
            log.info("cannot show %s: %s", route, err)
            self.screens = {r: s for r, s in self.screens.items() if r == "/"}
            stack = ["/"]
            prepared = await off_loop(self._load, stack)  # the matches list reports its own faults
        screens: dict[str, Screen] = {}
        for r in stack:
            screen = self.screens.get(r)
            if screen is None:
                screen = self._make(r, prepared.get(r))
            else:
                screen.refresh()
            screens[r] = screen
        self.screens = screens
        self.route = stack[-1]
        self.page.views.clear()
        self.page.views.extend(s.view for s in screens.values())
        self._keep_awake(any(isinstance(s, (ScoreboardScreen, DealScreen)) for s in screens.values()))
        self.update()
        self.run_after_show()

    def _load(self, stack: list[str]) -> dict[str, Any]:
        """Off the loop: every store read the screens of `stack` need. Screens already built reload
        their figures; a new screen gets its view-model, loaded. Raises StoreError for a route
        that names no stored match or deal."""
        prepared: dict[str, Any] = {}
        for r in stack:
            screen = self.screens.get(r)
            if screen is not None:
                screen.load()
                continue
            if r == "/":
                prepared[r] = MatchesVM(self.repo)
            elif r == "/stats":
                prepared[r] = StatsVM(self.repo)
            elif (m := match_of(r)) is not None:
                board = self.scoreboard_vm(m["id"])
                n = m["n"]
                if n and n != "swapped" and not 1 <= int(n) <= len(board.deals):
                    raise StoreError(f"deal {n} does not exist")
        boards = [m for r in stack if (m := match_of(r)) is not None]
        if boards:
            self._remember(boards[-1]["id"])
        return prepared

    def _remember(self, match_id: str) -> None:
        """The match open on this phone, so that a fresh start comes back to it."""
        try:
            if self.repo.get_setting("last_match") != match_id:
                self.repo.set_setting("last_match", match_id)
        except Exception:
            log.debug("cannot remember the open match", exc_info=True)

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

    def _on_resize(self, e=None) -> None:
        for screen in self.screens.values():
            screen.fit_width(self.page_width())
        self.update()

    def _make(self, route: str, prepared: Any = None) -> Screen:
        """A new screen, from the view-model `_load` prepared: no store call here."""
        if route == "/":
            return MatchesScreen(self, prepared)
        if route == "/new":
            return NewMatchScreen(self)
        r = RULES_ROUTE.match(route)
        if r:
            return RulesScreen(self, route, r["section"])
        if route == "/stats":
            return StatsScreen(self, prepared)
        if route == "/settings":
            return SettingsScreen(self)
        m = MATCH_ROUTE.match(route)
        if m and route.endswith("/deal"):
            return DealScreen(self, m["id"], None)
        if m and m["n"] == "swapped":
            return DealScreen(self, m["id"], None, swapped=True)
        if m and m["n"]:
            return DealScreen(self, m["id"], int(m["n"]))
        return ScoreboardScreen(self, m["id"])

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
        await self.handler(self._route_changed, e.route)()

    async def _route_changed(self, route: str) -> None:
        target = route_stack(route)[-1]
        if target != self.route:  # browser back/forward or a typed address
            keep = set(route_stack(target))
            self.screens = {r: s for r, s in self.screens.items() if r in keep}
            await self.show(target)

    async def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        await self.handler(self.go_back)()

    async def open_help(self, section: str) -> None:
        """A help mark: the rules at `section`, on top of the current screen (back returns to it)."""
        await self.go(help_route(self.route, section))

    # -- after a handler changed a view-model: render what the view-models hold (no store call)
    def changed(self) -> None:
        for screen in self.screens.values():
            screen.refresh()
        self.update()

    def update(self) -> None:
        try:
            self.page.update()
        except (RuntimeError, AssertionError):
            pass  # not attached to a live session (control-tree tests)

    # -- settings that change the whole app (this device only)
    async def set_language(self, code: str) -> None:
        self.settings.set_language(code)
        self.locale.language = i18n.normalize(self.settings.language)
        self.page.rtl = self.locale.rtl
        self.page.title = i18n._("Seep Scorer")
        await self._rebuild()

    async def set_native_digits(self, on: bool) -> None:
        self.settings.set_native_digits(on)
        self.locale.native_digits = self.settings.native_digits
        await self._rebuild()

    async def _rebuild(self) -> None:
        """Every screen again, in the new language or digits (the view-models, and so undo, are kept)."""
        route = self.route
        self.screens = {}
        await self.show(route)

    def set_theme(self, choice: str) -> None:
        self.settings.set_theme(choice)
        apply_theme(self.page, self.settings.theme)
        self.changed()

    # -- live table
    def publish(self, match_id: str | None) -> None:
        try:
            self.page.pubsub.send_others_on_topic(TOPIC, ("match", match_id))
        except Exception:
            log.debug("publish failed", exc_info=True)

    async def _on_message(self, topic: str, message) -> None:
        # Runs in the context of the session that sent the message: render in this session's own language.
        with i18n.using(self.locale):
            async with self.lock:
                await self._handle_message(message)

    async def _handle_message(self, message) -> None:
        try:
            _kind, match_id = message
            board = self.boards.get(match_id) if match_id is not None else None
            outcome = await off_loop(self._reload_after_message, board)
            if outcome == "gone":
                self.boards.pop(match_id, None)
                self.screens = {}
                await self.show("/")
                return
            if outcome == "moved":
                for screen in self.screens.values():
                    if isinstance(screen, DealScreen) and screen.match_id == match_id:
                        screen.rebase()
            if self.route is not None and self.route in self.screens:
                for screen in self.screens.values():
                    screen.refresh()
            self.update()
        except Exception:
            log.exception("live update failed")

    def _reload_after_message(self, board: ScoreboardVM | None) -> str:
        """Off the loop: what another phone's save changed here ("gone", "moved" or "same")."""
        outcome = "same"
        if board is not None:
            try:
                outcome = "moved" if board.refresh_if_changed() else "same"
            except MatchNotFound:
                return "gone"
            except (StoreError, OSError) as err:
                log.info("live update: cannot read match: %s", err)
        for screen in list(self.screens.values()):
            screen.load()
        return outcome

    # -- keep the screen awake while a match is open
    def _keep_awake(self, on: bool) -> None:
        if self.wakelock is None or on == self._awake:
            return
        self._awake = on
        try:
            self.page.run_task(self._set_wakelock, on)
        except Exception:
            log.debug("wakelock unavailable", exc_info=True)

    async def _set_wakelock(self, on: bool) -> None:
        try:
            await asyncio.wait_for(self.wakelock.enable() if on else self.wakelock.disable(), timeout=5)
        except Exception:
            pass  # the platform does not allow it (e.g. an insecure origin): nothing to do


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
