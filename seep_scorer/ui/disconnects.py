"""A phone's connection that is gone ends its session's task, whatever the session was doing.

Flet 1.0.5's web handler (flet_web FletApp.handle) waits for its send loop after
the receive loop ends, and only a registered session stops that loop: a phone
that drops before its first message (a page closed while loading, Wi-Fi lost)
leaves the task waiting forever. Each such task is a leak, and uvicorn's
graceful shutdown waits for all of them, so Ctrl+C never stopped the server.
This wrapper watches the connection's messages; once the client is gone, the
app gets GRACE_SECONDS to finish on its own and is then cancelled.
"""

from __future__ import annotations

import asyncio
import contextlib

GRACE_SECONDS = 2.0


class EndAfterDisconnect:
    def __init__(self, app, grace: float = GRACE_SECONDS):
        self.app = app
        self.grace = grace

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        gone = asyncio.Event()

        async def watched_receive():
            message = await receive()
            if message["type"] == "websocket.disconnect":
                gone.set()
            return message

        app_task = asyncio.ensure_future(self.app(scope, watched_receive, send))
        gone_task = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({app_task, gone_task}, return_when=asyncio.FIRST_COMPLETED)
            if not app_task.done():
                # The client is gone: whatever the app still waits for will not come.
                await asyncio.wait({app_task}, timeout=self.grace)
        finally:
            gone_task.cancel()
            if not app_task.done():
                app_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await app_task
        if not app_task.cancelled():
            return app_task.result()  # the app's own error, if it ended with one, goes on up
        return None


__all__ = ["EndAfterDisconnect", "GRACE_SECONDS"]
