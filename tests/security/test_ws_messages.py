"""What a phone sends over the session's WebSocket is checked before Flet unpacks it
(server/limits.py):
a malformed first message ends the connection and its tasks, a message bomb is refused before it is
built, and per-message compression is off. The real server over sockets, in a thread of this process
so that its tasks can be counted."""

from __future__ import annotations

import asyncio
import time

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from seep_scorer.app.shell.state import expect_large_message
from seep_scorer.server import limits as wsguard
from seep_scorer.server.limits import MessageGuard, scan

from .asgi_fakes import make_scope
from .inprocess import ThreadServer

REGISTER = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {}}])


@pytest.fixture(scope="module")
def served():
    srv = ThreadServer().start()
    yield srv
    srv.stop()


def session(srv: ThreadServer, **options):
    return connect(f"ws://{srv.own}/ws", origin=f"http://{srv.own}", open_timeout=30, **options)


def closed_code(ws, seconds: float = 10) -> int:
    """The code the server closed with; fails if it keeps the connection open."""
    deadline = time.monotonic() + seconds
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    return closed.value.rcvd.code if closed.value.rcvd else None


MALFORMED_FIRST = {
    "text": "hello",
    "not msgpack": b"\x00\xc1",
    "cut short": b"\x00\x92\x01",
    "unknown action": b"\x00" + msgpack.packb([99, {}]),
    "an event before registering": b"\x00"
    + msgpack.packb([3, {"target": 1, "name": "click", "data": None}]),
    "a registration with another body": b"\x00" + msgpack.packb([1, {"x": 1}]),
    "a registration whose session id is a list": b"\x00"
    + msgpack.packb([1, {"session_id": [1], "page_name": "", "page": {}}]),
}


def test_a_malformed_first_message_ends_the_connection_and_its_tasks(served):
    """Flet's receive loop used to end with no session and leave four tasks per connection until
    the server stopped, the connection open."""
    baseline = served.tasks_settle(at_most=0, seconds=5)
    for name, message in MALFORMED_FIRST.items():
        with session(served) as ws:
            ws.send(message)
            assert closed_code(ws) in (1003, 1008), name
    assert served.tasks_settle(at_most=baseline) <= baseline


def test_a_connection_that_never_registers_is_closed(served, monkeypatch):
    monkeypatch.setattr(wsguard, "REGISTER_SECONDS", 1.0)
    baseline = served.tasks_settle(at_most=0, seconds=5)
    with session(served) as ws:
        started = time.monotonic()
        assert closed_code(ws) == 1008
        assert time.monotonic() - started < 5
    assert served.tasks_settle(at_most=baseline) <= baseline


def test_a_registration_is_answered_and_ends_with_its_connection(served):
    baseline = served.tasks_settle(at_most=0, seconds=5)
    with session(served) as ws:
        ws.send(REGISTER)
        reply = ws.recv(timeout=30)
        assert reply[0] == 0 and msgpack.unpackb(reply[1:])[0] == 1
        ws.send(b"\x00" + msgpack.packb([3, {"target": 1, "name": "no such event", "data": None}]))
    assert served.tasks_settle(at_most=baseline) <= baseline


def test_compression_is_not_negotiated(served):
    """A 65 KB compressed message inflated to 64 MiB of msgpack before anything could look at it."""
    with session(served, compression="deflate") as ws:
        assert ws.protocol.extensions == []


@pytest.mark.parametrize(
    "name, message",
    [
        ("300,000 empty maps", b"\x00" + msgpack.packb([{}] * 300_000)),
        ("nested 1,000 deep", b"\x00" + b"\x91" * 1000 + b"\xc0"),
        (
            "2 MiB without a restore",
            b"\x00" + msgpack.packb([3, {"target": 1, "name": "x", "data": b"x" * (2 << 20)}]),
        ),
    ],
)
def test_a_message_bomb_is_refused_before_it_is_unpacked(served, name, message):
    with session(served) as ws:
        ws.send(REGISTER)
        ws.recv(timeout=30)
        ws.send(message)
        assert closed_code(ws) == 1009, name
    with session(served) as ws:  # and the server goes on
        ws.send(REGISTER)
        assert ws.recv(timeout=30)[0] == 0


# ------------------------------------------------------------- the guard and the scan by themselves


def test_a_large_message_passes_only_once_a_restore_is_pending():
    big = b"\x00" + msgpack.packb([3, {"target": 7, "name": "result", "data": b"x" * (3 << 20)}])

    def run(pending: bool):
        sent, got = [], []
        queue = [
            {"type": "websocket.connect"},
            {"type": "websocket.receive", "bytes": REGISTER},
            {"type": "websocket.receive", "bytes": big},
        ]

        async def receive():
            return queue.pop(0)

        async def send(message):
            sent.append(message)

        async def app(scope, receive, send):
            await receive()
            got.append(await receive())
            if pending:
                expect_large_message()  # as the Restore button's tap does
            got.append(await receive())

        asyncio.run(MessageGuard(app)(make_scope("websocket", "/ws"), receive, send))
        return sent, got

    sent, got = run(pending=True)
    assert got[1]["bytes"] == big and sent == []
    sent, got = run(pending=False)
    assert got[1]["type"] == "websocket.disconnect"
    assert sent == [{"type": "websocket.close", "code": 1009}]


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        0,
        -1,
        127,
        128,
        -33,
        2**63,
        -(2**63),
        1.5,
        "",
        "x" * 40,
        "é" * 300,
        b"",
        b"y" * 70_000,
        [],
        [1, [2, [3]]],
        {},
        {"a": {"b": [None]}},
        list(range(20)),
        {str(i): i for i in range(20)},
        msgpack.ExtType(5, b"abc"),
        msgpack.ExtType(1, b"12345678"),
        [msgpack.ExtType(2, b"z" * 300)],
    ],
)
def test_scan_reads_what_msgpack_reads(value):
    data = msgpack.packb(value)
    assert scan(data) is None
    assert scan(data[:-1]) is not None or len(data) == 1
    assert scan(data + b"\x00") == "bytes after the message"


def test_scan_stops_at_the_bounds():
    assert scan(msgpack.packb([{}] * 10), max_objects=11) is None
    assert "objects" in scan(msgpack.packb([{}] * 10), max_objects=10)
    assert "deeper" in scan(b"\x91" * (wsguard.MAX_DEPTH + 1) + b"\xc0")
    assert scan(b"\x91" * (wsguard.MAX_DEPTH - 1) + b"\xc0") is None
    assert scan(b"\xdd\xff\xff\xff\xff") == "cut short"  # claims 4 G items, has none
    assert scan(b"\xc1") == "not msgpack"
