"""Issue 12, item 6: "Invite a phone" is offered only to a session the token let in, in LAN mode,
and never in the phone-only build; its QR code carries the join address, leading to the match on
screen."""

import asyncio
import base64
import io
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from harness import Phone
from PIL import Image

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.roles import TOPIC
from seep_scorer.app.shell.state import session_join_address
from seep_scorer.app.table.invite_model import InviteVM
from seep_scorer.app.table.invite_model import session_join_address as offered_address
from seep_scorer.server.app import COOKIE_NAME, TokenGate, build_asgi

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "security"))
from asgi_fakes import call, make_scope, status  # noqa: E402

TOKEN = "Zk3_q-TestToken0123456789"
JOIN = f"http://192.0.2.7:8550/?token={TOKEN}"
CODE = r"#join=[A-Za-z0-9_-]{24}"


def offered(invite) -> str:
    """The address an invitation gives: a join address with a new one-time code, never the token."""
    address = invite()
    assert TOKEN not in address and address != invite(), address
    return re.sub(CODE + "$", "#join=CODE", address)


def decode(png: bytes) -> str:
    import zxingcpp

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1, found
    return found[0].text


# ----------------------------------------------------------------- the server hands the address out


class Recorder:
    """Stands for the Flet app: what `main(page)` would read when the session starts."""

    def __init__(self):
        self.seen = []

    async def __call__(self, scope, receive, send):
        self.seen.append(session_join_address.get())
        if scope["type"] == "websocket":
            await send({"type": "websocket.accept"})
        else:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b""})


def ws_scope(cookie: bytes | None, port: int = 8550):
    scope = make_scope(
        "websocket",
        "/ws",
        origin=f"http://127.0.0.1:{port}",
        headers=[(b"cookie", cookie)] if cookie else [],
    )
    scope["server"] = ("127.0.0.1", port)
    return scope


def test_the_gate_gives_the_join_address_only_to_a_websocket_that_brought_the_token():
    inner = Recorder()
    gate = TokenGate(inner, TOKEN, "192.0.2.7")
    assert status(call(gate, ws_scope(f"{COOKIE_NAME}={TOKEN}".encode(), port=8551))) == "accepted"
    # the port this server listens on
    assert [offered(i) for i in inner.seen] == ["http://192.0.2.7:8551/#join=CODE"]
    assert status(call(gate, ws_scope(f"{COOKIE_NAME}=wrong".encode()))) == "closed"
    assert status(call(gate, ws_scope(None))) == "closed"
    assert len(inner.seen) == 1  # without the token the app is never reached at all
    assert session_join_address.get() is None  # and nothing leaks out of the connection


def test_ipv6_join_address_in_brackets():
    inner = Recorder()
    call(TokenGate(inner, TOKEN, "fd00::2"), ws_scope(f"{COOKIE_NAME}={TOKEN}".encode()))
    assert [offered(i) for i in inner.seen] == ["http://[fd00::2]:8550/#join=CODE"]


def test_loopback_mode_and_loopback_only_hosts_give_no_join_address(monkeypatch):
    apps = []

    def fake_flet_app(main, **kw):
        apps.append(Recorder())
        return apps[-1]

    import flet_web.fastapi as flet_fastapi

    monkeypatch.setattr(flet_fastapi, "app", fake_flet_app)
    origin = "http://127.0.0.1:8550"
    cookie = [(b"cookie", f"{COOKIE_NAME}={TOKEN}".encode())]
    for token, hosts in ((None, ["127.0.0.1"]), (TOKEN, ["127.0.0.1", "localhost"])):
        app = build_asgi(lambda page: None, token=token, allowed_hosts=hosts)
        scope = make_scope("websocket", "/ws", origin=origin, headers=cookie)
        scope["server"] = ("127.0.0.1", 8550)
        assert status(call(app, scope)) == "accepted"
        assert apps[-1].seen == [None], (token, hosts)
    app = build_asgi(
        lambda page: None, token=TOKEN, allowed_hosts=["192.0.2.7"]
    )  # LAN mode, for contrast
    scope = make_scope("websocket", "/ws", origin=origin, headers=cookie)
    scope["server"] = ("127.0.0.1", 8550)
    call(app, scope)
    assert [offered(i) for i in apps[-1].seen] == ["http://192.0.2.7:8550/#join=CODE"]


def test_the_phone_only_build_never_offers_it(monkeypatch):
    joined = session_join_address.set(JOIN)
    try:
        assert offered_address() == JOIN
        monkeypatch.setattr(sys, "platform", "emscripten")
        assert offered_address() is None
    finally:
        session_join_address.reset(joined)


# ----------------------------------------------------------------- the view-model


def test_the_address_leads_to_the_match_and_keeps_the_token():
    assert InviteVM(JOIN).address == JOIN
    vm = InviteVM(JOIN, "a1b2-c3")
    assert vm.address == f"http://192.0.2.7:8550/match/a1b2-c3?token={TOKEN}"
    assert InviteVM(None, "a1b2").address is None and not InviteVM(None).offered and vm.offered
    six = InviteVM(f"http://[fd00::2]:8550/?token={TOKEN}", "m1")
    assert six.address == f"http://[fd00::2]:8550/match/m1?token={TOKEN}"


@pytest.mark.parametrize("max_px", [280, 312, 364])
def test_the_qr_code_decodes_to_the_address_and_fits(max_px):
    vm = InviteVM(JOIN, "0123abcd")
    png, side = vm.qr_png(max_px)
    image = Image.open(io.BytesIO(png))
    assert image.size == (side, side) and side <= max_px and side >= max_px * 0.8
    assert decode(png) == vm.address
    gray = image.convert("L")
    assert (
        gray.getpixel((0, 0)) == 255 and gray.getpixel((side - 1, side - 1)) == 255
    )  # a white quiet zone


# ----------------------------------------------------------------- whole sessions


async def _session(repo, join):
    joined = session_join_address.set(join)  # what TokenGate does for the session's WebSocket
    try:
        return await Phone(make_main(lambda: repo)).start()
    finally:
        session_join_address.reset(joined)


async def _new_match(phone):
    await phone.tap("new-match")
    await phone.tap("start-match")
    return phone.route.split("/")[2]


def test_a_session_without_a_join_address_sees_no_invite(repo):
    async def go():
        phone = await _session(repo, None)  # loopback mode, or no token
        assert not phone.has("invite")
        await _new_match(phone)
        assert phone.has("undo-deal") and not phone.has("invite")
        await phone.start("/invite")  # typed by hand: a plain sentence, no code
        assert phone.route == "/invite"
        assert not phone.has("invite-qr") and not phone.has("invite-copy")

    asyncio.run(go())


def test_a_token_holder_in_lan_mode_invites_to_the_match_on_screen(repo):
    async def go():
        phone = await _session(repo, JOIN)
        assert phone.has("invite")
        await phone.tap("invite")
        assert phone.route == "/invite"
        assert phone.find("invite-qr").label.endswith(JOIN)
        await phone.go_back()
        match_id = await _new_match(phone)
        assert phone.has("invite") and phone.has("undo-deal")
        await phone.tap("invite")
        assert phone.route == f"/match/{match_id}/invite"
        address = f"http://192.0.2.7:8550/match/{match_id}?token={TOKEN}"
        qr = phone.find("invite-qr")
        assert qr.label.endswith(f": {address}") and address in phone.text("invite-address")
        image = qr.content.content
        assert decode(base64.b64decode(image.src)) == address
        assert image.width == image.height >= 280  # at 412 wide
        assert urlsplit(address).path == f"/match/{match_id}"
        assert phone.has("invite-copy")
        await phone.tap("invite-copy")
        assert "copied" in phone.text("notice")
        await phone.go_back()
        assert phone.route == f"/match/{match_id}"

    asyncio.run(go())


def test_a_screen_rebuilt_by_another_phones_update_keeps_the_entry(repo):
    """A live update runs in the context of the phone that sent it (here one without the address):
    the match deleted there sends this phone to a new matches screen, which still offers the
    invite."""

    async def go():
        a = await _session(repo, JOIN)
        match_id = await _new_match(a)
        joined = session_join_address.set(None)
        try:
            b = await Phone(make_main(lambda: repo), hub=a.hub).start("/")
        finally:
            session_join_address.reset(joined)
        assert not b.has("invite")
        await b.tap("nav-matches")  # b opened at the table's match
        await b.tap(f"delete-match-{match_id}")
        b.page.pubsub.send_others_on_topic(
            TOPIC, ("match", match_id)
        )  # as a save of that match does
        for _ in range(50):
            if a.route == "/":
                break
            await asyncio.sleep(0.02)
        assert a.route == "/" and a.has("invite")

    asyncio.run(go())
