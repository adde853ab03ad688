"""What the browser may do with the served pages: run scripts from this server only, never framed.

Every HTTP response gets a Content-Security-Policy (`script-src 'self'`, `frame-ancestors 'self'`),
`X-Frame-Options: DENY` and `Referrer-Policy: no-referrer`. With `script-src 'self'` the browser
never even requests the `rive_native.js` that Flet's web client would add from a CDN (it does not
need it), so no request leaves the table and none carries this server's address as its Referer.

Flet's `index.html` has small inline scripts (its configuration); an HTML response is held until its
body is complete and the hash of each inline script goes into the policy, so exactly those run.
`'wasm-unsafe-eval'` lets Flutter compile its WebAssembly; nothing may `eval` JavaScript. Workers
may also start from `blob:` URLs, which only the page's own scripts can create.

The page is not cross-origin isolated (`Cross-Origin-Embedder-Policy: unsafe-none`, see
NOT_ISOLATED below): Flutter then draws on one thread.

A `304 Not Modified` carries none of the policy headers: a browser revalidating a page it keeps
takes the 304's headers over the kept ones, and a policy worked out from the 304's empty body would
hold no script hashes, so Flet's inline scripts would stop running and a phone that came back would
stay on the loading screen. Without them the browser keeps those of the full answer, which match the
body it keeps (a 304 means that body is unchanged).

Caching, chosen per answer: every page and file is `no-cache` (kept, but revalidated on each use
by its ETag), so a phone that comes back after the app was upgraded gets every new file and
never mixes old and new ones; revalidation costs a 304 of a few hundred bytes per file on the
table's network. Answers that set their own (`no-store` on the join page, the token's redirect
and the refusals) keep it.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.datastructures import MutableHeaders

_INLINE_SCRIPT = re.compile(rb"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
_SRC_ATTRIBUTE = re.compile(rb"\ssrc\s*=", re.I)
CACHE_CONTROL = (b"cache-control", b"no-cache")
# Flet's web server asks for cross-origin isolation (COEP require-corp beside COOP same-origin),
# which makes Flutter run its skwasm renderer on two threads. In headless Chromium a page was
# caught spinning for a minute in the renderer's malloc on the main thread (issue 31, item 4:
# the page's stack, paused through DevTools: malloc < pictureRecorder_create), a lock held by the
# render worker: the deadlock of multi-threaded WebAssembly on a browser's main thread, which
# cannot block and so spins. Without isolation Flutter draws with single-threaded skwasm.
# `unsafe-none` is sent on every answer, a 304 included, so that a phone that kept the page with
# the old header takes the new one. COOP same-origin stays; `Access-Control-Allow-Origin: *` goes:
# no other site reads this server's answers.
NOT_ISOLATED = (b"cross-origin-embedder-policy", b"unsafe-none")
REPLACED_HEADERS = (
    b"content-security-policy",
    b"x-frame-options",
    b"cross-origin-embedder-policy",
    b"access-control-allow-origin",
)
FIXED_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


def inline_script_hashes(html: bytes) -> list[str]:
    """CSP source expressions ('sha256-...') for the inline scripts of a page, in order."""
    found = []
    for attributes, body in _INLINE_SCRIPT.findall(html):
        if _SRC_ATTRIBUTE.search(b" " + attributes):
            continue
        digest = base64.b64encode(hashlib.sha256(body).digest()).decode("ascii")
        if f"'sha256-{digest}'" not in found:
            found.append(f"'sha256-{digest}'")
    return found


def content_security_policy(html: bytes = b"") -> bytes:
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *inline_script_hashes(html)])
    # Flutter's skwasm renderer starts its worker from a blob its own script writes.
    return (
        f"script-src {scripts}; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; "
        "frame-ancestors 'self'"
    ).encode("ascii")


def _is_html(headers: MutableHeaders) -> bool:
    return headers.get("content-type", "").lower().startswith("text/html")


class PagePolicy:
    """ASGI middleware: the headers above on every HTTP response but a 304 (WebSockets pass
    untouched), and the cache policy on every one that has none of its own."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        held: dict = {}
        chunks: list[bytes] = []

        async def send_with_policy(message):
            kind = message["type"]
            if kind == "http.response.start":
                headers = MutableHeaders(raw=list(message.get("headers", [])))
                for name in REPLACED_HEADERS:
                    del headers[name.decode("latin-1")]
                headers.setdefault(*(part.decode("latin-1") for part in CACHE_CONTROL))
                # on a 304 too: it replaces a kept require-corp
                headers.append(*(part.decode("latin-1") for part in NOT_ISOLATED))
                if message.get("status") == 304:  # the kept answer's policy stays (above)
                    return await send({**message, "headers": headers.raw})
                message = {**message, "headers": headers.raw + FIXED_HEADERS}
                if _is_html(headers):
                    held["start"] = message  # sent with the body, once its scripts are known
                    return
                message["headers"] = message["headers"] + [
                    (b"content-security-policy", content_security_policy())
                ]
                return await send(message)
            if kind == "http.response.body" and "start" in held:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                start = held.pop("start")
                body = b"".join(chunks)
                start["headers"] = start["headers"] + [
                    (b"content-security-policy", content_security_policy(body))
                ]
                await send(start)
                return await send({"type": "http.response.body", "body": body})
            return await send(message)

        return await self.app(scope, receive, send_with_policy)


__all__ = ["PagePolicy", "content_security_policy", "inline_script_hashes"]
