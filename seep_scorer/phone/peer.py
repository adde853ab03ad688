"""The link between two phone-only apps, Python's side (issue 36; the page's side is web/peer.js).

RTCPeerConnection lives on the page, not in the worker the app's Python runs in, so the two talk
through messages. To the page, a request: `{"seepPeer": "offer" | "answer" | "accept" | "close",
"id": n, "code": ...}` (answered `{"reply": n, "code": ...}` or `{"reply": n, "error": why}`) or
`{"seepPeer": "send", "data": text}`. From the page, events: `{"event": "open" | "closed" |
"unsent"}` and `{"event": "message", "data": text}`, a message of the other phone.

A message over the link is a JSON object with a `kind`, at most MAX_MESSAGE bytes; anything else
is refused here, counted and never handed on. A `ping` is answered with a `pong` of the same id
(the page's timed round trip: the link's check and the benchmark's figure).

Only who scanned may join. The code the sharing phone shows is the page's offer with a one-time
secret after it; the joining phone hands the page the offer alone and, once the link is open,
proves it saw the secret: its first message is `{"kind": "hello", "proof"}`, an HMAC of both
phones' DTLS fingerprints (those the link was made with: the browser checks the connection
against them) under the secret. The sharing phone hands nothing on before a right proof, closes
the link on a wrong one or none within HELLO_SECONDS, and takes one answer per code, within
OFFER_SECONDS of making it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable

__all__ = ["MAX_MESSAGE", "LinkError", "PeerLink", "start"]

log = logging.getLogger(__name__)

MAX_MESSAGE = 65536  # characters of one message over the link (peer.js bounds it the same)
MAX_FROM_PAGE = MAX_MESSAGE + 1024  # a message with its envelope
MAX_KIND = 32
MAX_CODE = 2000  # a pairing code is about 200 characters
OFFER_SECONDS = 300  # a sharing code is taken for five minutes after it is made, once
HELLO_SECONDS = 15  # the joining phone's proof, after the link opens
SECRET_BYTES = 12


class LinkError(Exception):
    """The page could not do what was asked: `code` says why ("not-an-offer", "damaged", ...)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _fingerprint(code: str) -> str:
    """A page code's DTLS fingerprint field (its 4th), as the page wrote it."""
    parts = code.split("~")
    return parts[3] if len(parts) >= 6 else ""


def _proof(secret: str, offer: str, answer: str) -> str:
    key = secret.encode("ascii")
    mac = hmac.new(key, f"{_fingerprint(offer)}|{_fingerprint(answer)}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).decode().rstrip("=")


class PeerLink:
    """One phone's link to another: pairing through codes, messages both ways. `post` hands a
    request (JSON text) to the page; `clock` gives seconds (tests move it)."""

    def __init__(self, post: Callable[[str], None], clock: Callable[[], float] = time.monotonic):
        self._post, self._clock = post, clock
        self._listeners: list[Callable[[dict], None]] = []
        self._watchers: list[Callable[[], None]] = []
        self._replies: dict[int, asyncio.Future] = {}
        self._next = 1
        self._offer: tuple[str, str, float] | None = None  # (page code, secret, made at)
        self._expected: str | None = None  # the proof the joining phone must send
        self._hello: str | None = None  # the proof this phone sends, as the joining one
        self._hello_timer: asyncio.TimerHandle | None = None
        self.open = False  # the data channel is open
        self.trusted = False  # and the other phone is the one that scanned this one's code
        self.refused = 0  # messages refused (too large, not JSON, not an object with a kind)

    def listen(self, listener: Callable[[dict], None]) -> None:
        """`listener(message)` for each message of the other phone, once it is trusted (pings
        are answered here)."""
        self._listeners.append(listener)

    def watch(self, watcher: Callable[[], None]) -> None:
        """`watcher()` whenever the link opens, is trusted or closes."""
        self._watchers.append(watcher)

    # ---- pairing

    async def offer(self) -> str:
        """A new link's sharing code (the page's offer and a one-time secret), for another phone
        to answer."""
        page_code = await self._ask("offer")
        secret = base64.urlsafe_b64encode(secrets.token_bytes(SECRET_BYTES)).decode()
        self._offer = (page_code, secret, self._clock())
        self._expected = self._hello = None
        self._set(open=False, trusted=False)
        return f"{page_code}~{secret}"

    async def answer(self, code: str) -> str:
        """This phone's answer code to another phone's sharing code, for it to accept."""
        text = self._code(code)
        page_code, _, secret = text.rpartition("~")
        if text.count("~") != 6 or not 8 <= len(secret) <= 64:
            raise LinkError("not-an-offer" if text.startswith("S1A~") else "not-a-code")
        answer = await self._ask("answer", code=page_code)
        self._offer = self._expected = None
        self._hello = _proof(secret, page_code, answer)
        self._set(open=False, trusted=False)
        return answer

    async def accept(self, code: str) -> None:
        """The other phone's answer: the link opens (and is trusted once its proof comes)."""
        text = self._code(code)
        if self._offer is None:
            raise LinkError("no-offer")
        page_code, secret, made = self._offer
        if self._clock() - made > OFFER_SECONDS:
            self._offer = None
            raise LinkError("expired")
        # Expected before the page is asked: the link may open, and the proof come, before the
        # page's reply to this request is read here.
        self._offer, self._expected = None, _proof(secret, page_code, text)  # one answer per code
        try:
            await self._ask("accept", code=text)
        except LinkError:
            self._offer, self._expected = (page_code, secret, made), None  # a wrong paste: again
            raise

    def close(self) -> None:
        self._request({"seepPeer": "close", "id": 0})
        self._expected = self._hello = None
        self._set(open=False, trusted=False)

    # ---- messages

    def send(self, message: dict) -> bool:
        """`message` (a JSON object with a `kind`) to the other phone; False when too large or
        when the link is not open."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        if len(text) > MAX_MESSAGE or not isinstance(message.get("kind"), str) or not self.open:
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
            self._opened()
        elif envelope.get("event") == "closed":
            self._set(open=False, trusted=False)
        elif envelope.get("event") == "message":
            self._message(envelope.get("data"))

    def _opened(self) -> None:
        self._set(open=True)
        if self._hello is not None:  # the joining phone: it connected to the code it was shown
            self.send({"kind": "hello", "proof": self._hello})
            self._set(trusted=True)
        elif self._expected is not None:  # the sharing phone: the proof must come, and soon
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._hello_timer = loop.call_later(HELLO_SECONDS, self._no_hello)

    def _no_hello(self) -> None:
        if self.open and not self.trusted:
            log.info("the other phone sent no proof: the link is closed")
            self.close()

    def _set(self, **state: bool) -> None:
        before = (self.open, self.trusted)
        for name, value in state.items():
            setattr(self, name, value)
        if not self.open and self._hello_timer is not None:
            self._hello_timer.cancel()
            self._hello_timer = None
        if (self.open, self.trusted) != before:
            for watcher in list(self._watchers):
                try:
                    watcher()
                except Exception:
                    log.exception("a watcher of the link failed")

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
        if kind == "hello":
            self._heard_hello(message.get("proof"))
            return
        if not self.trusted:
            self.refused += 1  # nothing is handed on before the other phone's proof
            return
        for listener in list(self._listeners):
            try:
                listener(message)
            except Exception:  # one listener's fault never stops the link
                log.exception("a listener of the link failed")

    def _heard_hello(self, proof) -> None:
        expected, self._expected = self._expected, None
        if expected is None or self.trusted:
            return
        if isinstance(proof, str) and hmac.compare_digest(proof, expected):
            self._set(trusted=True)
        else:
            log.info("the other phone's proof is wrong: the link is closed")
            self.refused += 1
            self.close()

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
