"""Serving the app on the web: offline (no CDN, bundled fonts), optionally on the LAN behind a
token.

`build_asgi(main, token=..., allowed_hosts=...)` is the whole web app as one ASGI
callable; the command line (`seep-scorer`) and the startup benchmark both serve
it with `run_server`, so they measure and ship the same thing.

Every mode answers only to its own addresses (`OwnAddressGuard`, server/addresses.py): a
request whose `Host` is some other name (DNS rebinding) or that a page of another
site sent (its `Origin`) is refused before it reaches the app.
"""

from __future__ import annotations

import hmac
import os
import secrets
from typing import Callable, Iterable
from urllib.parse import parse_qsl, quote, urlencode

from starlette.responses import HTMLResponse, Response

# Re-exported: the command line and the tests take them from here.
from seep_scorer import resources
from seep_scorer.app.shell.app import SESSION_TIMEOUT_SECONDS
from seep_scorer.app.shell.state import session_grant, session_join_address
from seep_scorer.server.access import (
    JOIN_PARAM,
    ROLE_COOKIE,
    JoinCodes,
    JoinPace,
    RoleDoor,
    join_script_tag,
    serve_join,
    with_join_script,
)
from seep_scorer.server.addresses import (  # noqa: F401  (re-exported, as the addresses above)
    MAX_REQUEST_TARGET_BYTES,
    OwnAddressGuard,
    is_loopback,
    is_loopback_address,
    is_loopback_host,
    is_wildcard,
    lan_address,
    normalize_host,
    plain_page,
    split_host_port,
    url_host,
)
from seep_scorer.server.connguard import prepare_connections
from seep_scorer.server.limits import EndAfterDisconnect, EventBudget, MessageGuard
from seep_scorer.server.logs import server_logging
from seep_scorer.server.pagepolicy import PagePolicy
from seep_scorer.store.events.codes import CodeIndex

ASSETS_DIR = resources.ASSETS_DIR  # fonts and icons: the installed package's, else the checkout's
COOKIE_NAME = "seep_scorer_token"
TOKEN_PARAM = "token"
# Kept as they are in a Location path; everything else (backslash, tab, spaces, non-ASCII) is
# percent-quoted, since browsers read a backslash or a stripped tab as another slash.
_LOCATION_SAFE = "/%!$&'()*+,;=:@"


# Its script joins a phone that came with a join code after '#' (server/access.py).
NOT_AUTHORISED_PAGE = plain_page(
    "Not authorised",
    "Open a join address: the one shown where the app was started, or one from the invite screen "
    "of a phone already at the table. Each works for one phone, once.",
).replace(b"</body>", join_script_tag().encode("ascii") + b"</body>")


def new_token() -> str:
    return secrets.token_urlsafe(18)


def _token_ok(given: str | bytes | None, token: str) -> bool:
    if not given:
        return False
    if isinstance(given, str):
        given = given.encode("utf-8", "surrogateescape")
    return hmac.compare_digest(given, token.encode("utf-8"))


def cookie_values(headers, name: str) -> list[bytes]:
    """Every value the `Cookie` headers give for `name`, as bytes.

    Parsed by hand: split on ';', then name=value. A pair without '=' or with odd
    characters (another app's cookie) is skipped on its own and never hides the
    others, unlike `http.cookies.SimpleCookie`, which drops the whole header.
    """
    wanted = name.encode("ascii")
    found = []
    for header_name, header_value in headers:
        if header_name.lower() != b"cookie":
            continue
        for pair in header_value.split(b";"):
            key, equals, value = pair.partition(b"=")
            if not equals or key.strip() != wanted:
                continue
            value = value.strip()
            if len(value) >= 2 and value.startswith(b'"') and value.endswith(b'"'):
                value = value[1:-1]
            found.append(value)
    return found


def _redirect_location(scope, query_without_token: list[tuple[str, str]]) -> bytes:
    """Where to send a browser after it handed in the token: the same path on this server.

    Leading slashes collapse to one, so `//evil.example/x` stays a path here and never
    becomes another site; the path is percent-quoted, so any character fits the header.
    """
    raw_path = scope.get("raw_path") or (scope.get("root_path", "") + scope["path"]).encode("utf-8")
    path = quote(raw_path, safe=_LOCATION_SAFE)
    path = "/" + path.lstrip("/")
    query = urlencode(query_without_token)
    return (path + ("?" + query if query else "")).encode("ascii")


class TokenGate:
    """ASGI middleware: only browsers that brought the table's token get anything.

    A join address carries a one-time code after `#` (server/access.py, server/access.py), handed
    in by a POST for an HttpOnly cookie holding the token, so no address in a browser's
    history lets anyone in later. A request with `?token=<token>` (a holder of the token)
    gets the cookie and a redirect to the same address without the token. Later requests
    (scripts, the WebSocket) carry the cookie.
    Everything else gets a plain 403 page (or a closed WebSocket) and no data. Tokens
    are compared in constant time.
    """

    def __init__(
        self,
        app,
        token: str,
        join_host: str | None = None,
        codes: JoinCodes | None = None,
        roles: RoleDoor | None = None,
    ):
        self.app = app
        self.token = token
        self.join_host = join_host  # the address other phones reach (None: no invitations)
        self.codes = codes if codes is not None else JoinCodes()
        self.roles = (
            roles if roles is not None else RoleDoor(None)
        )  # event codes (server/access.py)
        self.pace = JoinPace()  # how fast each client may hand in codes (server/access.py)

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)  # lifespan
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = next((v for k, v in query if k == TOKEN_PARAM), None)
        cookie = f"{COOKIE_NAME}={self.token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
        if kind == "http" and given is not None and _token_ok(given, self.token):
            location = _redirect_location(scope, [(k, v) for k, v in query if k != TOKEN_PARAM])
            headers = {"location": location.decode("latin-1"), "set-cookie": cookie}
            await Response(b"", 303, {**headers, "cache-control": "no-store"})(scope, receive, send)
            return
        if kind == "http" and await serve_join(
            scope, receive, send, self._exchange(cookie), self.pace
        ):
            return
        if kind == "http" and scope.get("method") == "GET" and scope["path"].startswith("/event/"):
            send = with_join_script(send)  # a table card scanned by a phone already in
        # Any matching value will do: another app on this host may have set a cookie of the same
        # name.
        if any(
            _token_ok(value, self.token)
            for value in cookie_values(scope.get("headers", []), COOKIE_NAME)
        ):
            port = (scope.get("server") or (None, None))[1]  # the port this connection reached
            invite = kind == "websocket" and self.join_host and port
            joined = session_join_address.set(
                self._inviter(f"http://{url_host(self.join_host)}:{port}/") if invite else None
            )
            try:
                return await self.app(scope, receive, send)
            finally:
                session_join_address.reset(joined)
        # A phone that joined with an event's code: its role's session (app/shell/roles.py checks
        # the rest).
        grant = self.roles.holder(cookie_values(scope.get("headers", []), ROLE_COOKIE))
        if grant is not None and (kind == "http" or await self.roles.still_open(grant)):
            granted = session_grant.set(grant)
            try:
                return await self.app(scope, receive, send)
            finally:
                session_grant.reset(granted)
        if kind == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        refused = HTMLResponse(NOT_AUTHORISED_PAGE, 403, {"cache-control": "no-store"})
        await refused(scope, receive, send)

    def _exchange(self, cookie: str):
        """A join code earns the token's cookie; else an event's code, its role's (if any)."""

        async def exchange(code: bytes) -> str | None:
            if self.codes.redeem(code):
                return cookie
            return await self.roles.join(code)

        return exchange

    def _inviter(self, base: str) -> Callable[[], str]:
        """A session's invitations: each call, a join address with a new one-time code."""
        return lambda: f"{base}#{JOIN_PARAM}={self.codes.mint()}"


class ClientLanguage:
    """ASGI middleware: the browser's Accept-Language (sent with the WebSocket that carries a
    session) becomes `i18n.client_accept_language` for that connection; Flet runs `main(page)` in a
    task copied from it, so a first start can follow the browser's language (Flet 1.0.5 does not
    expose it)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            from seep_scorer.i18n.translate import client_accept_language

            header = next(
                (
                    v.decode("latin-1")
                    for k, v in scope.get("headers", [])
                    if k == b"accept-language"
                ),
                None,
            )
            token = client_accept_language.set(header)
            try:
                return await self.app(scope, receive, send)
            finally:
                client_accept_language.reset(token)
        return await self.app(scope, receive, send)


def build_asgi(
    main: Callable,
    *,
    token: str | None = None,
    allowed_hosts: Iterable[str] = (),
    app_name: str = "Seep Scorer",
    join_codes: JoinCodes | None = None,
    data_dir: str | os.PathLike | None = None,
):
    """The Flet web app (no CDN, bundled assets), behind the token gate when a token is given.

    It always answers to `localhost` and loopback addresses; `allowed_hosts` adds the other
    names and addresses it is reached by (the bound address, the join address on the LAN).
    `join_codes` hold the join addresses' one-time codes (the command line mints the printed ones);
    `data_dir`, the store whose events' codes let table and board phones in (server/access.py).
    """
    import flet_web.fastapi as flet_fastapi

    app = flet_fastapi.app(
        main,
        assets_dir=str(ASSETS_DIR),
        no_cdn=True,
        app_name=app_name,
        app_short_name=app_name,
        app_description=app_name,
        # a Wi-Fi blip, not Flet's hour (app/shell/app.py)
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,
    )
    # server/limits.py: messages checked; EventBudget (server/limits.py): no phone floods the loop
    app = ClientLanguage(MessageGuard(EndAfterDisconnect(EventBudget(app))))
    allowed_hosts = list(allowed_hosts)
    if token:  # the join address names the first address that is not loopback (the one printed)
        join_host = next((h for h in allowed_hosts if not is_loopback_host(h)), None)
        roles = RoleDoor(CodeIndex(data_dir) if data_dir is not None else None)
        app = TokenGate(app, token, join_host, join_codes, roles)
    # Scripts from this server only, never framed (the token gate's page included).
    return OwnAddressGuard(PagePolicy(app), allowed_hosts)


SHUTDOWN_SECONDS = 3
WS_MAX_BYTES = (
    64 * 1024 * 1024
)  # a restored backup comes in one message (app/settings/settings_model.py stays below)


def server_config(app, host: str, port: int, log_level: str = "warning"):
    """The uvicorn.Config the app is served with (the descriptor limit is raised on the way)."""
    import uvicorn

    # Shutdown waits at most SHUTDOWN_SECONDS for sessions to end: Ctrl+C stops the server even if a
    # phone's connection hangs. Faults are one line each in the terminal (server/logs.py).
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_BYTES,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        log_config=server_logging(),
        **prepare_connections(),
    )  # server/connguard.py: descriptors, idle connections


def run_server(app, host: str, port: int, log_level: str = "warning") -> None:
    """Serve an ASGI app until interrupted (blocking)."""
    import uvicorn

    uvicorn.Server(server_config(app, host, port, log_level)).run()
