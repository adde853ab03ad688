"""Connections cannot use up the server's file descriptors (server/connguard.py): the real
`seep-scorer` as a child process under a small descriptor limit, flooded with connections that
send nothing."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from seep_scorer.server import connguard

from .limited_server import LimitedServer
from .test_real_server import exchange

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs Linux /proc")

HEAD_SECONDS = connguard.HEAD_SECONDS


@pytest.fixture
def limited(tmp_path):
    servers = []

    def start(soft: int, hard: int) -> LimitedServer:
        servers.append(LimitedServer(tmp_path / str(len(servers)), soft, hard))
        return servers[-1]

    yield start
    for srv in servers:
        srv.stop()


def test_the_soft_limit_is_raised_at_start(limited):
    assert limited(256, 2048).soft_limit() == 2048


def page_status(port: int) -> int:
    return exchange(port, "/", {"Host": f"127.0.0.1:{port}"})[0]


def test_silent_connections_neither_stop_phones_joining_nor_hold_the_descriptors(limited):
    """Soft and hard limit 256: 300 connections that send nothing used to take every descriptor, and
    new phones (and saves) then failed. Now a page still loads, the server keeps half its
    descriptors free, and the silent connections are closed after HEAD_SECONDS."""
    srv = limited(256, 256)
    assert page_status(srv.port) == 200
    silent = []
    try:
        for _ in range(300):
            silent.append(socket.create_connection(("127.0.0.1", srv.port), timeout=10))
        time.sleep(1)
        assert page_status(srv.port) == 200  # a phone joins, and the server opens its files
        held = srv.descriptors()
        assert held <= 256 - 100, held  # the store keeps room for its files
        time.sleep(HEAD_SECONDS + 2)
        for sock in silent:
            sock.settimeout(5)
            try:
                assert sock.recv(1) == b""  # closed by the server
            except ConnectionResetError:
                pass
        assert srv.descriptors() < held
    finally:
        for sock in silent:
            sock.close()


def test_a_slow_request_head_is_cut_off(limited):
    """Bytes trickling in without ever ending the head (a 'slowloris') count as silence."""
    srv = limited(1024, 1024)
    with socket.create_connection(("127.0.0.1", srv.port), timeout=5) as sock:
        started = time.monotonic()
        sock.sendall(b"GET / HTTP/1.1\r\n")
        closed = False
        while time.monotonic() - started < HEAD_SECONDS + 10:
            try:
                sock.sendall(b"X-a: b\r\n")
            except OSError:
                closed = True
                break
            time.sleep(1)
        assert closed and time.monotonic() - started < HEAD_SECONDS + 5
    assert page_status(srv.port) == 200


def test_the_internal_it_extends_is_the_one_it_was_checked_against():
    """connguard extends uvicorn's HttpToolsProtocol, an internal: an upgrade of uvicorn fails
    here until the callbacks it overrides are checked again (then CHECKED_UVICORN moves)."""
    from importlib.metadata import version

    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    assert version("uvicorn") == connguard.CHECKED_UVICORN
    for name in ("connection_made", "connection_lost", "on_headers_complete"):
        assert callable(getattr(HttpToolsProtocol, name)), name
    assert callable(HttpToolsProtocol.on_response_complete)
