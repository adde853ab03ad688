"""The table app: routing, theme, live updates between phones, keep-awake.

Routes (each shows the views of its parents below it, so back works):
    /                         matches
    /new                      new match
    /match/<id>               scoreboard
    /match/<id>/deal          record a deal
    /match/<id>/deal/swapped  record a deal, every point card starting with the second team
    /match/<id>/deal/<n>      edit or delete deal n
    /rules  /stats  /settings
    /rules/<section>          the rules, scrolled to a section
    <any route>/rules/<section>  the same on top of that route (a help mark), so back returns there

Language, theme and native digits are per device (the browser's localStorage
through ft.SharedPreferences); every session renders in its own language.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Callable

import flet as ft

from .. import i18n
from ..store.repository import MatchNotFound, MatchRepository, StoreError
from .screens import (DealScreen, MatchesScreen, NewMatchScreen, RulesScreen, Screen, ScoreboardScreen,
                      SettingsScreen, StatsScreen)
from .theme import apply_theme
from .viewmodels import ScoreboardVM, SettingsVM

log = logging.getLogger(__name__)
TOPIC = "seep-scorer"

_MATCH = re.compile(r"^/match/(?P<id>[A-Za-z0-9_-]+)(?:/deal(?:/(?P<n>\d+|swapped))?)?/?$")
_RULES = re.compile(r"^(?P<base>.*?)/rules(?:/(?P<section>[a-z-]+))?/?$")
PREF_PREFIX = "seep_scorer."  # localStorage is shared by every app on the origin


def route_stack(route: str) -> list[str]:
    """The routes whose views are stacked for `route` (the last one is shown)."""
    route = (route or "/").split("?", 1)[0].split("#", 1)[0] or "/"
    if route in ("/", ""):
        return ["/"]
    if route in ("/new", "/stats", "/settings"):
        return ["/", route]
    r = _RULES.match(route)
    if r:
        base = r["base"] or "/"
        below = route_stack(base) if base != "/" else ["/"]
        if below[-1] != base.rstrip("/") and base != "/":
            below = ["/"]  # an unknown base: the rules on top of the start page
        return below + [route.rstrip("/")]
    m = _MATCH.match(route)
    if m:
        base = f"/match/{m['id']}"
        stack = ["/", base]
        if route.rstrip("/") != base:
            stack.append(route.rstrip("/"))
        return stack
    return ["/"]


class App:
    """One browser session. All sessions share the process-wide repository and the pubsub hub."""

    def __init__(self, page: ft.Page, repo: MatchRepository, accept_language: str | None = None):
        self.page = page
        self.repo = repo
        self.accept_language = accept_language
        self.locale = i18n.UILocale()
        i18n.bind_page(page, self.locale)
        self.prefs: ft.SharedPreferences | None = None
        self.settings: SettingsVM | None = None
        self.route = None
        self.screens: dict[str, Screen] = {}
        self.boards: dict[str, ScoreboardVM] = {}
        self._notices_shown = False
        self._after: list = []  # coroutines to run once the views are on the client (scroll to a section)
        self.wakelock: ft.Wakelock | None = None
        self._awake = False

    # -- start
    async def start(self) -> None:
        stored = await self._read_prefs()
        with i18n.using(self.locale):
            self._start(stored)

    async def _read_prefs(self) -> dict:
        """This device's settings from the browser's localStorage ({} when there are none or no client answers)."""
        stored: dict = {}
        try:
            self.prefs = ft.SharedPreferences()
        except Exception:
            log.debug("no shared preferences", exc_info=True)
            return stored
        for key in SettingsVM.KEYS:
            try:
                value = await asyncio.wait_for(self.prefs.get(PREF_PREFIX + key), timeout=5)
            except Exception:
                log.debug("cannot read preference %s", key, exc_info=True)
                continue
            if value is not None:
                stored[key] = value
        return stored

    def _save_pref(self, key: str, value) -> None:
        if self.prefs is None:
            return
        try:
            self.page.run_task(self._write_pref, key, value)
        except Exception:
            log.debug("cannot save preference %s", key, exc_info=True)

    async def _write_pref(self, key: str, value) -> None:
        try:
            await asyncio.wait_for(self.prefs.set(PREF_PREFIX + key, value), timeout=5)
        except Exception:
            log.debug("cannot save preference %s", key, exc_info=True)

    def _start(self, stored: dict) -> None:
        page = self.page
        try:  # services first: registering one pushes an update of the page
            self.wakelock = ft.Wakelock()
        except Exception:  # not every platform has it
            self.wakelock = None
        settings = self.settings = SettingsVM(self.repo, stored, save=self._save_pref,
                                              device_language=i18n.match_language(self.accept_language))
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
        self.show(self._resume_route(page.route or "/"))

    def _resume_route(self, route: str) -> str:
        """Opening the app afresh at its start page goes back to the match the table was playing."""
        if route_stack(route) != ["/"]:
            return route
        last = self.repo.get_setting("last_match")
        if not last:
            return route
        try:
            if self.repo.get(last).finished:
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

    # -- view-models that outlive a screen (the redo history of a match)
    def scoreboard_vm(self, match_id: str) -> ScoreboardVM:
        vm = self.boards.get(match_id)
        if vm is None:
            vm = self.boards[match_id] = ScoreboardVM(self.repo, match_id)
        return vm

    # -- navigation
    def show(self, route: str) -> None:
        """Build the views for `route` (no round trip to the browser)."""
        stack = route_stack(route)
        screens: dict[str, Screen] = {}
        for r in stack:
            screen = self.screens.get(r)
            try:
                if screen is None:
                    screen = self._make(r)
                else:
                    screen.refresh()
            except (MatchNotFound, StoreError) as err:
                log.info("cannot show %s: %s", r, err)
                stack = ["/"]
                screens = {"/": self.screens.get("/") or MatchesScreen(self)}
                break
            screens[r] = screen
        self.screens = screens
        self.route = stack[-1]
        self.page.views.clear()
        self.page.views.extend(s.view for s in screens.values())
        self._keep_awake(any(isinstance(s, (ScoreboardScreen, DealScreen)) for s in screens.values()))
        boards = [s for s in screens.values() if isinstance(s, ScoreboardScreen)]
        if boards and self.repo.get_setting("last_match") != boards[-1].match_id:
            try:
                self.repo.set_setting("last_match", boards[-1].match_id)
            except Exception:
                log.debug("cannot remember the open match", exc_info=True)
        self.update()
        self.run_after_show()

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

    def _make(self, route: str) -> Screen:
        if route == "/":
            return MatchesScreen(self)
        if route == "/new":
            return NewMatchScreen(self)
        r = _RULES.match(route)
        if r:
            return RulesScreen(self, route, r["section"])
        if route == "/stats":
            return StatsScreen(self)
        if route == "/settings":
            return SettingsScreen(self)
        m = _MATCH.match(route)
        if m and route.endswith("/deal"):
            return DealScreen(self, m["id"], None)
        if m and m["n"] == "swapped":
            return DealScreen(self, m["id"], None, swapped=True)
        if m and m["n"]:
            n = int(m["n"])
            board = self.scoreboard_vm(m["id"])
            if not 1 <= n <= len(board.deals):
                raise StoreError(f"deal {n} does not exist")
            return DealScreen(self, m["id"], n)
        return ScoreboardScreen(self, m["id"])

    def go(self, route: str, replace_top: bool = False) -> None:
        if replace_top and self.route in self.screens:
            self.screens.pop(self.route, None)
        self.show(route)
        self._push(self.route)

    def go_top(self, route: str) -> None:
        """From the navigation bar: a fresh screen stack."""
        self.screens = {k: v for k, v in self.screens.items() if k == "/"}
        self.go(route)

    def go_back(self) -> None:
        stack = route_stack(self.route or "/")
        self.screens.pop(stack[-1], None)
        self.go(stack[-2] if len(stack) > 1 else "/")

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

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        target = route_stack(e.route)[-1]
        if target != self.route:  # browser back/forward or a typed address
            keep = set(route_stack(target))
            self.screens = {r: s for r, s in self.screens.items() if r in keep}
            self.show(target)

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.go_back()

    def open_help(self, section: str) -> None:
        """A help mark: the rules at `section`, on top of the current screen (back returns to it)."""
        base = self.route if self.route not in (None, "/") else ""
        base = _RULES.sub(lambda m: m["base"], base) if _RULES.match(base or "") else base
        self.go(f"{base}/rules/{section}")

    # -- after a handler changed a view-model
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
    def set_language(self, code: str) -> None:
        self.settings.set_language(code)
        self.locale.language = i18n.normalize(self.settings.language)
        self.page.rtl = self.locale.rtl
        self.page.title = i18n._("Seep Scorer")
        self._rebuild()

    def set_native_digits(self, on: bool) -> None:
        self.settings.set_native_digits(on)
        self.locale.native_digits = self.settings.native_digits
        self._rebuild()

    def _rebuild(self) -> None:
        """Every screen again, in the new language or digits (the view-models, and so undo, are kept)."""
        route = self.route
        self.screens = {}
        self.show(route)

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
            await self._handle_message(message)

    async def _handle_message(self, message) -> None:
        try:
            _kind, match_id = message
            if match_id is not None and match_id in self.boards:
                board = self.boards[match_id]
                try:
                    moved = board.refresh_if_changed()
                except MatchNotFound:
                    self.boards.pop(match_id, None)
                    self.screens = {}
                    self.show("/")
                    return
                if moved:
                    for screen in self.screens.values():
                        if isinstance(screen, DealScreen) and screen.match_id == match_id:
                            screen.rebase()
            if self.route is not None and self.route in self.screens:
                for screen in self.screens.values():
                    screen.refresh()
            self.update()
        except Exception:
            log.exception("live update failed")

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
        await App(page, repo_factory(), accept_language=i18n.client_accept_language.get()).start()

    return main


def default_repository() -> MatchRepository:
    from ..store import open_repository

    return open_repository(DATA_DIR)


DATA_DIR: str | None = None  # set by `seep-scorer --data-dir`; None: the store's default folder
main = make_main(default_repository)
