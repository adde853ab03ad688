"""The real server (build_asgi + server_config, as `seep-scorer` serves) on 127.0.0.1 in a thread of
the test process, so a test can count the tasks its event loop holds."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import uvicorn

from seep_scorer.server.app import build_asgi, server_config


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ThreadServer:
    def __init__(self, main=lambda page: None):
        self.port = free_port()
        self.server = uvicorn.Server(server_config(build_asgi(main), "127.0.0.1", self.port))
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        async def serve():
            self.loop = asyncio.get_running_loop()
            await self.server.serve()

        asyncio.run(serve())

    @property
    def own(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> "ThreadServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def tasks(self) -> int:
        """Tasks alive in the server's loop, besides the one counting."""

        async def count():
            return len(asyncio.all_tasks()) - 1

        return asyncio.run_coroutine_threadsafe(count(), self.loop).result(10)

    def tasks_settle(self, at_most: int, seconds: float = 20) -> int:
        deadline = time.monotonic() + seconds
        while (now := self.tasks()) > at_most and time.monotonic() < deadline:
            time.sleep(0.2)
        return now

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
