"""Addresses: which the server listens on and prints, and which it answers to.

Which addresses the server answers to: `OwnAddressGuard`, ASGI middleware in every mode, and
the spelling of hosts and ports it compares (normalize_host, split_host_port).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from typing import Iterable

from starlette.responses import HTMLResponse

__all__ = [
    "is_loopback",
    "is_wildcard",
    "lan_address",
    "url_host",
    "plain_page",
    "normalize_host",
    "is_loopback_host",
    "split_host_port",
    "OwnAddressGuard",
    "is_loopback_address",
]

# Far beyond any route of the app; a longer path or query only costs CPU further in.
MAX_REQUEST_TARGET_BYTES = 2048


def plain_page(title: str, text: str) -> bytes:
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title}</title><meta name='viewport' content='width=device-width'></head>"
        f"<body><h1>{title}</h1><p>{text}</p></body></html>"
    ).encode("utf-8")


WRONG_ADDRESS_PAGE = plain_page(
    "Wrong address",
    "This server does not answer to that address. "
    "Open the address shown where the app was started.",
)
OTHER_SITE_PAGE = plain_page(
    "Refused", "This request came from another web site, so Seep Scorer did not answer it."
)
TOO_LONG_PAGE = plain_page("Address too long", "That address is too long for Seep Scorer.")

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
        return is_loopback_address(ipaddress.ip_address(normal))
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
        answer = HTMLResponse(page, status_code=status, headers={"cache-control": "no-store"})
        await answer(scope, receive, send)

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


# ---- which addresses the server listens on
# Which addresses the server listens on and prints: loopback or not, every interface, this
# machine's address on the local network, and how a host is written in a URL. Standard library
# only.


def is_loopback_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:127.0.0.1 is loopback too
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"  # no network at all: only this machine can join anyway
    finally:
        s.close()


def is_wildcard(host: str) -> bool:
    """`0.0.0.0`, `::`, empty, or anything else that resolves to them (`0`, `0.0`, `0x0`, a name):
    listen on every interface. Decided by what the address resolves to, as the listening socket
    is, not by its spelling; a name that cannot be resolved is not a wildcard."""
    host = host.strip().strip("[]")
    if host == "":
        return True
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        pass
    try:  # AI_PASSIVE, as the server's own bind resolves it
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        return False
    for info in infos:
        try:
            if ipaddress.ip_address(info[4][0].split("%")[0]).is_unspecified:
                return True
        except ValueError:
            continue
    return False


def is_loopback(host: str) -> bool:
    """True when every address `host` resolves to is a loopback address, so listening there
    reaches no other machine. A name that cannot be resolved counts as not loopback."""
    host = host.strip().strip("[]")
    if is_wildcard(host):
        return False
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    addresses = set()
    for info in infos:
        try:
            addresses.add(ipaddress.ip_address(info[4][0].split("%")[0]))
        except ValueError:
            return False
    return bool(addresses) and all(is_loopback_address(a) for a in addresses)


def url_host(host: str) -> str:
    """`host` as it goes in a URL: IPv6 addresses in brackets (with a zone's `%` quoted)."""
    bare = host.strip("[]")
    try:
        address = ipaddress.ip_address(bare.split("%")[0])
    except ValueError:
        return host
    if address.version == 6:
        return "[" + bare.replace("%", "%25") + "]"
    return bare
