"""OwnAddressGuard, driven as an ASGI app: only requests
made to the server's own addresses, by its own
pages, reach the app (issue 8, item 1: DNS rebinding and cross-site WebSockets), and over-long paths
never do."""

import asyncio

import pytest

from seep_scorer.server.app import MAX_REQUEST_TARGET_BYTES, OwnAddressGuard

from .asgi_fakes import PORT, InnerApp, call, make_scope, status


def guarded(allowed_hosts=()):
    inner = InnerApp()
    return OwnAddressGuard(inner, allowed_hosts), inner


# ----------------------------------------------------------------- Host

LOOPBACK_HOSTS = [
    f"127.0.0.1:{PORT}",
    f"localhost:{PORT}",
    "localhost",
    "LocalHost:9000",
    "localhost.",
    f"127.1.2.3:{PORT}",
    f"[::1]:{PORT}",
    "[::1]",
    "[0:0:0:0:0:0:0:1]:80",
    "[::ffff:127.0.0.1]",
]
FOREIGN_HOSTS = [
    "evil.example",
    f"evil.example:{PORT}",
    "127.0.0.1.nip.io",
    f"localhost.evil.example:{PORT}",
    f"0.0.0.0:{PORT}",
    f"192.168.1.5:{PORT}",
    "",
    "::1",
    "[::1",
    "[::1]x",
    "[127.0.0.1]",
    "localhost:abc",
    "localhost:0",
    "localhost:99999",
    f"localhost:{PORT}@evil.example",
    "evil.example#localhost",
    "local host",
    "localhost\x00",
]


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
def test_loopback_mode_answers_to_loopback_names_and_addresses_on_any_port(host):
    app, inner = guarded()
    assert status(call(app, make_scope(host=host))) == 200
    assert inner.reached == 1


@pytest.mark.parametrize("host", FOREIGN_HOSTS)
def test_loopback_mode_refuses_any_other_host_with_a_plain_page(host):
    app, inner = guarded()
    sent = call(app, make_scope(host=host))
    assert status(sent) == 421
    assert b"Wrong address" in sent[1]["body"] and b"Traceback" not in sent[1]["body"]
    assert inner.reached == 0


def test_a_host_header_that_is_not_text_or_missing_or_doubled_is_refused():
    app, inner = guarded()
    assert status(call(app, make_scope(host="ｌocalhost".encode("utf-8")))) == 421
    assert status(call(app, make_scope(host=b"localhost\xff"))) == 421
    assert status(call(app, make_scope(host=None))) == 421
    doubled = make_scope(host=f"127.0.0.1:{PORT}", headers=[(b"host", b"evil.example")])
    assert status(call(app, doubled)) == 421
    assert inner.reached == 0


def test_lan_mode_answers_to_its_own_address_and_to_loopback_only():
    app, inner = guarded(["192.168.1.20"])
    assert status(call(app, make_scope(host=f"192.168.1.20:{PORT}"))) == 200
    assert (
        status(call(app, make_scope(host=f"localhost:{PORT}"))) == 200
    )  # the machine's own browser
    assert status(call(app, make_scope(host=f"192.168.1.21:{PORT}"))) == 421
    assert status(call(app, make_scope(host=f"evil.example:{PORT}"))) == 421
    assert inner.reached == 2


def test_allowed_names_ignore_case_and_ipv6_addresses_any_spelling():
    app, _ = guarded(["MyBox.Local", "fe80::1"])
    assert status(call(app, make_scope(host=f"mybox.LOCAL:{PORT}"))) == 200
    assert status(call(app, make_scope(host=f"[FE80:0:0::1]:{PORT}"))) == 200
    assert status(call(app, make_scope(host=f"fe80::1:{PORT}"))) == 421  # IPv6 without brackets


def test_a_websocket_to_a_foreign_host_is_closed_unaccepted():
    app, inner = guarded()
    scope = make_scope(
        "websocket", "/ws", host=f"evil.example:{PORT}", origin=f"http://evil.example:{PORT}"
    )
    assert status(call(app, scope)) == "closed"
    assert inner.reached == 0


# ----------------------------------------------------------------- Origin

OWN = f"127.0.0.1:{PORT}"


@pytest.mark.parametrize(
    "host, origin",
    [
        (OWN, f"http://{OWN}"),
        (f"localhost:{PORT}", f"http://LOCALHOST:{PORT}"),
        (f"[::1]:{PORT}", f"http://[::1]:{PORT}"),
        ("localhost", "http://localhost:80"),  # default ports spelled or not
        ("localhost:80", "http://localhost"),
        (OWN, f"https://{OWN}"),  # behind a TLS proxy
    ],
)
def test_a_websocket_from_the_pages_own_origin_is_accepted(host, origin):
    app, inner = guarded()
    assert status(call(app, make_scope("websocket", "/ws", host=host, origin=origin))) == "accepted"
    assert inner.reached == 1


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        f"http://evil.example:{PORT}",
        f"http://localhost:{PORT}",  # another name, same machine
        f"http://127.0.0.1:{PORT + 1}",
        "http://127.0.0.1",
        "null",
        f"ws://{OWN}",
        f"file://{OWN}",
        f"{OWN}",
        f"http://{OWN}.evil.example",
        f"http://{OWN}/path",
        "",
        b"http://127.0.0.1:8550\xff",
    ],
)
def test_a_websocket_from_any_other_origin_is_closed_before_the_app_sees_it(origin):
    app, inner = guarded()
    assert status(call(app, make_scope("websocket", "/ws", host=OWN, origin=origin))) == "closed"
    assert inner.reached == 0


def test_a_websocket_without_origin_is_refused_browsers_always_send_one():
    app, inner = guarded()
    assert status(call(app, make_scope("websocket", "/ws", host=OWN))) == "closed"
    assert inner.reached == 0


def test_a_websocket_with_two_origins_is_refused():
    app, _ = guarded()
    scope = make_scope(
        "websocket",
        "/ws",
        host=OWN,
        origin=f"http://{OWN}",
        headers=[(b"origin", b"http://evil.example")],
    )
    assert status(call(app, scope)) == "closed"


def test_http_from_another_site_is_refused_and_plain_navigation_is_not():
    app, inner = guarded()
    assert status(call(app, make_scope(host=OWN))) == 200  # navigation, <img>, <script>: no Origin
    assert (
        status(call(app, make_scope(host=OWN, origin=f"http://{OWN}"))) == 200
    )  # fonts, fetch() of its own
    sent = call(app, make_scope(host=OWN, origin="http://evil.example"))
    assert status(sent) == 403 and b"another web site" in sent[1]["body"]
    assert inner.reached == 2


# ----------------------------------------------------------------- length


def test_an_over_long_path_or_query_never_reaches_the_app():
    app, inner = guarded()
    at_limit = "/" + "a" * (MAX_REQUEST_TARGET_BYTES - 1)
    assert status(call(app, make_scope(path=at_limit))) == 200
    route = "/match/" + "x" * 100_000
    sent = call(app, make_scope(path=route))
    assert status(sent) == 414 and b"too long" in sent[1]["body"]
    assert status(call(app, make_scope(query=b"q=" + b"x" * 100_000))) == 414
    assert (
        status(call(app, make_scope("websocket", "/ws/" + "x" * 100_000, origin=f"http://{OWN}")))
        == "closed"
    )
    assert inner.reached == 1


def test_the_lifespan_passes_through():
    app, inner = guarded()

    async def receive():
        return {"type": "lifespan.startup"}

    async def send(message):
        pass

    asyncio.run(app({"type": "lifespan"}, receive, send))
    assert inner.reached == 1
