"""Joining the table: `http://<address>:<port>/#join=<one-time code>` (joincodes.py).

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

import ipaddress
import threading
import time
from collections import OrderedDict

JOIN_PATH = "/seep-join"
JOIN_SCRIPT_PATH = "/seep-join.js"
JOIN_PARAM = "join"
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


async def _answer(send, status: int, headers: list[tuple[bytes, bytes]], body: bytes = b"") -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": headers
            + [(b"cache-control", b"no-store"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def serve_join(scope, receive, send, exchange, pace: JoinPace | None = None) -> bool:
    """Answer the join script or the code exchange; False for any other request.

    `exchange(bytes)` is awaited for the Set-Cookie value a code earns (a one-time join code: the
    token; an event's code: a role, rolegate.py), None for a code that earns nothing. `pace`: how
    fast each client may hand codes in.
    """
    path, method = scope.get("path"), scope.get("method", "GET")
    if path == JOIN_SCRIPT_PATH and method in ("GET", "HEAD"):
        await _answer(
            send,
            200,
            [(b"content-type", b"text/javascript; charset=utf-8")],
            JOIN_SCRIPT if method == "GET" else b"",
        )
        return True
    if path != JOIN_PATH:
        return False
    if method != "POST":
        await _answer(send, 405, [(b"allow", b"POST")])
        return True
    client = (scope.get("client") or ("", 0))[0]
    if pace is not None and not _this_machine(client) and not pace.allow(client):
        await _answer(send, 429, [(b"retry-after", str(int(pace.refill) + 1).encode())])
        return True
    given = await _read_body(receive, MAX_CODE_BYTES)
    cookie = await exchange(given.strip()) if given is not None else None
    if cookie:
        await _answer(send, 204, [(b"set-cookie", cookie.encode("latin-1"))])
    else:
        await _answer(send, 403, [])
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
        if kind == "http.response.start" and any(
            k.lower() == b"content-type" and v.lower().startswith(b"text/html")
            for k, v in message.get("headers", [])
        ):
            held["start"] = message
            return
        if kind == "http.response.body" and "start" in held:
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            tag = join_script_tag().encode("ascii")
            body = b"".join(chunks).replace(b"</body>", tag + b"</body>", 1)
            start = held.pop("start")
            headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            return await send({"type": "http.response.body", "body": body})
        return await send(message)

    return sending


__all__ = [
    "JoinPace",
    "JOIN_PARAM",
    "JOIN_PATH",
    "JOIN_SCRIPT",
    "JOIN_SCRIPT_PATH",
    "join_script_tag",
    "serve_join",
    "with_join_script",
]
