"""Which addresses the server listens on and prints: loopback or not, every interface, this
machine's address on the local network, and how a host is written in a URL. Standard library
only."""

from __future__ import annotations

import ipaddress
import socket

__all__ = ["is_loopback", "is_wildcard", "lan_address", "url_host"]


def _is_loopback_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
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
    return bool(addresses) and all(_is_loopback_address(a) for a in addresses)


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
