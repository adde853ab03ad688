"""Who may come in: joining with a one-time code, the codes themselves, and the door for phones that
join with an event's code.

Joining the table: `http://<address>:<port>/#join=<one-time code>`.

The code comes after `#`, which browsers never send to a server: it is in no request line, log or
Referer, and a link-preview robot that fetches the address (no scripts) cannot spend it. The phone
gets the "Not authorised" page, whose script (JOIN_SCRIPT, from this server: the page policy allows
no other) takes the code out of the address bar, hands it in once by a POST to JOIN_PATH for the
token's HttpOnly cookie, and reloads the same page, now with the cookie. The address left in the
browser's history holds a spent code.

Codes are handed in at a phone's pace, not a script's: each client address may hand in
JOIN_BURST codes at once and one more every JOIN_REFILL_SECONDS (JoinPace); beyond that the
answer is 429, and nothing is looked up. The machine serving the app itself (loopback) is not
paced: whoever uses it has the store already.
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import secrets
import threading
import time
from collections import OrderedDict
from typing import Callable

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import Response

from seep_scorer.app.shell.state import JOIN_PARAM, RoleGrant
from seep_scorer.store.events.codes import CodeIndex, PhoneKeys, event_over

__all__ = [
    "JoinPace",
    "JOIN_PARAM",
    "JOIN_PATH",
    "JOIN_SCRIPT",
    "JOIN_SCRIPT_PATH",
    "join_script_tag",
    "serve_join",
    "with_join_script",
    "JoinCodes",
    "MAX_LIVE_CODES",
    "ROLE_COOKIE",
    "RoleDoor",
]

JOIN_PATH = "/seep-join"
JOIN_SCRIPT_PATH = "/seep-join.js"
MAX_CODE_BYTES = 256  # far above a code; a longer body is not read
JOIN_BURST = 10  # codes one client may hand in at once (a phone needs one; a mistyped few)
JOIN_REFILL_SECONDS = 6.0  # then one more every this many seconds: ten a minute
MAX_CLIENTS = 4096  # client addresses remembered; the longest idle forgotten first

JOIN_SCRIPT = b"""\
"use strict";
// Seep Scorer: the join code after '#' leaves the address at once, goes to the server once for
// the table's cookie, and the page reloads without it.
(function () {
  var found = /(?:^#|&)join=([^&]*)/.exec(location.hash);
  if (!found) return;
  var here = location.pathname + location.search;
  history.replaceState(null, "", here);
  var code;
  try { code = decodeURIComponent(found[1]); } catch (e) { return; }
  function shown() { document.documentElement.style.visibility = ""; }
  document.documentElement.style.visibility = "hidden";
  fetch("/seep-join", {method: "POST", body: code, credentials: "same-origin", cache: "no-store"})
    .then(function (answer) {
      if (answer.ok) { location.replace(here); } else { shown(); }
    }, shown);
})();
"""


class JoinPace:
    """How many codes each client address may hand in now (a token bucket per address)."""

    def __init__(self, burst: int = JOIN_BURST, refill: float = JOIN_REFILL_SECONDS):
        self.burst, self.refill = burst, refill
        self._clients: OrderedDict[str, tuple[float, float]] = OrderedDict()  # (tokens, when)
        self._lock = threading.Lock()

    def allow(self, client: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, when = self._clients.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - when) / self.refill)
            allowed = tokens >= 1.0
            self._clients[client] = (tokens - 1.0 if allowed else tokens, now)
            while len(self._clients) > MAX_CLIENTS:
                self._clients.popitem(last=False)
            return allowed


def _this_machine(client: str) -> bool:
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


async def _read_body(receive, limit: int) -> bytes | None:
    """The request body, or None when it is longer than `limit` bytes or the client left."""
    body = b""
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        body += message.get("body", b"")
        if len(body) > limit:
            return None
        if not message.get("more_body", False):
            return body


async def _answer(scope, receive, send, status: int, headers: dict, body: bytes = b"") -> None:
    answer = Response(body, status_code=status, headers={**headers, "cache-control": "no-store"})
    await answer(scope, receive, send)


async def serve_join(scope, receive, send, exchange, pace: JoinPace | None = None) -> bool:
    """Answer the join script or the code exchange; False for any other request.

    `exchange(bytes)` is awaited for the Set-Cookie value a code earns (a one-time join code: the
    token; an event's code: a role, below), None for a code that earns nothing. `pace`:
    how fast each client may hand codes in.
    """
    path, method = scope.get("path"), scope.get("method", "GET")
    if path == JOIN_SCRIPT_PATH and method in ("GET", "HEAD"):
        await _answer(
            scope,
            receive,
            send,
            200,
            {"content-type": "text/javascript; charset=utf-8"},
            JOIN_SCRIPT if method == "GET" else b"",
        )
        return True
    if path != JOIN_PATH:
        return False
    if method != "POST":
        await _answer(scope, receive, send, 405, {"allow": "POST"})
        return True
    client = (scope.get("client") or ("", 0))[0]
    if pace is not None and not _this_machine(client) and not pace.allow(client):
        await _answer(scope, receive, send, 429, {"retry-after": str(int(pace.refill) + 1)})
        return True
    given = await _read_body(receive, MAX_CODE_BYTES)
    cookie = await exchange(given.strip()) if given is not None else None
    if cookie:
        await _answer(scope, receive, send, 204, {"set-cookie": cookie})
    else:
        await _answer(scope, receive, send, 403, {})
    return True


def join_script_tag() -> str:
    return f"<script src='{JOIN_SCRIPT_PATH}'></script>"


def with_join_script(send):
    """`send` for the app's own page at an event's address (a table card's, the board's): the
    join script goes in before `</body>`, so a phone that joined before (another table's card, an
    earlier round) hands in the code it scanned now instead of keeping its old role."""
    held: dict = {}
    chunks: list[bytes] = []

    async def sending(message):
        kind = message["type"]
        if kind == "http.response.start" and Headers(raw=message.get("headers", [])).get(
            "content-type", ""
        ).lower().startswith("text/html"):
            held["start"] = message
            return
        if kind == "http.response.body" and "start" in held:
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            tag = join_script_tag().encode("ascii")
            body = b"".join(chunks).replace(b"</body>", tag + b"</body>", 1)
            start = held.pop("start")
            headers = MutableHeaders(raw=list(start["headers"]))
            headers["content-length"] = str(len(body))
            await send({**start, "headers": headers.raw})
            return await send({"type": "http.response.body", "body": body})
        return await send(message)

    return sending


# ---- one-time join codes
# One-time join codes: what a join address carries instead of the table's token.
#
# A browser keeps every address it opened in its history (chrome://history lists even one that
# redirected at once, or whose `#` part a script removed), so the address must hold nothing that
# still works later. Each join address carries a fresh random code; the first browser that hands it
# in gets the token as an HttpOnly cookie and the code is spent. The terminal prints a new address
# whenever its last one was used, and the app's invite screen shows a new one each time it is opened
# (good for an hour).

# Unspent invitations kept (the oldest forgotten first), each for an hour at most: a phone that
# already holds the cookie and opens one leaves it unspent in its history. The printed one is kept.
MAX_LIVE_CODES = 64
INVITE_SECONDS = 3600.0


def _key(code: str) -> bytes:
    # Looked up by digest, so how long a lookup takes says nothing about the codes held.
    return hashlib.sha256(code.encode("utf-8", "surrogateescape")).digest()


class JoinCodes:
    """Codes that each let one browser in, once. Safe to use from any thread."""

    def __init__(
        self,
        limit: int = MAX_LIVE_CODES,
        lifetime: float = INVITE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.limit = limit
        self.lifetime = lifetime
        self.clock = clock
        # digest -> (kept, on_redeem, minted at)
        self._live: OrderedDict[bytes, tuple[bool, Callable | None, float]] = OrderedDict()
        self._lock = threading.Lock()

    def mint(self, keep: bool = False, on_redeem: Callable[[], None] | None = None) -> str:
        """A new code; `keep`: never forgotten for newer ones; `on_redeem` runs once it is spent."""
        code = secrets.token_urlsafe(18)
        with self._lock:
            self._live[_key(code)] = (keep, on_redeem, self.clock())
            unkept = [k for k, (kept, _, _) in self._live.items() if not kept]
            for old in unkept[: max(0, len(unkept) - self.limit)]:
                del self._live[old]
        return code

    def redeem(self, given: str | bytes) -> bool:
        """True, once, for a live code; it is spent from then on."""
        if isinstance(given, bytes):
            try:
                given = given.decode("ascii")
            except UnicodeDecodeError:
                return False
        if not given or len(given) > 200:
            return False
        with self._lock:
            entry = self._live.pop(_key(given), None)
        if entry is None or (not entry[0] and self.clock() - entry[2] > self.lifetime):
            return False
        if entry[1] is not None:
            try:
                entry[1]()
            except Exception:  # noqa: BLE001 - a terminal gone must not cost the phone its join
                pass
        return True

    def __len__(self) -> int:
        return len(self._live)


# ---- the door for an event's codes
# The door for phones that join with an event's code (a table card or the board's QR code).
#
# A table card's address carries the table's code after `#` (eventcodes.table_join_url); the join
# script hands it in once (above) and the phone gets, instead of the host's token, a
# cookie with a new random key of its own that this server maps to the role the code opened: (event,
# table) or (event, board). The keys' digests are kept in the data folder (store/events/codes.py),
# so a phone joined before the server restarted keeps its role. A key opens its role while the event
# is not over, so a phone at a table keeps its table when the next round is paired (the new cards'
# codes are for new phones), and nothing once the event ends.
#
# A card is seen by everyone in the hall, so what a code can do is bounded: each code lets in at
# most PHONES_PER_CODE phones in this server's life (a table seats four; a phone may scan twice),
# and once MAX_KEYS phones hold keys a new one is refused rather than a phone's key forgotten: a
# flood of joins never locks out a phone that is at its table (the join page limits each client's
# pace too, above). A key is kept for ROLE_SECONDS.

ROLE_COOKIE = "seep_scorer_role"
MAX_KEYS = 4096  # phones holding a key at once; beyond it a new phone is refused, none forgotten
PHONES_PER_CODE = 8  # phones one code lets in (a table's four players, each with a second go)
ROLE_SECONDS = 86400  # a club night


def _digest(key: str | bytes) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8", "surrogateescape")
    return hashlib.sha256(key).digest()  # looked up by digest: no timing says what keys exist


class RoleDoor:
    """Codes exchanged for role keys, and the role a request's key holds. Thread-safe."""

    def __init__(
        self, index: CodeIndex | None, limit: int = MAX_KEYS, per_code: int = PHONES_PER_CODE
    ):
        self.index = index
        self.limit, self.per_code = limit, per_code
        self._keys: dict[bytes, tuple[RoleGrant, float]] = {}  # digest: (role, until)
        self._uses: dict[bytes, int] = {}  # a code's digest: the phones it let in
        self._lock = threading.Lock()
        # The keys given before a restart (read once, at the server's start, before any request).
        self._kept = PhoneKeys(index.root.parent, limit) if index is not None else None
        until = time.time() + ROLE_SECONDS  # at most: the file drops the keys past their time
        for digest, role, event_id, table in self._kept.load() if self._kept else ():
            self._keys[digest] = (RoleGrant(role, event_id, table), until)

    async def join(self, code: bytes) -> str | None:
        """The Set-Cookie value a table or board code earns now, or None: an unknown code, one
        that let in its PHONES_PER_CODE phones, or every key slot held (reads off the loop)."""
        if self.index is None:  # a server without a store's events
            return None
        opened = await asyncio.to_thread(self.index.find, code)
        if opened is None:
            return None
        key, used = secrets.token_urlsafe(18), _digest(code)
        grant = RoleGrant(opened.role, opened.event_id, opened.table)
        with self._lock:  # the slot taken before anything is awaited: no two joins share it
            now = time.time()
            for digest in [d for d, (_g, until) in self._keys.items() if until <= now]:
                del self._keys[digest]
            if self._uses.get(used, 0) >= self.per_code or len(self._keys) >= self.limit:
                return None
            self._uses[used] = self._uses.get(used, 0) + 1
            self._keys[_digest(key)] = (grant, now + ROLE_SECONDS)
        args = (_digest(key), opened.role, opened.event_id, opened.table, ROLE_SECONDS)
        try:  # kept before the phone is told of it
            await asyncio.to_thread(self._kept.add, *args)
        except OSError:
            pass  # a full disk: the key still works until the server stops
        return f"{ROLE_COOKIE}={key}; Path=/; HttpOnly; SameSite=Strict; Max-Age={ROLE_SECONDS}"

    def holder(self, values: list[bytes]) -> RoleGrant | None:
        """The role of the first known key among a request's cookie values (memory only)."""
        now = time.time()
        with self._lock:
            for value in values:
                if 0 < len(value) <= 64 and (held := self._keys.get(_digest(value))):
                    if held[1] > now:
                        return held[0]
        return None

    async def still_open(self, grant: RoleGrant) -> bool:
        """The grant's event is there and not over (read off the loop)."""
        event = await asyncio.to_thread(self.index.event, grant.event_id)
        return event is not None and bool(event.codes) and not event_over(event)
