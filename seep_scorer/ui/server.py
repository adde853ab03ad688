"""Serving the app on the web: offline (no CDN, bundled fonts), optionally on the LAN behind a token.

`build_asgi(main, token=..., allowed_hosts=...)` is the whole web app as one ASGI
callable; the command line (`seep-scorer`) and the startup benchmark both serve
it with `run_server`, so they measure and ship the same thing.

Every mode answers only to its own addresses (`OwnAddressGuard`): a request
whose `Host` is some other name (DNS rebinding) or that a page of another site
sent (its `Origin`) is refused before it reaches the app.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
from contextvars import ContextVar
from typing import Callable, Iterable
from urllib.parse import parse_qsl, quote, urlencode

# Re-exported: the command line and the tests take them from here.
from .. import resources
from .addresses import _is_loopback_address, is_loopback, is_wildcard, lan_address, url_host  # noqa: F401
from .connguard import prepare_connections
from .disconnects import EndAfterDisconnect
from .eventrate import EventBudget
from .joincodes import JoinCodes
from .joinpage import JOIN_PARAM, join_script_tag, serve_join
from .pagepolicy import PagePolicy
from .presence import SESSION_TIMEOUT_SECONDS
from .serverlog import server_logging
from .wsguard import MessageGuard

ASSETS_DIR = resources.ASSETS_DIR  # fonts and icons: the installed package's, else the checkout's
COOKIE_NAME = "seep_scorer_token"
TOKEN_PARAM = "token"
# Far beyond any route of the app; a longer path or query only costs CPU further in.
MAX_REQUEST_TARGET_BYTES = 2048
# Kept as they are in a Location path; everything else (backslash, tab, spaces, non-ASCII) is
# percent-quoted, since browsers read a backslash or a stripped tab as another slash.
_LOCATION_SAFE = "/%!$&'()*+,;=:@"


def _plain_page(title: str, text: str) -> bytes:
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title}</title><meta name='viewport' content='width=device-width'></head>"
        f"<body><h1>{title}</h1><p>{text}</p></body></html>"
    ).encode("utf-8")


WRONG_ADDRESS_PAGE = _plain_page(
    "Wrong address",
    "This server does not answer to that address. Open the address shown where the app was started.",
)
OTHER_SITE_PAGE = _plain_page(
    "Refused", "This request came from another web site, so Seep Scorer did not answer it."
)
TOO_LONG_PAGE = _plain_page("Address too long", "That address is too long for Seep Scorer.")

# Its script joins a phone that came with a join code after '#' (joinpage.py).
NOT_AUTHORISED_PAGE = _plain_page(
    "Not authorised",
    "Open a join address: the one shown where the app was started, or one from the invite screen "
    "of a phone already at the table. Each works for one phone, once.",
).replace(b"</body>", join_script_tag().encode("ascii") + b"</body>")


# How a session may invite a phone: set by TokenGate only on the WebSocket of a session that
# brought the token (LAN mode), a function giving a join address with a new one-time code on each
# call. Flet runs `main(page)` in a copy of this context.
session_join_address: ContextVar[Callable[[], str] | None] = ContextVar(
    "seep_scorer_join_address", default=None
)


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

    A join address carries a one-time code after `#` (joincodes.py, joinpage.py), handed
    in by a POST for an HttpOnly cookie holding the token, so no address in a browser's
    history lets anyone in later. A request with `?token=<token>` (a holder of the token)
    gets the cookie and a redirect to the same address without the token. Later requests
    (scripts, the WebSocket) carry the cookie.
    Everything else gets a plain 403 page (or a closed WebSocket) and no data. Tokens
    are compared in constant time.
    """

    def __init__(
        self, app, token: str, join_host: str | None = None, codes: JoinCodes | None = None
    ):
        self.app = app
        self.token = token
        self.join_host = join_host  # the address other phones reach (None: no invitations)
        self.codes = codes if codes is not None else JoinCodes()

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)  # lifespan
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = next((v for k, v in query if k == TOKEN_PARAM), None)
        cookie = f"{COOKIE_NAME}={self.token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
        if kind == "http" and given is not None and _token_ok(given, self.token):
            location = _redirect_location(scope, [(k, v) for k, v in query if k != TOKEN_PARAM])
            await send(
                {
                    "type": "http.response.start",
                    "status": 303,
                    "headers": [
                        (b"location", location),
                        (b"set-cookie", cookie.encode("latin-1")),
                        (b"cache-control", b"no-store"),
                        (b"content-length", b"0"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return
        if kind == "http" and await serve_join(scope, receive, send, self.codes.redeem, cookie):
            return
        # Any matching value will do: another app on this host may have set a cookie of the same name.
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
        if kind == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"text/html; charset=utf-8"),
                    (b"cache-control", b"no-store"),
                    (b"content-length", str(len(NOT_AUTHORISED_PAGE)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": NOT_AUTHORISED_PAGE})

    def _inviter(self, base: str) -> Callable[[], str]:
        """A session's invitations: each call, a join address with a new one-time code."""
        return lambda: f"{base}#{JOIN_PARAM}={self.codes.mint()}"


# ----------------------------------------------------------------- which addresses the server answers to

# Dotted labels of letters, digits, "-" and "_" (international names arrive as punycode).
_HOST_NAME = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*")
_DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}


def normalize_host(host: str) -> str | None:
    """One spelling per host: IP addresses in their short form (IPv6 without brackets),
    names in lower case without a trailing dot. None for anything that is neither."""
    host = host.strip().lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        return ipaddress.ip_address(host).compressed
    except ValueError:
        pass
    host = host[:-1] if host.endswith(".") else host
    return host if 0 < len(host) <= 253 and _HOST_NAME.fullmatch(host) else None


def is_loopback_host(host: str) -> bool:
    """`localhost` or a loopback address (127.0.0.0/8, ::1), as a browser writes it in `Host`."""
    normal = normalize_host(host)
    if normal is None:
        return False
    if normal == "localhost":
        return True
    try:
        return _is_loopback_address(ipaddress.ip_address(normal))
    except ValueError:
        return False


def split_host_port(value: str) -> tuple[str, int | None] | None:
    """`name`, `name:port`, `1.2.3.4:port`, `[v6]` or `[v6]:port` → (normalized host, port or None).
    None when the text is none of those (a bare IPv6 address, a bad port, stray characters)."""
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host_text, rest = value[1:end], value[end + 1 :]
        if ":" not in host_text:
            return None  # brackets are only for IPv6
        if rest and not rest.startswith(":"):
            return None
        port_text = rest[1:] if rest else None
    else:
        host_text, colon, port_text = value.rpartition(":")
        if not colon:
            host_text, port_text = value, None
        elif ":" in host_text:
            return None  # an IPv6 address needs brackets
    port = None
    if port_text is not None:
        if not (port_text.isascii() and port_text.isdigit() and 0 < len(port_text) <= 5):
            return None
        port = int(port_text)
        if not 0 < port < 65536:
            return None
    host = normalize_host(host_text)
    return None if host is None else (host, port)


def _header(scope, name: bytes) -> list[bytes]:
    return [value for key, value in scope.get("headers", []) if key.lower() == name]


class OwnAddressGuard:
    """ASGI middleware, in every mode: the app answers only requests made to its own addresses
    by its own pages.

    - `Host` must name this server: `localhost` or a loopback address, or one of
      `allowed_hosts` (the bound name or address, the LAN address of the join link).
      Any port: a port forward may change it, while DNS rebinding changes the name.
      Anything else gets 421 "Wrong address".
    - `Origin`, when present, must be the page's own origin: http(s)://<the same Host>.
      A WebSocket must carry one (browsers always send it), so a page of another site
      cannot open the session that carries the matches; its HTTP requests get 403.
    - A path and query longer than MAX_REQUEST_TARGET_BYTES gets 414 (a closed WebSocket).
    """

    def __init__(self, app, allowed_hosts: Iterable[str] = ()):
        self.app = app
        self.allowed_hosts = {normal for host in allowed_hosts if (normal := normalize_host(host))}

    def host_allowed(self, host: str) -> bool:
        return host in self.allowed_hosts or is_loopback_host(host)

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)  # lifespan
        refusal = self.refusal(scope)
        if refusal is None:
            return await self.app(scope, receive, send)
        if kind == "websocket":
            await send(
                {"type": "websocket.close", "code": 1008}
            )  # the server answers 403, no upgrade
            return
        status, page = refusal
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"text/html; charset=utf-8"),
                    (b"cache-control", b"no-store"),
                    (b"content-length", str(len(page)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": page})

    def refusal(self, scope) -> tuple[int, bytes] | None:
        """(status, page) when the request must be refused, None when it may go on."""
        raw_path = scope.get("raw_path") or scope.get("path", "").encode("utf-8", "surrogateescape")
        if len(raw_path) + len(scope.get("query_string", b"")) > MAX_REQUEST_TARGET_BYTES:
            return 414, TOO_LONG_PAGE
        hosts = _header(scope, b"host")
        own = split_host_port(hosts[0].decode("latin-1")) if len(hosts) == 1 else None
        if own is None or not self.host_allowed(own[0]):
            return 421, WRONG_ADDRESS_PAGE
        origins = _header(scope, b"origin")
        if not origins:
            return (403, OTHER_SITE_PAGE) if scope["type"] == "websocket" else None
        if len(origins) != 1 or not self._same_origin(origins[0].decode("latin-1"), own, scope):
            return 403, OTHER_SITE_PAGE
        return None

    @staticmethod
    def _same_origin(origin: str, own: tuple[str, int | None], scope) -> bool:
        scheme, separator, rest = origin.partition("://")
        scheme = scheme.lower()
        if not separator or scheme not in ("http", "https"):
            return False  # includes "null", sent by sandboxed and privacy-restricted pages
        theirs = split_host_port(rest)
        if theirs is None:
            return False
        own_port = own[1] or _DEFAULT_PORTS.get(scope.get("scheme", "http"), 80)
        their_port = theirs[1] or _DEFAULT_PORTS[scheme]
        return theirs[0] == own[0] and their_port == own_port


class ClientLanguage:
    """ASGI middleware: the browser's Accept-Language (sent with the WebSocket that carries a session)
    becomes `i18n.client_accept_language` for that connection; Flet runs `main(page)` in a task copied
    from it, so a first start can follow the browser's language (Flet 1.0.5 does not expose it)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            from ..i18n import client_accept_language

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
):
    """The Flet web app (no CDN, bundled assets), behind the token gate when a token is given.

    It always answers to `localhost` and loopback addresses; `allowed_hosts` adds the other
    names and addresses it is reached by (the bound address, the join address on the LAN).
    `join_codes` hold the join addresses' one-time codes (the command line mints the printed ones).
    """
    import flet_web.fastapi as flet_fastapi

    app = flet_fastapi.app(
        main,
        assets_dir=str(ASSETS_DIR),
        no_cdn=True,
        app_name=app_name,
        app_short_name=app_name,
        app_description=app_name,
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,  # a Wi-Fi blip, not Flet's hour (presence.py)
    )
    # wsguard.py: messages checked; EventBudget (eventrate.py): no phone floods the loop
    app = ClientLanguage(MessageGuard(EndAfterDisconnect(EventBudget(app))))
    allowed_hosts = list(allowed_hosts)
    if token:  # the join address names the first address that is not loopback (the one printed)
        join_host = next((h for h in allowed_hosts if not is_loopback_host(h)), None)
        app = TokenGate(app, token, join_host, join_codes)
    # Scripts from this server only, never framed (the token gate's page included).
    return OwnAddressGuard(PagePolicy(app), allowed_hosts)


SHUTDOWN_SECONDS = 3
WS_MAX_BYTES = (
    64 * 1024 * 1024
)  # a restored backup comes in one message (viewmodels/backup.py stays below)


def server_config(app, host: str, port: int, log_level: str = "warning"):
    """The uvicorn.Config the app is served with (the descriptor limit is raised on the way)."""
    import uvicorn

    # Shutdown waits at most SHUTDOWN_SECONDS for sessions to end: Ctrl+C stops the server even if a
    # phone's connection hangs. Faults are one line each in the terminal (serverlog.py).
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
    )  # connguard.py: descriptors, idle connections


def run_server(app, host: str, port: int, log_level: str = "warning") -> None:
    """Serve an ASGI app until interrupted (blocking)."""
    import uvicorn

    uvicorn.Server(server_config(app, host, port, log_level)).run()
