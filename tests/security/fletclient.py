"""A phone as the server sees it: Flet 1.0.5's wire protocol over a real WebSocket, no browser.

Each frame is `0x00` + msgpack `[action, body]` (flet/messaging/protocol.py). The client registers
with a route and a screen size, answers the method calls the app makes on it (preferences,
keep-awake) with nothing, and keeps every control it was sent, so a test can tap one by its
semantics identifier.
"""

from __future__ import annotations

import asyncio
import time

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 2, 3, 4, 5


def frame(action: int, body) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def _walk(node, found: dict) -> None:
    """Every control dict (one with an `_i`) anywhere in `node`, by id."""
    if isinstance(node, dict):
        if isinstance(node.get("_i"), int):
            found[node["_i"]] = node
        for value in node.values():
            _walk(value, found)
    elif isinstance(node, list):
        for value in node:
            _walk(value, found)


class Phone:
    def __init__(
        self,
        port: int,
        route: str = "/",
        width: float = 412,
        height: float = 915,
        compression: str | None = None,
        cookie: str | None = None,
    ):
        self.port = port
        self.cookie = cookie  # the Cookie header its WebSocket sends (LAN mode: token or role)
        self.compression = compression
        self.route = route
        self.size = (width, height)
        self.ws = None
        self.session_id: str | None = None
        self.page_id: int | None = None
        self.controls: dict[int, dict] = {}
        self.patches = 0
        self.props_set: list[tuple[str, object]] = []  # (name, value): every property patched
        self._reader: asyncio.Task | None = None

    async def open(self, session_id: str = "", timeout: float = 60) -> "Phone":
        own = f"127.0.0.1:{self.port}"
        self.ws = await connect(
            f"ws://{own}/ws",
            origin=f"http://{own}",
            max_size=None,
            open_timeout=timeout,
            ping_interval=None,
            compression=self.compression,
            additional_headers={"Cookie": self.cookie} if self.cookie else None,
        )
        width, height = self.size
        page = {
            "route": self.route,
            "width": width,
            "height": height,
            "web": True,
            "platform": "android",
        }
        await self.ws.send(
            frame(REGISTER_CLIENT, {"session_id": session_id, "page_name": "", "page": page})
        )
        self._reader = asyncio.ensure_future(self._read())
        deadline = time.monotonic() + timeout
        while self.session_id is None:
            if time.monotonic() > deadline or self._reader.done():
                raise TimeoutError("no answer to the registration")
            await asyncio.sleep(0.02)
        return self

    async def _read(self) -> None:
        try:
            await self._read_frames()
        except ConnectionClosed:
            pass  # the test ends the connection, or the server did

    async def _read_frames(self) -> None:
        async for data in self.ws:
            action, body = msgpack.unpackb(data[1:], strict_map_key=False)
            if action == REGISTER_CLIENT:
                self.session_id = body["session_id"]
                _walk(body.get("page_patch"), self.controls)
                page = body.get("page_patch") or {}
                self.page_id = page.get("_i", 1) if isinstance(page, dict) else 1
            elif action == PATCH_CONTROL:
                _walk(body, self.controls)
                for op in body.get("patch") or ():  # [0, node, name, value]: a property changed
                    if (
                        isinstance(op, list)
                        and len(op) == 4
                        and op[0] == 0
                        and isinstance(op[2], str)
                    ):
                        self.props_set.append((op[2], op[3]))
                self.patches += 1
            elif action == INVOKE_METHOD:
                await self.ws.send(
                    frame(
                        INVOKE_METHOD,
                        {
                            "control_id": body["control_id"],
                            "call_id": body["call_id"],
                            "result": None,
                            "error": None,
                        },
                    )
                )

    async def until(self, predicate, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError("the phone was never shown what it waited for")
            if self._reader.done():
                raise ConnectionError("the server closed the connection")
            await asyncio.sleep(0.05)

    def find(self, identifier: str) -> int | None:
        """The id of the tappable control inside the semantics node `identifier`, if shown."""
        for control in list(self.controls.values()):
            if control.get("identifier") == identifier:
                inner: dict = {}
                _walk(control.get("content"), inner)
                for i, child in inner.items():
                    if child.get("on_click"):
                        return i
        return None

    async def tap(self, identifier: str, timeout: float = 60) -> None:
        await self.until(lambda: self.find(identifier) is not None, timeout)
        await self.event(self.find(identifier), "click")

    async def event(self, target: int, name: str, data=None) -> None:
        await self.ws.send(frame(CONTROL_EVENT, {"target": target, "name": name, "data": data}))

    async def resize(self, width: float, height: float) -> None:
        """What the web client sends when its window changes size."""
        await self.ws.send(
            frame(
                UPDATE_CONTROL_PROPS,
                {"id": self.page_id, "props": {"width": width, "height": height}},
            )
        )
        await self.event(self.page_id, "resize", {"width": width, "height": height})

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
