"""server/limits.py in process, on a fake connection: what waits is coalesced in place, the rate
holds, answers to the server's calls take no token, and a client that left is not waited for."""

from __future__ import annotations

import asyncio
import time

import msgpack

from seep_scorer.server.limits import EventBudget, classify

from .asgi_fakes import make_scope


def ws(action: int, body) -> dict:
    return {"type": "websocket.receive", "bytes": b"\x00" + msgpack.packb([action, body])}


def resize(width) -> list[dict]:
    return [
        ws(4, {"id": 1, "props": {"width": width, "height": 800}}),
        ws(3, {"target": 1, "name": "resize", "data": {"width": width, "height": 800}}),
    ]


def click(target) -> dict:
    return ws(3, {"target": target, "name": "click", "data": None})


def run_app(messages: list[dict], *, rate=1000.0, burst=1000, hold=0.0, leave=0.0):
    """The messages arrive at once and the client leaves `leave` seconds later; the app waits
    `hold` before reading, then reads until the disconnect. What it read, decoded, with the time
    of each."""
    queue = list(messages)

    async def receive():
        if queue:
            await asyncio.sleep(0)
            return queue.pop(0)
        if leave is not None:
            await asyncio.sleep(leave)
            queue.append(None)
            return {"type": "websocket.disconnect", "code": 1000}
        await asyncio.Event().wait()

    got = []

    async def app(scope, receive, send):
        first = await receive()  # what starts the reading ahead
        got.append((time.monotonic(), first))
        await asyncio.sleep(hold)
        while True:
            message = await receive()
            got.append((time.monotonic(), message))
            if message["type"] == "websocket.disconnect":
                return

    async def send(message):
        pass

    budget = EventBudget(app, rate=rate, burst=burst)
    asyncio.run(asyncio.wait_for(budget(make_scope("websocket", "/ws"), receive, send), 30))
    return [
        (t, m if "bytes" not in m else msgpack.unpackb(m["bytes"][1:], strict_map_key=False))
        for t, m in got
    ]


def test_waiting_resizes_and_route_changes_collapse_to_the_last_in_place():
    route = [
        ws(3, {"target": 1, "name": "route_change", "data": {"route": r}})
        for r in ("/a", "/b", "/c")
    ]
    messages = (
        [click(7)] + resize(400) + [click(8)] + resize(500) + route + resize(1200) + [click(9)]
    )
    got = [m for _, m in run_app(messages, hold=0.3)]
    assert got[1:-1] == [
        [4, {"id": 1, "props": {"width": 1200, "height": 800}}],
        [3, {"target": 1, "name": "resize", "data": {"width": 1200, "height": 800}}],
        [3, {"target": 8, "name": "click", "data": None}],
        [3, {"target": 1, "name": "route_change", "data": {"route": "/c"}}],
        [3, {"target": 9, "name": "click", "data": None}],
    ]
    assert got[0][1]["target"] == 7 and got[-1]["type"] == "websocket.disconnect"


def test_the_rate_holds_after_the_burst_but_answers_do_not_wait():
    clicks = [click(i) for i in range(12)]
    answer = ws(5, {"control_id": 1, "call_id": "x", "result": None, "error": None})
    got = run_app(clicks[:2] + [answer] + clicks[2:], rate=10, burst=3, leave=5)
    start = got[0][0]
    times = [t - start for t, m in got if isinstance(m, list) and m[0] == 3]
    assert len(times) == 12
    # 3 at once (the first started the reading), then 10 a second: the 12th 0.9 s after the first
    assert 0.75 <= times[11] < 3
    assert sum(1 for t in times if t < 0.05) <= 3
    assert times[2] < 0.05  # the answer between the second and the third click took no token


def test_a_client_that_left_is_not_waited_for():
    got = run_app([click(i) for i in range(100)], rate=1, burst=1, leave=0.2)
    assert len(got) == 101 and got[-1][1]["type"] == "websocket.disconnect"
    assert got[-1][0] - got[0][0] < 2  # not 100 s at one a second


def test_classify_decodes_only_small_frames_of_events_and_property_updates():
    assert classify({"type": "websocket.connect"}) == (None, False)
    assert classify(ws(5, {"control_id": 1})) == (None, False)
    assert classify(ws(3, {"target": 2, "name": "click", "data": None})) == (None, True)
    assert classify(resize(400)[1])[0] == ("event", 1, "resize")
    assert classify(resize(400)[0])[0] == ("props", 1, ("height", "width"))
    big = ws(4, {"id": 1, "props": {"value": "x" * 10_000}})
    assert classify(big) == (None, True)
    assert classify({"type": "websocket.receive", "bytes": b"\x00\xc1junk"}) == (None, True)
    assert classify({"type": "websocket.receive", "bytes": b"\x00\x92\x03\xc1"}) == (None, True)
