"""Driving an ASGI middleware by hand: a fake scope, receive and send, and an inner app that records
whether the request got through."""

from __future__ import annotations

import asyncio

PORT = 8550


class InnerApp:
    """Stands for the Flet app: answers 200 (or accepts the
    WebSocket) and remembers it was reached."""

    def __init__(self):
        self.reached = 0

    async def __call__(self, scope, receive, send):
        self.reached += 1
        if scope["type"] == "websocket":
            await send({"type": "websocket.accept"})
            return
        await send(
            {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
        )
        await send({"type": "http.response.body", "body": b"ok"})


def make_scope(
    kind: str = "http",
    path: str = "/",
    *,
    raw_path: bytes | None = None,
    query: bytes = b"",
    host: str | bytes | None = f"127.0.0.1:{PORT}",
    origin: str | bytes | None = None,
    headers: list[tuple[bytes, bytes]] = (),
) -> dict:
    """A scope as uvicorn builds it: lower-case header names, raw bytes values."""
    all_headers = []
    if host is not None:
        all_headers.append((b"host", host.encode("latin-1") if isinstance(host, str) else host))
    if origin is not None:
        all_headers.append(
            (b"origin", origin.encode("latin-1") if isinstance(origin, str) else origin)
        )
    all_headers.extend(headers)
    return {
        "type": kind,
        "scheme": "ws" if kind == "websocket" else "http",
        "path": path,
        "raw_path": raw_path if raw_path is not None else path.encode("utf-8"),
        "query_string": query,
        "root_path": "",
        "headers": all_headers,
    }


def call(app, scope) -> list[dict]:
    """Run one request through `app`; the messages it sent."""
    sent = []

    async def receive():
        return (
            {"type": "websocket.connect"}
            if scope["type"] == "websocket"
            else {"type": "http.request"}
        )

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


def status(sent: list[dict]) -> int | str:
    """The HTTP status, or 'accepted' / 'closed' for a WebSocket."""
    first = sent[0]
    if first["type"] == "websocket.accept":
        return "accepted"
    if first["type"] == "websocket.close":
        return "closed"
    return first["status"]


def header(sent: list[dict], name: bytes) -> bytes | None:
    return next((v for k, v in sent[0].get("headers", []) if k == name), None)
