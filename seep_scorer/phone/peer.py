"""The link between two phone-only apps, Python's side (issue 36; the page's side is web/peer.js).

RTCPeerConnection lives on the page, not in the worker the app's Python runs in, so the two talk
through messages. To the page, a request: `{"seepPeer": "offer" | "answer" | "accept" | "close",
"id": n, "code": ...}` (answered `{"reply": n, "code": ...}` or `{"reply": n, "error": why}`) or
`{"seepPeer": "send", "data": text}`. From the page, events: `{"event": "open" | "closed" |
"unsent"}` and `{"event": "message", "data": text}`, a message of the other phone.

A message over the link is a JSON object with a `kind`, at most MAX_MESSAGE bytes; anything else
is refused here, counted and never handed on. A `ping` is answered with a `pong` of the same id
(the page's timed round trip: the link's check and the benchmark's figure).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable

__all__ = ["MAX_MESSAGE", "LinkError", "PeerLink", "start"]

log = logging.getLogger(__name__)

MAX_MESSAGE = 65536  # characters of one message over the link (peer.js bounds it the same)
MAX_FROM_PAGE = MAX_MESSAGE + 1024  # a message with its envelope
MAX_KIND = 32
MAX_CODE = 2000  # a pairing code is about 200 characters


class LinkError(Exception):
    """The page could not do what was asked: `code` says why ("not-an-offer", "damaged", ...)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class PeerLink:
    """One phone's link to another: pairing through codes, messages both ways. `post` hands a
    request (JSON text) to the page."""

    def __init__(self, post: Callable[[str], None]) -> None:
        self._post = post
        self._listeners: list[Callable[[dict], None]] = []
        self._replies: dict[int, asyncio.Future] = {}
        self._next = 1
        self.open = False
        self.refused = 0  # messages refused (too large, not JSON, not an object with a kind)

    def listen(self, listener: Callable[[dict], None]) -> None:
        """`listener(message)` for each message of the other phone (pings are answered here)."""
        self._listeners.append(listener)

    # ---- pairing

    async def offer(self) -> str:
        """A new link's offer code, for the other phone to answer."""
        return await self._ask("offer")

    async def answer(self, code: str) -> str:
        """The answer code to another phone's offer, for it to accept."""
        return await self._ask("answer", code=self._code(code))

    async def accept(self, code: str) -> None:
        """The other phone's answer: the link opens (an `open` event) once they reach each other."""
        await self._ask("accept", code=self._code(code))

    def close(self) -> None:
        self._request({"seepPeer": "close", "id": 0})
        self.open = False

    # ---- messages

    def send(self, message: dict) -> bool:
        """`message` (a JSON object with a `kind`) to the other phone; False when too large."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        if len(text) > MAX_MESSAGE or not isinstance(message.get("kind"), str):
            return False
        self._request({"seepPeer": "send", "data": text})
        return True

    def receive(self, text: str) -> None:
        """A message from the page (the worker hands it over as JSON text)."""
        try:
            if not isinstance(text, str) or len(text) > MAX_FROM_PAGE:
                raise ValueError("too large")
            envelope = json.loads(text)
            if not isinstance(envelope, dict):
                raise ValueError("not an object")
        except ValueError:
            self.refused += 1
            return
        if "reply" in envelope:
            self._replied(envelope)
        elif envelope.get("event") == "open":
            self.open = True
        elif envelope.get("event") == "closed":
            self.open = False
        elif envelope.get("event") == "message":
            self._message(envelope.get("data"))

    def _message(self, data) -> None:
        try:
            if not isinstance(data, str) or len(data) > MAX_MESSAGE:
                raise ValueError("too large")
            message = json.loads(data)
            kind = message.get("kind") if isinstance(message, dict) else None
            if not isinstance(kind, str) or not 0 < len(kind) <= MAX_KIND:
                raise ValueError("no kind")
        except ValueError:
            self.refused += 1
            log.info("a message over the link was refused")
            return
        if kind == "ping":
            ping = message.get("id")
            if isinstance(ping, int) and not isinstance(ping, bool):
                self.send({"kind": "pong", "id": ping})
            return
        for listener in list(self._listeners):
            try:
                listener(message)
            except Exception:  # one listener's fault never stops the link
                log.exception("a listener of the link failed")

    # ---- requests to the page

    def _code(self, code) -> str:
        text = str(code or "").strip()
        if not text or len(text) > MAX_CODE:
            raise LinkError("not-a-code")
        return text

    def _request(self, request: dict) -> None:
        self._post(json.dumps(request))

    async def _ask(self, what: str, **fields) -> str:
        ask = self._next
        self._next += 1
        replied = asyncio.get_running_loop().create_future()
        self._replies[ask] = replied
        try:
            self._request({"seepPeer": what, "id": ask, **fields})
            reply = await asyncio.wait_for(replied, timeout=30)
        finally:
            self._replies.pop(ask, None)
        if reply.get("error"):
            raise LinkError(str(reply["error"])[:MAX_KIND])
        return str(reply.get("code") or "")

    def _replied(self, reply: dict) -> None:
        waiting = self._replies.get(reply.get("reply"))
        if waiting is not None and not waiting.done():
            waiting.set_result(reply)


def start() -> PeerLink:
    """The link of this page's app, listening to the page (in the browser only)."""
    import js  # Pyodide's: the worker's global scope
    from pyodide.ffi import create_proxy

    link = PeerLink(lambda text: js.postMessage(js.JSON.parse(text)))
    js.seepPeerListen(create_proxy(link.receive))
    return link
