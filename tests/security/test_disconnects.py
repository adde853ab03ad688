"""A phone that drops its connection ends its session's task
(server/limits.py), and the server's terminal
gets one line per fault, never a traceback (server/logs.py)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

import pytest

from seep_scorer.server.app import build_asgi
from seep_scorer.server.limits import EndAfterDisconnect
from seep_scorer.server.logs import OneLine

from .asgi_fakes import make_scope

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from e2e_support import Server  # noqa: E402


def connection(messages):
    """receive() for a client that says `messages`, then is
    gone (a disconnect, and nothing more ever)."""
    queue = list(messages) + [{"type": "websocket.disconnect", "code": 1006}]

    async def receive():
        if queue:
            return queue.pop(0)
        await asyncio.Event().wait()  # uvicorn gives nothing after a disconnect

    return receive


async def nothing(message):
    pass


class WaitsForever:
    """Stands for Flet 1.0.5's handler with a phone gone before
    its first message: it reads the disconnect,
    then waits on its send queue for ever."""

    def __init__(self):
        self.cancelled = False

    async def __call__(self, scope, receive, send):
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise


def test_an_app_still_waiting_after_the_client_left_is_ended_after_the_grace():
    app = WaitsForever()
    guarded = EndAfterDisconnect(app, grace=0.2)
    asyncio.run(
        asyncio.wait_for(
            guarded(
                make_scope("websocket", "/ws"), connection([{"type": "websocket.connect"}]), nothing
            ),
            30,
        )
    )
    assert app.cancelled


def test_an_app_that_ends_by_itself_is_left_alone_and_its_error_goes_up():
    async def ends(scope, receive, send):
        await receive()
        return "done"

    async def fails(scope, receive, send):
        raise ValueError("the app's own error")

    receive = connection([{"type": "websocket.connect"}])
    assert (
        asyncio.run(
            EndAfterDisconnect(ends, grace=0.2)(make_scope("websocket", "/ws"), receive, nothing)
        )
        == "done"
    )
    with pytest.raises(ValueError, match="own error"):
        asyncio.run(
            EndAfterDisconnect(fails)(make_scope("websocket", "/ws"), connection([]), nothing)
        )


def test_a_connected_client_is_never_cut_off():
    """No disconnect: the app runs as long as it likes (here longer than the grace)."""

    async def slow(scope, receive, send):
        await asyncio.sleep(0.5)
        return "finished"

    async def receive():
        await asyncio.Event().wait()

    assert (
        asyncio.run(
            EndAfterDisconnect(slow, grace=0.05)(make_scope("websocket", "/ws"), receive, nothing)
        )
        == "finished"
    )


def test_the_real_app_with_a_phone_gone_before_its_first_message_ends():
    """Flet's own handler, behind every guard of the real
    server: without the wrapper this never returns."""
    app = build_asgi(lambda page: None)
    scope = make_scope("websocket", "/ws", origin="http://127.0.0.1:8550")
    scope.update(subprotocols=[], client=("127.0.0.1", 5555), server=("127.0.0.1", 8550))
    asyncio.run(
        asyncio.wait_for(app(scope, connection([{"type": "websocket.connect"}]), nothing), 60)
    )


def test_ctrl_c_stops_the_server_after_a_phone_dropped_its_connection(tmp_path):
    """The real server: a WebSocket opened and dropped without
    a goodbye, then SIGINT. It used to wait for
    ever (uvicorn waited for the session's task); the terminal shows no traceback."""
    from .test_real_server import exchange

    srv = Server(tmp_path / "data").start()
    try:
        own = f"127.0.0.1:{srv.port}"
        assert (
            exchange(srv.port, "/ws", {"Host": own, "Origin": f"http://{own}"}, upgrade=True)[0]
            == 101
        )
        srv.proc.send_signal(signal.SIGINT)
        srv.proc.wait(60)  # a TimeoutExpired here is the bug
        assert srv.proc.returncode == 0
    finally:
        srv.stop()
    assert "Traceback" not in srv.log.read_text(errors="replace")


def record_with(error: BaseException, name: str = "flet_web.fastapi") -> logging.LogRecord:
    try:
        raise error
    except BaseException:
        return logging.getLogger(name).makeRecord(
            name,
            logging.ERROR,
            __file__,
            1,
            "Unhandled error processing page session: %s",
            ("abc",),
            sys.exc_info(),
        )


def test_a_fault_is_one_line_without_a_traceback(monkeypatch):
    monkeypatch.delenv("SEEP_SCORER_DEBUG", raising=False)
    record = record_with(AttributeError("'NoneType' object has no attribute 'after_event'"))
    assert OneLine().filter(record)
    text = logging.Formatter("seep-scorer: %(message)s").format(record)
    assert text == (
        "seep-scorer: Unhandled error processing page session: abc "
        "(AttributeError: 'NoneType' object has no attribute 'after_event')"
    )
    assert "\n" not in text


def test_a_developer_keeps_the_traceback(monkeypatch):
    monkeypatch.setenv("SEEP_SCORER_DEBUG", "1")
    record = record_with(KeyError("x"))
    assert OneLine().filter(record)
    assert "Traceback" in logging.Formatter("%(message)s").format(record)
