"""Serving the app on the web: offline (no CDN, bundled fonts), optionally on the LAN behind a token.

`build_asgi(main, token=...)` is the whole web app as one ASGI callable; the
command line (`seep-scorer`) and the startup benchmark both serve it with
`run_server`, so they measure and ship the same thing.
"""

from __future__ import annotations

import hmac
import secrets
import socket
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qsl, urlencode

PACKAGE_DIR = Path(__file__).resolve().parent.parent
ASSETS_DIR = PACKAGE_DIR.parent / "assets"
COOKIE_NAME = "seep_scorer_token"
TOKEN_PARAM = "token"

NOT_AUTHORISED_PAGE = (
    b"<!doctype html><html><head><meta charset='utf-8'><title>Not authorised</title>"
    b"<meta name='viewport' content='width=device-width'></head>"
    b"<body><h1>Not authorised</h1><p>Open the join address shown where the app was started "
    b"(it contains the table's secret token).</p></body></html>"
)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def _token_ok(given: str | None, token: str) -> bool:
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), token.encode("utf-8"))


class TokenGate:
    """ASGI middleware: only browsers that brought the table's token get anything.

    A request with `?token=<token>` gets an HttpOnly cookie and is redirected to
    the same address without the token; later requests (scripts, the WebSocket)
    carry the cookie. Everything else gets a plain 403 page (or a closed
    WebSocket) and no data. Tokens are compared in constant time.
    """

    def __init__(self, app, token: str):
        self.app = app
        self.token = token

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)  # lifespan
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = next((v for k, v in query if k == TOKEN_PARAM), None)
        if kind == "http" and given is not None and _token_ok(given, self.token):
            rest = [(k, v) for k, v in query if k != TOKEN_PARAM]
            location = (scope.get("root_path", "") + scope["path"]) + ("?" + urlencode(rest) if rest else "")
            cookie = f"{COOKIE_NAME}={self.token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
            await send({"type": "http.response.start", "status": 303, "headers": [
                (b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode("latin-1")),
                (b"cache-control", b"no-store"), (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        if _token_ok(self._cookie(scope), self.token):
            return await self.app(scope, receive, send)
        if kind == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 403, "headers": [
            (b"content-type", b"text/html; charset=utf-8"), (b"cache-control", b"no-store"),
            (b"content-length", str(len(NOT_AUTHORISED_PAGE)).encode())]})
        await send({"type": "http.response.body", "body": NOT_AUTHORISED_PAGE})

    @staticmethod
    def _cookie(scope) -> str | None:
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                jar = SimpleCookie()
                try:
                    jar.load(value.decode("latin-1"))
                except Exception:
                    continue
                if COOKIE_NAME in jar:
                    return jar[COOKIE_NAME].value
        return None


class ClientLanguage:
    """ASGI middleware: the browser's Accept-Language (sent with the WebSocket that carries a session)
    becomes `i18n.client_accept_language` for that connection; Flet runs `main(page)` in a task copied
    from it, so a first start can follow the browser's language (Flet 1.0.5 does not expose it)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            from ..i18n import client_accept_language

            header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"accept-language"), None)
            token = client_accept_language.set(header)
            try:
                return await self.app(scope, receive, send)
            finally:
                client_accept_language.reset(token)
        return await self.app(scope, receive, send)


def build_asgi(main: Callable, *, token: str | None = None, app_name: str = "Seep Scorer"):
    """The Flet web app (no CDN, bundled assets), behind the token gate when a token is given."""
    import flet_web.fastapi as flet_fastapi

    app = flet_fastapi.app(
        main,
        assets_dir=str(ASSETS_DIR),
        no_cdn=True,
        app_name=app_name,
        app_short_name=app_name,
        app_description=app_name,
    )
    app = ClientLanguage(app)
    return TokenGate(app, token) if token else app


def run_server(app, host: str, port: int, log_level: str = "warning") -> None:
    """Serve an ASGI app until interrupted (blocking)."""
    import uvicorn

    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, ws="websockets-sansio")
    uvicorn.Server(config).run()


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        s.close()


def is_loopback(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")
