"""The real server: `--host 0` (and other spellings of every interface) is LAN mode on the LAN
address, and malformed requests from the network do not flood the host's terminal."""

import socket
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_support import Server  # noqa: E402
from test_real_server import exchange  # noqa: E402

from seep_scorer.server.addresses import is_loopback, is_wildcard, lan_address  # noqa: E402
from seep_scorer.server.logs import MalformedRequestLimit  # noqa: E402

BAD_REQUESTS = 25


@pytest.mark.parametrize("host", ["0", "0.0", "0x0", "000.0.0.0", "::0", "[::]", "0.0.0.0", ""])
def test_every_spelling_of_every_interface_is_a_wildcard(host):
    assert is_wildcard(host) and not is_loopback(host)


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "localhost", "192.0.2.7", "1", "no-such-name.invalid"]
)
def test_other_addresses_are_not(host):
    assert not is_wildcard(host)


def test_host_0_prints_and_answers_to_the_lan_address(tmp_path):
    srv = Server(tmp_path / "data", host="0").start()
    try:
        printed = srv.printed_join_url()
        shown = printed.split("//", 1)[1].split("/", 1)[0]
        assert not shown.startswith("0:"), printed
        assert shown == f"{lan_address()}:{srv.port}", printed
        # No token yet: "not authorised" (403), not "wrong address" (421), at the printed address;
        # the literal "0" is no address of this server.
        assert exchange(srv.port, "/", {"Host": shown})[0] == 403
        assert exchange(srv.port, "/", {"Host": f"0:{srv.port}"})[0] == 421
    finally:
        srv.stop()


def _send_garbage(port: int, payload: bytes) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(payload)
        while sock.recv(4096):  # uvicorn answers 400 and closes
            pass


def test_malformed_requests_print_one_line_not_one_each(tmp_path):
    srv = Server(tmp_path / "data").start()
    try:
        before = srv.log.read_text(errors="replace")
        for n in range(BAD_REQUESTS):
            garbage = b"GARBAGE %d\r\n\r\n" % n if n % 2 else b"GET / HTTP/1.1\r\nBad\r\n\r\n"
            _send_garbage(srv.port, garbage)
        assert exchange(srv.port, "/", {"Host": f"127.0.0.1:{srv.port}"})[0] == 200  # still serving
        time.sleep(0.5)
        lines = srv.log.read_text(errors="replace")[len(before) :].splitlines()
    finally:
        srv.stop()
    noisy = [line for line in lines if "Invalid HTTP request" in line]
    assert len(noisy) == 1, f"{len(noisy)} lines for {BAD_REQUESTS} bad requests: {noisy[:3]}"


def _record(msg="Invalid HTTP request received.", name="uvicorn.error"):
    import logging

    return logging.LogRecord(name, logging.WARNING, __file__, 1, msg, None, None)


def test_the_limit_shows_one_a_minute_and_counts_the_rest(monkeypatch):
    monkeypatch.delenv("SEEP_SCORER_DEBUG", raising=False)
    now = [1000.0]
    limit = MalformedRequestLimit(clock=lambda: now[0])
    assert limit.filter(_record())
    assert [limit.filter(_record()) for _ in range(5)] == [False] * 5
    assert limit.filter(_record("Exception in ASGI application"))  # other warnings untouched
    now[0] += 61
    shown = _record()
    assert limit.filter(shown) and "5 more like it" in shown.getMessage()


def test_with_debugging_on_every_one_is_shown(monkeypatch):
    monkeypatch.setenv("SEEP_SCORER_DEBUG", "1")
    limit = MalformedRequestLimit(clock=lambda: 0.0)
    assert all(limit.filter(_record()) for _ in range(5))
