"""What a phone may send over the session's WebSocket, checked before Flet unpacks it.

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
import logging
import time
from contextvars import ContextVar

MESSAGE_MAX_BYTES = 1024 * 1024
MAX_OBJECTS = 100_000
MAX_DEPTH = 32
LARGE_WINDOW_SECONDS = 600.0  # from the tap on "Restore" to the picked file's arrival
REGISTER_SECONDS = 60.0  # the client registers as soon as it is connected; slack for a busy phone

CLOSE_UNSUPPORTED = 1003  # a text message
CLOSE_POLICY = 1008  # not a message of Flet's protocol
CLOSE_TOO_BIG = 1009

log = logging.getLogger(__name__)


class Allowance:
    """One connection's permission for a large message (a picked backup file)."""

    def __init__(self):
        self.large_until = 0.0

    def take_large(self) -> bool:
        allowed = time.monotonic() < self.large_until
        self.large_until = 0.0
        return allowed


# Set for each WebSocket; Flet dispatches the session's events in tasks copied from its context.
_allowance: ContextVar[Allowance | None] = ContextVar("seep_scorer_ws_allowance", default=None)


def expect_large_message(seconds: float = LARGE_WINDOW_SECONDS) -> None:
    """The next message on this session's connection may be large (a restore's file is coming).
    Outside a served session (the phone-only app, tests) it does nothing."""
    allowance = _allowance.get()
    if allowance is not None:
        allowance.large_until = time.monotonic() + seconds


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

        token = _allowance.set(allowance)
        try:
            return await self.app(scope, checked_receive, guarded_send)
        finally:
            _allowance.reset(token)


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


__all__ = [
    "MESSAGE_MAX_BYTES",
    "MAX_DEPTH",
    "MAX_OBJECTS",
    "MessageGuard",
    "expect_large_message",
    "protocol_fault",
    "scan",
]
