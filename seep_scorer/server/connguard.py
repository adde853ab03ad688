"""Connections that cannot use up the server's file descriptors.

Each open connection holds a descriptor, and uvicorn keeps one that never sends a
request for ever: about a thousand silent connections (under the common limit
of 1,024) stopped new phones joining and made saves fail with "Too many open
files", before any token was checked. So, for the served app:

- at start the soft descriptor limit is raised as far as the hard limit allows
  (up to FD_WANTED);
- a connection must send a complete request head within HEAD_SECONDS of opening,
  and again within HEAD_SECONDS of each response (keep-alive), or it is closed;
- at most `max_connections` (half the descriptors, at most MAX_CONNECTIONS) are
  open at once: one more closes the oldest connection still waiting for its
  request head, or, when every one is in use, the new one. The other half stays
  for the store's files, so saves work whatever the connection count.

uvicorn takes the protocol class as `Config(http=...)` (public), but has no setting for a
request head's deadline (`timeout_keep_alive` starts only after a response, and
`limit_concurrency` answers 503 to new phones instead of closing silent connections). So the
class here extends uvicorn's HttpToolsProtocol, an internal, through its parser callbacks
(`on_headers_complete`, `on_response_complete`), its `connections` set and `pipeline`. This is
the one module of the package that uses a dependency's internal (tests/structure): it was
checked against uvicorn CHECKED_UVICORN, and tests/security/test_connections.py fails on any
other version until it is checked again.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

CHECKED_UVICORN = "0.54.0"  # the uvicorn whose HttpToolsProtocol this was checked against
HEAD_SECONDS = 10.0
MAX_CONNECTIONS = 512
FD_WANTED = 8192

log = logging.getLogger(__name__)


def raise_fd_limit(wanted: int = FD_WANTED) -> int:
    """Raises the soft RLIMIT_NOFILE towards `wanted` (never above the hard limit, never lowers
    it); returns the soft limit now in force, or `wanted` where there is no such limit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (OSError, ValueError) as err:
            log.warning("could not raise the open-file limit from %s: %s", soft, err)
    return wanted if soft == resource.RLIM_INFINITY else soft


def connection_cap(fd_limit: int) -> int:
    """Connections allowed at once: half the descriptors, the rest for files and the process."""
    return max(8, min(MAX_CONNECTIONS, fd_limit // 2))


class _Waiting:
    """The connections still owing a request head, oldest first (one server's protocols)."""

    def __init__(self):
        self.order: OrderedDict[int, object] = OrderedDict()

    def add(self, protocol) -> None:
        self.order[id(protocol)] = protocol
        self.order.move_to_end(id(protocol))

    def discard(self, protocol) -> None:
        self.order.pop(id(protocol), None)

    def oldest_other(self, protocol):
        return next((p for key, p in self.order.items() if key != id(protocol)), None)


def guarded_http_protocol(cap: int, head_seconds: float = HEAD_SECONDS):
    """uvicorn's HTTP protocol class with the head deadline and the connection cap."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    waiting = _Waiting()

    class GuardedHttpProtocol(HttpToolsProtocol):
        _head_timer = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            # server_state.connections holds every open HTTP and WebSocket connection.
            if len(self.connections) > cap:
                victim = waiting.oldest_other(self)
                if victim is None:
                    transport.abort()  # every slot serves a phone: this one waits for a later try
                    return
                victim._expire()
            self._await_head()

        def _await_head(self) -> None:
            self._cancel_head_timer()
            self._head_timer = self.loop.call_later(head_seconds, self._expire)
            waiting.add(self)

        def _cancel_head_timer(self) -> None:
            waiting.discard(self)
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _expire(self) -> None:
            self._cancel_head_timer()
            if not self.transport.is_closing():
                self.transport.abort()  # its descriptor is free at once, no lingering close

        def on_headers_complete(self) -> None:
            self._cancel_head_timer()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            queued = bool(self.pipeline)  # a pipelined request has its head in already
            super().on_response_complete()
            if not queued and not self.transport.is_closing():
                self._await_head()

        def connection_lost(self, exc) -> None:
            self._cancel_head_timer()
            super().connection_lost(exc)

    return GuardedHttpProtocol


def prepare_connections() -> dict:
    """uvicorn.Config options for the served app, the descriptor limit raised first.

    Per-message compression is off: a 65 KB compressed message inflated to 64 MiB of
    msgpack before anything could look at it (server/limits.py bounds what arrives)."""
    cap = connection_cap(raise_fd_limit())
    return {"http": guarded_http_protocol(cap), "ws_per_message_deflate": False}


__all__ = [
    "HEAD_SECONDS",
    "MAX_CONNECTIONS",
    "connection_cap",
    "guarded_http_protocol",
    "prepare_connections",
    "raise_fd_limit",
]
