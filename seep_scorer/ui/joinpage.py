"""Joining the table: `http://<address>:<port>/#join=<one-time code>` (joincodes.py).

The code comes after `#`, which browsers never send to a server: it is in no request line, log or
Referer, and a link-preview robot that fetches the address (no scripts) cannot spend it. The phone
gets the "Not authorised" page, whose script (JOIN_SCRIPT, from this server: the page policy allows
no other) takes the code out of the address bar, hands it in once by a POST to JOIN_PATH for the
token's HttpOnly cookie, and reloads the same page, now with the cookie. The address left in the
browser's history holds a spent code.
"""

from __future__ import annotations

JOIN_PATH = "/seep-join"
JOIN_SCRIPT_PATH = "/seep-join.js"
JOIN_PARAM = "join"
MAX_CODE_BYTES = 256  # far above a code; a longer body is not read

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


async def serve_join(scope, receive, send, exchange) -> bool:
    """Answer the join script or the code exchange; False for any other request.

    `exchange(bytes)` is awaited for the Set-Cookie value a code earns (a one-time join code: the
    token; an event's code: a role, rolegate.py), None for a code that earns nothing.
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
    "JOIN_PARAM",
    "JOIN_PATH",
    "JOIN_SCRIPT",
    "JOIN_SCRIPT_PATH",
    "join_script_tag",
    "serve_join",
    "with_join_script",
]
