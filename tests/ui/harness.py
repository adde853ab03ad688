"""Layer 3: a real flet Session with a recording Connection runs the real app `main(page)`.

Touches flet's private messaging modules: valid for the pinned flet==1.0.5.
Events are dispatched the way the web client would (`session.dispatch_event`),
and the method calls the app makes on the client (navigation, keep-awake) are
answered at once.
"""

from __future__ import annotations

import asyncio
import inspect
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub


class RecordingConnection(Connection):
    """Answers the app's method calls at once; SharedPreferences get/set work on `storage`
    (the browser's localStorage of this phone)."""

    def __init__(self, loop, hub, storage: dict | None = None):
        super().__init__()
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=2)
        self.pubsubhub = hub
        self.messages = []
        self.session: Session | None = None
        self.routes: list[str] = []
        self.storage = {} if storage is None else storage

    def send_message(self, message):
        self.messages.append(message)
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            result = None
            if body.name == "push_route":
                self.routes.append(body.args["route"])
            elif body.name == "set" and "key" in (body.args or {}):
                self.storage[body.args["key"]] = body.args["value"]
                result = True
            elif body.name == "get" and "key" in (body.args or {}):
                result = self.storage.get(body.args["key"])
            self.loop.call_soon(
                self.session.handle_invoke_method_results,
                body.control_id,
                body.call_id,
                result,
                None,
            )


STORAGE_KEY = "harness.local_storage"  # in the session's store: that phone's localStorage


async def _prefs_invoke(self, method_name, arguments=None, timeout=None):
    """SharedPreferences as the web client answers them (its localStorage). The recording session
    sends no patches, so services never get mounted here: answer for the page of the current
    session."""
    storage = ft.context.page.session.store.get(STORAGE_KEY)
    arguments = arguments or {}
    if method_name == "set":
        storage[arguments["key"]] = arguments["value"]
        return True
    if method_name == "get":
        return storage.get(arguments["key"])
    if method_name == "remove":
        return storage.pop(arguments["key"], None) is not None
    if method_name == "contains_key":
        return arguments["key"] in storage
    raise NotImplementedError(method_name)


ft.SharedPreferences._invoke_method = _prefs_invoke


class Phone:
    """One browser session of the app."""

    def __init__(
        self,
        main,
        hub=None,
        storage: dict | None = None,
        accept_language: str | None = None,
        size: tuple[int, int] = (412, 915),
    ):
        """`size`: the screen's width and height (a phone held upright; a hall's TV: 1920, 1080)."""
        self.size = size
        self.loop = asyncio.get_running_loop()
        self.hub = hub or PubSubHub(self.loop, None)
        self.accept_language = accept_language
        self.conn = RecordingConnection(self.loop, self.hub, storage)
        self.storage = self.conn.storage
        self.session = Session(self.conn)
        self.conn.session = self.session
        self.page: ft.Page = self.session.page
        self.session.store.set(STORAGE_KEY, self.storage)
        self.main = main

    async def start(self, route: str = "/"):
        _context_page.set(self.page)  # as Flet's server does per connection (no public setter)
        # what the web client's registration does before main(): apply its page patch, send the page
        width, height = self.size
        self.session.apply_page_patch(
            {"route": route, "width": width, "height": height, "web": True}
        )
        self.session.get_page_patch()
        from seep_scorer.i18n.translate import client_accept_language

        token = client_accept_language.set(
            self.accept_language
        )  # what the web server does per connection
        try:
            result = self.main(self.page)
            if inspect.isawaitable(result):
                await result
        finally:
            client_accept_language.reset(token)
        await self.session.after_event(self.page)
        await asyncio.sleep(0)
        return self

    # -- finding things by semantics identifier
    def find(self, ident: str):
        found = self.find_all(ident)
        if not found:
            raise LookupError(
                f"no control with identifier {ident!r}; have: {sorted(self.identifiers())[:80]}"
            )
        return found[0]

    def _on_screen(self):
        """The top view and every open dialog over it."""
        yield from _walk(self.page.views[-1])
        for dialog in self.page._dialogs.controls:
            if dialog.open:
                yield from _walk(dialog)

    def find_all(self, ident: str):
        return [
            c for c in self._on_screen() if isinstance(c, ft.Semantics) and c.identifier == ident
        ]

    def has(self, ident: str) -> bool:
        return bool(self.find_all(ident))

    def identifiers(self) -> set[str]:
        return {
            c.identifier for c in self._on_screen() if isinstance(c, ft.Semantics) and c.identifier
        }

    def text(self, ident: str) -> str:
        node = self.find(ident)
        if getattr(node, "exclude_semantics", False) and node.label:
            return node.label  # its texts are drawn, the label is what is read
        parts = [t.value for t in _walk(node) if isinstance(t, ft.Text) and t.value]
        if node.value:
            parts.append(node.value)
        return " ".join(" ".join(parts).split())  # as read out: one space between the texts

    async def tap(self, ident: str):
        node = self.find(ident)
        target = node.content
        if isinstance(target, ft.Semantics):
            target = target.content
        if getattr(target, "disabled", False) or target.on_click is None:
            raise AssertionError(f"{ident} is disabled")
        await self.session.dispatch_event(target._i, "click", None)
        await self.settle()

    async def type(self, ident: str, value: str):
        field = self.find(ident).content
        field.value = value
        await self.session.dispatch_event(field._i, "change", value)
        await self.settle()

    async def go_back(self):
        """The browser's or Android's back: the top view is popped."""
        await self.session.dispatch_event(self.page._i, "view_pop", {"route": self.route})
        await self.settle()

    async def toggle(self, ident: str, value: bool):
        switch = self.find(ident).content
        if isinstance(switch, ft.Container):  # a switch padded to a 48-pixel tap target
            switch = switch.content
        switch.value = value
        await self.session.dispatch_event(switch._i, "change", value)
        await self.settle()

    def enabled(self, ident: str) -> bool:
        target = self.find(ident).content
        if isinstance(target, ft.Semantics):
            target = target.content
        return (
            not getattr(target, "disabled", False) and getattr(target, "on_click", True) is not None
        )

    async def settle(self):
        for _ in range(5):
            await asyncio.sleep(0.01)

    @property
    def route(self) -> str:
        return self.page.views[-1].route


def _walk(control):
    seen = set()
    stack = [control]
    while stack:
        c = stack.pop()
        if c is None or id(c) in seen or getattr(c, "visible", True) is False:
            continue  # an invisible control is not on screen, nor in the semantics tree
        seen.add(id(c))
        yield c
        for attr in (
            "content",
            "controls",
            "appbar",
            "bottom_appbar",
            "title",
            "leading",
            "actions",
        ):
            v = getattr(c, attr, None)
            if isinstance(v, list):
                stack.extend(reversed(v))
            elif isinstance(v, ft.BaseControl):
                stack.append(v)


def screen_modules() -> list[Path]:
    """The screens' modules: each feature folder of seep_scorer/app/ but its view-models
    (app/shell/ is the host side)."""
    app = Path(__file__).resolve().parents[2] / "seep_scorer" / "app"
    return sorted(
        p
        for p in app.glob("*/*.py")
        if p.parent.name != "shell" and p.name != "__init__.py" and not p.stem.endswith("_model")
    )
