"""The real `seep-scorer` server over a socket, in loopback and in LAN mode: foreign Hosts (DNS
rebinding) and WebSockets from other sites are refused, the page's own origin still works, the
join redirect stays on the server, odd cookies do not lock a
phone out, and long paths stop at the door."""

import base64
import os
import socket
import sys
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from e2e_support import Server  # noqa: E402

from seep_scorer.server.app import COOKIE_NAME  # noqa: E402


@pytest.fixture(scope="module")
def loopback(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("loopback") / "data").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("lan") / "data", host="0.0.0.0").start()
    yield srv
    srv.stop()


def exchange(
    port: int, target: str, headers: dict[str, str], upgrade: bool = False
) -> tuple[int, dict, bytes]:
    """One raw request to 127.0.0.1:port with exactly these headers (Host included, nothing added):
    (status, response headers in lower case, body)."""
    lines = [f"GET {target} HTTP/1.1"] + [f"{k}: {v}" for k, v in headers.items()]
    if upgrade:
        lines += [
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Version: 13",
            "Sec-WebSocket-Key: " + base64.b64encode(os.urandom(16)).decode(),
        ]
    else:
        lines += ["Connection: close"]
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        if not upgrade:
            while chunk := sock.recv(65536):
                body += chunk
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    response_headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        response_headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), response_headers, body


def lan_host(srv: Server) -> str:
    """host:port of the printed join address."""
    return srv.printed_join_url().split("//", 1)[1].split("/", 1)[0]


# ----------------------------------------------------------------- loopback mode


def test_loopback_mode_answers_its_own_names_and_refuses_a_rebound_one(loopback):
    port = loopback.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        assert exchange(port, "/", {"Host": host})[0] == 200, host
    for host in (f"evil.example:{port}", "evil.example", f"rebind.evil.example:{port}"):
        status, _, body = exchange(port, "/", {"Host": host})
        assert status == 421 and b"Wrong address" in body and b"Traceback" not in body, host
    assert exchange(port, "/main.dart.js", {"Host": f"evil.example:{port}"})[0] == 421


def test_loopback_mode_refuses_fetches_from_another_site(loopback):
    port = loopback.port
    own = f"127.0.0.1:{port}"
    assert exchange(port, "/main.dart.js", {"Host": own, "Origin": "http://evil.example"})[0] == 403
    assert exchange(port, "/main.dart.js", {"Host": own, "Origin": f"http://{own}"})[0] == 200


def test_loopback_mode_refuses_websockets_from_another_site(loopback):
    port = loopback.port
    own = f"127.0.0.1:{port}"
    for headers in (
        {"Host": own, "Origin": "http://evil.example"},
        {"Host": own, "Origin": f"http://localhost:{port}"},  # another origin, same machine
        {"Host": own},  # no Origin: browsers always send one
        {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"},
    ):  # rebound
        assert exchange(port, "/ws", headers, upgrade=True)[0] == 403, headers
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://{own}/ws", origin="http://evil.example", open_timeout=30).close()
    assert refused.value.response.status_code == 403


def test_loopback_mode_accepts_the_pages_own_websocket(loopback):
    port = loopback.port
    own = f"127.0.0.1:{port}"
    assert exchange(port, "/ws", {"Host": own, "Origin": f"http://{own}"}, upgrade=True)[0] == 101
    with connect(f"ws://{own}/ws", origin=f"http://{own}", open_timeout=30) as ws:
        assert ws.response.status_code == 101


def test_a_long_route_stops_at_the_door(loopback):
    port = loopback.port
    own = f"127.0.0.1:{port}"
    # 8 KB gets past uvicorn's own request-line limit and is
    # refused here; 100 KB is refused by uvicorn
    status, _, body = exchange(port, "/match/" + "x" * 8_000, {"Host": own})
    assert status == 414 and b"too long" in body
    assert 400 <= exchange(port, "/match/" + "x" * 100_000, {"Host": own})[0] < 500
    headers = {"Host": own, "Origin": f"http://{own}"}
    assert (
        exchange(port, "/ws?" + "x" * 8_000, headers, upgrade=True)[0] == 403
    )  # the query counts too
    assert exchange(port, "/", {"Host": own})[0] == 200  # and the server is fine


# ----------------------------------------------------------------- LAN mode


def test_lan_mode_answers_the_printed_address_and_loopback_and_refuses_others(lan):
    port, token = lan.port, lan.token()
    for host in (lan_host(lan), f"127.0.0.1:{port}", f"localhost:{port}"):
        status, headers, _ = exchange(port, f"/?token={token}", {"Host": host})
        assert status == 303 and headers["location"] == "/", host
    for host in (f"evil.example:{port}", f"0.0.0.0:{port}"):
        assert exchange(port, f"/?token={token}", {"Host": host})[0] == 421, host


def test_lan_mode_redirect_stays_on_the_server_and_never_fails(lan):
    port, token = lan.port, lan.token()
    host = {"Host": lan_host(lan)}
    status, headers, _ = exchange(port, f"//evil.example/x?token={token}", host)
    assert status == 303 and headers["location"] == "/evil.example/x"
    status, headers, _ = exchange(port, f"/%E0%A4%AE%E0%A5%88%E0%A4%9A?token={token}&lang=hi", host)
    assert status == 303 and headers["location"] == "/%E0%A4%AE%E0%A5%88%E0%A4%9A?lang=hi"


def test_lan_mode_odd_cookies_of_other_apps_do_not_hide_the_token(lan):
    port, token = lan.port, lan.token()
    host = lan_host(lan)
    for cookie in (
        f'a="b; {COOKIE_NAME}={token}',
        f"x=y,z; {COOKIE_NAME}={token}",
        f"prefs={{[1]}}; {COOKIE_NAME}={token}; name=Ren\xe9e",
    ):
        assert exchange(port, "/", {"Host": host, "Cookie": cookie})[0] == 200, cookie
    assert exchange(port, "/", {"Host": host, "Cookie": 'a="b'})[0] == 403


def test_lan_mode_websocket_needs_the_token_and_the_pages_own_origin(lan):
    port, token = lan.port, lan.token()
    host = lan_host(lan)
    cookie = f"{COOKIE_NAME}={token}"
    assert (
        exchange(
            port, "/ws", {"Host": host, "Origin": f"http://{host}", "Cookie": cookie}, upgrade=True
        )[0]
        == 101
    )
    assert (
        exchange(
            port,
            "/ws",
            {"Host": host, "Origin": "http://evil.example", "Cookie": cookie},
            upgrade=True,
        )[0]
        == 403
    )
    assert exchange(port, "/ws", {"Host": host, "Origin": f"http://{host}"}, upgrade=True)[0] == 403
