"""What one phone may cost the server: what it sends over its WebSocket, how many events, and the
end of its tasks once it is gone.

What a phone may send over the session's WebSocket, checked before Flet unpacks it.

Flet 1.0.5 (flet_web FletApp) unpacks every message with msgpack and dispatches
it. Two faults followed:

- a message of 64 MiB of empty maps (67 M objects) took the server to about
  5 GB and froze every phone for 14 s; msgpack cannot be told to stop at a
  total, so `scan` walks the bytes first and counts, touching no object;
- a first message that was text, not msgpack, or not a registration ended
  Flet's receive loop with no session, and its tasks then waited for ever.

So a message goes on only when it is binary, at most MESSAGE_MAX_BYTES (any size
the server takes while a restore is pending: `expect_large_message`), at most
MAX_OBJECTS objects nested at most MAX_DEPTH deep, and one of the client's
actions with the body Flet expects, a registration first, within REGISTER_SECONDS
of the connection. Anything else closes the connection and the app gets a
disconnect, so the session's tasks end too (EndAfterDisconnect, inside this
wrapper, ends a task still waiting after it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque

import msgpack

from seep_scorer.app.shell.state import Allowance, connection_allowance

__all__ = [
    "MESSAGE_MAX_BYTES",
    "MAX_DEPTH",
    "MAX_OBJECTS",
    "MessageGuard",
    "protocol_fault",
    "scan",
    "EventBudget",
    "EVENTS_PER_SECOND",
    "BURST",
    "QUEUE_LIMIT",
    "classify",
    "EndAfterDisconnect",
    "GRACE_SECONDS",
    "Inbox",
]

MESSAGE_MAX_BYTES = 1024 * 1024
MAX_OBJECTS = 100_000
MAX_DEPTH = 32
REGISTER_SECONDS = 60.0  # the client registers as soon as it is connected; slack for a busy phone

CLOSE_UNSUPPORTED = 1003  # a text message
CLOSE_POLICY = 1008  # not a message of Flet's protocol
CLOSE_TOO_BIG = 1009

log = logging.getLogger(__name__)


# msgpack's type bytes 0xc4..0xdf: (bytes of the length field, fixed bytes, children per length);
# children None: the length counts payload bytes. 0xc1 is never used.
_SIZED = {
    0xC4: (1, 0, None),
    0xC5: (2, 0, None),
    0xC6: (4, 0, None),  # bin
    0xC7: (1, 1, None),
    0xC8: (2, 1, None),
    0xC9: (4, 1, None),  # ext: length, then its type
    0xCA: (0, 4, None),
    0xCB: (0, 8, None),  # float
    0xCC: (0, 1, None),
    0xCD: (0, 2, None),
    0xCE: (0, 4, None),
    0xCF: (0, 8, None),  # uint
    0xD0: (0, 1, None),
    0xD1: (0, 2, None),
    0xD2: (0, 4, None),
    0xD3: (0, 8, None),  # int
    0xD4: (0, 2, None),
    0xD5: (0, 3, None),
    0xD6: (0, 5, None),
    0xD7: (0, 9, None),  # fixext
    0xD8: (0, 17, None),
    0xD9: (1, 0, None),
    0xDA: (2, 0, None),
    0xDB: (4, 0, None),  # str
    0xDC: (2, 0, 1),
    0xDD: (4, 0, 1),
    0xDE: (2, 0, 2),
    0xDF: (4, 0, 2),  # array, map
}


def scan(
    data: bytes, start: int = 0, max_objects: int = MAX_OBJECTS, max_depth: int = MAX_DEPTH
) -> str | None:
    """None when data[start:] is exactly one msgpack object within the bounds, else what is
    wrong. Reads only the type bytes and lengths: its work stops at `max_objects`."""
    pos, end = start, len(data)
    pending = [1]  # objects still to read at each open level
    objects = 0
    while pending:
        if not pending[-1]:
            pending.pop()
            continue
        pending[-1] -= 1
        if pos >= end:
            return "cut short"
        kind = data[pos]
        pos += 1
        objects += 1
        if objects > max_objects:
            return f"more than {max_objects} objects"
        children = 0
        if kind <= 0x7F or kind >= 0xE0 or kind in (0xC0, 0xC2, 0xC3):
            continue  # fixint, nil, bool
        if kind <= 0x9F:  # fixmap, fixarray
            children = (kind & 0x0F) * (2 if kind <= 0x8F else 1)
        elif kind <= 0xBF:  # fixstr
            pos += kind & 0x1F
        elif kind in _SIZED:
            length_bytes, fixed, per_item = _SIZED[kind]
            length = int.from_bytes(data[pos : pos + length_bytes], "big")
            pos += length_bytes + fixed
            if per_item is None:
                pos += length
            else:
                children = length * per_item
        else:
            return "not msgpack"
        if pos > end or children > end - pos:  # every object takes a byte at least
            return "cut short"
        if children:
            if len(pending) > max_depth:
                return f"nested deeper than {max_depth}"
            pending.append(children)
    return None if pos == end else "bytes after the message"


def _body_fields(action: int):
    """(required, allowed) field names of the body Flet builds for a client action, or None."""
    from dataclasses import MISSING, fields

    from flet.messaging import protocol as p

    kinds = {
        p.MessageAction.REGISTER_CLIENT.value: p.RegisterClientRequestBody,
        p.MessageAction.CONTROL_EVENT.value: p.ControlEventBody,
        p.MessageAction.UPDATE_CONTROL_PROPS.value: p.UpdateControlPropsBody,
        p.MessageAction.INVOKE_METHOD.value: p.InvokeMethodResponseBody,
    }
    kind = kinds.get(action)
    if kind is None:
        return None
    every = fields(kind)
    required = {f.name for f in every if f.default is MISSING and f.default_factory is MISSING}
    return required, {f.name for f in every}


_TYPES = {
    "session_id": (str, type(None)),
    "page_name": str,
    "page": dict,
    "target": int,
    "name": str,
    "id": int,
    "control_id": int,
    "call_id": str,
}


def protocol_fault(payload: bytes, registered: bool) -> str | None:
    """What is wrong with a Flet protocol message (after the 0x00 type byte), None if nothing."""
    import msgpack
    from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack

    try:
        message = msgpack.unpackb(payload, ext_hook=decode_ext_from_msgpack)  # as Flet unpacks it
    except Exception as err:
        return f"not msgpack ({type(err).__name__})"
    if not isinstance(message, (list, tuple)) or len(message) != 2:
        return "not an [action, body] pair"
    action, body = message
    if type(action) is not int or not isinstance(body, dict):
        return "not an [action, body] pair"
    if not registered and action != MessageAction.REGISTER_CLIENT.value:
        return "the first message is not a registration"
    expected = _body_fields(action)
    if expected is None:
        return f"unknown action {action}"
    required, allowed = expected
    if not required <= body.keys() <= allowed:
        return f"a body of action {action} with other fields"
    for name, value in body.items():
        if name in _TYPES and not isinstance(value, _TYPES[name]):
            return f"field {name} of the wrong type"
    return None


class MessageGuard:
    """ASGI middleware on the WebSocket: only sound messages of Flet's protocol reach the app."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        allowance = Allowance()
        registered = False
        deadline = None  # for the registration, from the connection on
        closed = None  # the close code once this guard closed the connection

        async def checked_receive():
            nonlocal registered, deadline, closed
            if closed is not None:
                return {"type": "websocket.disconnect", "code": closed}
            if registered or deadline is None:
                message = await receive()
            else:
                try:
                    message = await asyncio.wait_for(receive(), deadline - time.monotonic())
                except asyncio.TimeoutError:
                    message = None
            if message is None:
                fault, code = f"no registration within {REGISTER_SECONDS:g} s", CLOSE_POLICY
            elif message["type"] == "websocket.connect":
                deadline = time.monotonic() + REGISTER_SECONDS
                return message
            elif message["type"] != "websocket.receive":
                return message
            else:
                fault, code = _fault(message, allowance, registered)
            if fault is None:
                data = message.get("bytes")
                registered = registered or (bool(data) and data[0] == 0)
                return message
            log.warning("a phone's WebSocket was closed: %s", fault)
            closed = code
            await send({"type": "websocket.close", "code": code})
            return {"type": "websocket.disconnect", "code": code}

        async def guarded_send(message):
            if closed is None:  # after the close nothing more goes out (Flet's send loop may try)
                await send(message)

        token = connection_allowance.set(allowance)
        try:
            return await self.app(scope, checked_receive, guarded_send)
        finally:
            connection_allowance.reset(token)


def _fault(message, allowance: Allowance, registered: bool) -> tuple[str | None, int]:
    data = message.get("bytes")
    if data is None:
        return "a text message", CLOSE_UNSUPPORTED
    if len(data) > MESSAGE_MAX_BYTES and not allowance.take_large():
        return f"a message of {len(data)} bytes", CLOSE_TOO_BIG
    if not data or data[0] != 0:
        return None, 0  # Flet skips empty messages and handles its data channels (0x01) itself
    fault = scan(data, 1)
    if fault is not None:
        return fault, CLOSE_TOO_BIG if fault.startswith(("more", "nested")) else CLOSE_POLICY
    fault = protocol_fault(memoryview(data)[1:], registered)
    return fault, CLOSE_POLICY


# ---- events per phone
# One phone cannot hold up the others by flooding its connection with events.
#
# Flet 1.0.5 reads a session's WebSocket as fast as frames come and starts a task for every event
# (flet_web FletApp.__on_message): 10,000 resize events from one phone kept the event loop, which
# serves every phone, busy for 21 s. `EventBudget` reads each WebSocket ahead of the app into a
# short queue:
#
# - a resize or route change replaces an earlier one of the same control still waiting, and so does
#   a property update of the same control and properties (only the last size or route matters);
# - the app is handed at most EVENTS_PER_SECOND frames a second (after a burst of BURST), except
#   the client's answers to the server's own method calls, which the app waits for;
# - while QUEUE_LIMIT frames wait, the connection is not read: a flooding phone is slowed down by
# TCP
#   itself (uvicorn's websockets-sansio protocol pauses reading a socket until its queue is taken)
#   and memory stays bounded.
#
# Once the client is gone, whatever still waits is handed over at once: EndAfterDisconnect gives the
# app 2 s to end. The app coalesces its side too (app/shell/app.py): one refit for a burst of
# resizes.

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


# ---- a gone phone's tasks
# A phone's connection that is gone ends its session's task, whatever the session was doing.
#
# Flet 1.0.5's web handler (flet_web FletApp.handle) waits for its send loop after
# the receive loop ends, and only a registered session stops that loop: a phone
# that drops before its first message (a page closed while loading, Wi-Fi lost)
# leaves the task waiting forever. Each such task is a leak, and uvicorn's
# graceful shutdown waits for all of them, so Ctrl+C never stopped the server.
# This wrapper watches the connection's messages; once the client is gone, the
# app gets GRACE_SECONDS to finish on its own and is then cancelled.

GRACE_SECONDS = 2.0


class EndAfterDisconnect:
    def __init__(self, app, grace: float = GRACE_SECONDS):
        self.app = app
        self.grace = grace

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        gone = asyncio.Event()

        async def watched_receive():
            message = await receive()
            if message["type"] == "websocket.disconnect":
                gone.set()
            return message

        app_task = asyncio.ensure_future(self.app(scope, watched_receive, send))
        gone_task = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({app_task, gone_task}, return_when=asyncio.FIRST_COMPLETED)
            if not app_task.done():
                # The client is gone: whatever the app still waits for will not come.
                await asyncio.wait({app_task}, timeout=self.grace)
        finally:
            gone_task.cancel()
            if not app_task.done():
                app_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await app_task
        if not app_task.cancelled():
            return app_task.result()  # the app's own error, if it ended with one, goes on up
        return None
