"""One phone cannot hold up the others by flooding its connection with events.

Flet 1.0.5 reads a session's WebSocket as fast as frames come and starts a task for every event
(flet_web FletApp.__on_message): 10,000 resize events from one phone kept the event loop, which
serves every phone, busy for 21 s. `EventBudget` reads each WebSocket ahead of the app into a
short queue:

- a resize or route change replaces an earlier one of the same control still waiting, and so does
  a property update of the same control and properties (only the last size or route matters);
- the app is handed at most EVENTS_PER_SECOND frames a second (after a burst of BURST), except
  the client's answers to the server's own method calls, which the app waits for;
- while QUEUE_LIMIT frames wait, the connection is not read: a flooding phone is slowed down by TCP
  itself (uvicorn's websockets-sansio protocol pauses reading a socket until its queue is taken)
  and memory stays bounded.

Once the client is gone, whatever still waits is handed over at once: disconnects.py gives the app
2 s to end. The app coalesces its side too (ui/bursts.py): one refit for a burst of resizes.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

import msgpack

EVENTS_PER_SECOND = 40  # fast typing sends two frames a key (the value, the change event)
BURST = 80
QUEUE_LIMIT = 256
COALESCED_EVENTS = frozenset({"resize", "route_change"})
# Pinned to Flet 1.0.5's wire format: 0x00, then msgpack [action, body] (flet/messaging/protocol.py
# MessageAction); another version may number the actions differently.
_CONTROL_EVENT, _UPDATE_CONTROL_PROPS, _INVOKE_METHOD = 3, 4, 5
_SMALL = 4096  # larger frames (a restored backup) are never coalesced, so never decoded twice


def classify(message: dict) -> tuple[tuple | None, bool]:
    """(what the message may replace, or None; whether it counts against the rate)."""
    if message.get("type") != "websocket.receive":
        return None, False  # connect, disconnect
    data = message.get("bytes")
    # A msgpack array of two (0x92) whose first item, the action, is a small integer.
    if not data or len(data) < 3 or data[0] != 0 or data[1] != 0x92:
        return None, True
    action = data[2]
    if action == _INVOKE_METHOD:
        return None, False
    if action not in (_CONTROL_EVENT, _UPDATE_CONTROL_PROPS) or len(data) > _SMALL:
        return None, True
    try:
        body = msgpack.unpackb(data[1:], strict_map_key=False)[1]
    except Exception:
        return None, True  # Flet reports it
    if not isinstance(body, dict):
        return None, True
    if action == _CONTROL_EVENT:
        name = body.get("name")
        key = ("event", body.get("target"), name) if name in COALESCED_EVENTS else None
        return (key if _hashable(key) else None), True
    props = body.get("props")
    if not isinstance(props, dict):
        return None, True
    key = ("props", body.get("id"), tuple(sorted(map(str, props))))
    return (key if _hashable(key) else None), True


def _hashable(key) -> bool:
    try:
        hash(key)
    except TypeError:
        return False
    return True


class EventBudget:
    """ASGI middleware: each WebSocket's frames reach the app coalesced and at a bounded rate."""

    def __init__(
        self, app, rate: float = EVENTS_PER_SECOND, burst: int = BURST, limit: int = QUEUE_LIMIT
    ):
        self.app = app
        self.rate, self.burst, self.limit = rate, burst, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        inbox = Inbox(receive, self.rate, self.burst, self.limit)
        try:
            return await self.app(scope, inbox.receive, send)
        finally:
            inbox.close()


class Inbox:
    def __init__(self, receive, rate: float, burst: int, limit: int):
        self._receive = receive
        self.rate, self.burst, self.limit = rate, burst, limit
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.queue: deque[list] = deque()  # [key, counts, message]
        self.waiting: dict[tuple, list] = {}  # key -> its entry in the queue
        self.changed = asyncio.Event()  # a frame came, or the client left
        self.left = asyncio.Event()
        self.space = asyncio.Event()
        self.gone = False
        self.pump: asyncio.Task | None = None

    async def _pump(self) -> None:
        while not self.gone:
            while len(self.queue) >= self.limit:
                self.space.clear()
                await self.space.wait()
            message = await self._receive()
            key, counts = classify(message)
            entry = self.waiting.get(key) if key is not None else None
            if entry is not None:
                entry[1], entry[2] = counts, message  # the newer one, in the older one's place
            else:
                entry = [key, counts, message]
                self.queue.append(entry)
                if key is not None:
                    self.waiting[key] = entry
            if message.get("type") == "websocket.disconnect":
                self.gone = True
                self.left.set()
            self.changed.set()

    def _wait_for_token(self) -> float:
        """0 when a token was taken, else the seconds until there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    async def receive(self):
        if self.pump is None:
            self.pump = asyncio.ensure_future(self._pump())
        while True:
            if self.queue:
                key, counts, _ = head = self.queue[0]
                if counts and not self.gone:
                    delay = self._wait_for_token()
                    if delay:
                        try:  # the client leaving ends the wait
                            await asyncio.wait_for(self.left.wait(), delay)
                        except asyncio.TimeoutError:
                            pass
                        continue
                self.queue.popleft()
                if key is not None and self.waiting.get(key) is head:
                    del self.waiting[key]
                self.space.set()
                return head[2]
            if self.pump.done():
                if not self.pump.cancelled() and self.pump.exception() is not None:
                    raise self.pump.exception()
                return await self._receive()  # after the disconnect: what the server gives
            self.changed.clear()
            await self.changed.wait()

    def close(self) -> None:
        if self.pump is not None and not self.pump.done():
            self.pump.cancel()


__all__ = ["EventBudget", "EVENTS_PER_SECOND", "BURST", "QUEUE_LIMIT", "classify"]
