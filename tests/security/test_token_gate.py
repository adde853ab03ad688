"""TokenGate (LAN mode), driven as an ASGI app: the token cookie is found whatever other cookies the
browser sends (issue 8, item 2), and the join redirect stays on this server and never fails
(item 4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seep_scorer.server.app import COOKIE_NAME, TokenGate, cookie_values

from .asgi_fakes import InnerApp, call, header, make_scope, status

TOKEN = "Zk3_q-TestToken0123456789"
GOOD = f"{COOKIE_NAME}={TOKEN}"


def gate():
    inner = InnerApp()
    return TokenGate(inner, TOKEN), inner


def with_cookies(*values: bytes, kind="http", path="/") -> dict:
    return make_scope(
        kind,
        path,
        origin="http://127.0.0.1:8550" if kind == "websocket" else None,
        headers=[(b"cookie", v) for v in values],
    )


# ----------------------------------------------------------------- the Cookie header

ODD_NEIGHBOURS = [
    f'a="b; {GOOD}'.encode(),  # an unclosed quote before it
    f"x=y,z; {GOOD}".encode(),  # a comma in another value
    f"{GOOD}; x=y,z".encode(),
    f'prefs={{"a":[1,2]}}; {GOOD}'.encode(),  # JSON with braces and brackets
    f"[weird]=1; {GOOD}; other]=x".encode(),  # brackets in names
    f"q='single quoted'; {GOOD}".encode(),
    f"name=Ren\xe9e; {GOOD}".encode("latin-1"),  # a raw Latin-1 byte
    f"name=टीम; {GOOD}".encode("utf-8"),  # raw UTF-8, not Latin-1
    b"junk\xff\xfe; " + GOOD.encode(),
    f"novalue; =orphan; ;; {GOOD};".encode(),
    f"  {COOKIE_NAME} = {TOKEN} ".encode(),  # spaces around
    f'{COOKIE_NAME}="{TOKEN}"'.encode(),  # quoted value
    # same name set by another app on this host
    f"{COOKIE_NAME}=stale-from-another-app; {GOOD}".encode(),
    f"{GOOD}; {COOKIE_NAME}=stale-from-another-app".encode(),
]


@pytest.mark.parametrize("cookie", ODD_NEIGHBOURS, ids=range(len(ODD_NEIGHBOURS)))
def test_an_odd_cookie_of_another_app_never_hides_the_token(cookie):
    app, inner = gate()
    assert status(call(app, with_cookies(cookie))) == 200
    assert status(call(app, with_cookies(cookie, kind="websocket", path="/ws"))) == "accepted"
    assert inner.reached == 2


def test_the_token_may_come_in_any_of_several_cookie_headers():
    app, inner = gate()
    assert status(call(app, with_cookies(b'a="b', b"theme=dark", GOOD.encode()))) == 200
    assert status(call(app, with_cookies(GOOD.encode(), b"x=y,z"))) == 200
    assert inner.reached == 2


@pytest.mark.parametrize(
    "cookie",
    [
        b"",
        b";",
        b"=",
        COOKIE_NAME.encode(),
        f"{COOKIE_NAME}=".encode(),
        f"{COOKIE_NAME}=wrong".encode(),
        f"{COOKIE_NAME}={TOKEN}x".encode(),
        f"x{COOKIE_NAME}={TOKEN}".encode(),
        f'a="{GOOD}"'.encode(),
        f"{COOKIE_NAME}={TOKEN[:-1]}\xe9".encode("latin-1"),
        b"\xff" * 50,
    ],
)
def test_without_the_right_token_cookie_the_answer_is_403_and_never_a_crash(cookie):
    app, inner = gate()
    sent = call(app, with_cookies(cookie))
    assert status(sent) == 403 and b"Not authorised" in sent[1]["body"]
    assert status(call(app, with_cookies(cookie, kind="websocket", path="/ws"))) == "closed"
    assert inner.reached == 0


@given(st.lists(st.binary(max_size=40), max_size=6), st.integers(min_value=0, max_value=6))
def test_the_token_cookie_is_found_among_any_bytes(others, position):
    pairs = [b for b in others if b";" not in b]
    pairs.insert(min(position, len(pairs)), GOOD.encode())
    assert TOKEN.encode() in cookie_values([(b"cookie", b"; ".join(pairs))], COOKIE_NAME)


# ----------------------------------------------------------------- the join redirect


def join(
    path: str, raw_path: bytes | None = None, query: bytes = f"token={TOKEN}".encode()
) -> list[dict]:
    app, inner = gate()
    sent = call(app, make_scope(path=path, raw_path=raw_path, query=query))
    assert inner.reached == 0
    return sent


def test_the_join_link_sets_the_cookie_and_redirects_to_the_same_address_without_the_token():
    sent = join("/")
    assert status(sent) == 303
    assert header(sent, b"location") == b"/"
    assert header(sent, b"set-cookie").startswith(f"{GOOD};".encode())
    sent = join("/match/abc", query=f"lang=hi&token={TOKEN}".encode())
    assert header(sent, b"location") == b"/match/abc?lang=hi"


@pytest.mark.parametrize(
    "path, location",
    [
        ("//evil.example/x", b"/evil.example/x"),
        ("///evil.example", b"/evil.example"),
        ("/\\evil.example/x", b"/%5Cevil.example/x"),  # browsers read a backslash as a slash
        ("/\t/evil.example", b"/%09/evil.example"),  # and drop tabs
        ("/ /x", b"/%20/x"),
    ],
)
def test_the_redirect_never_leaves_this_server(path, location):
    sent = join(path)
    assert status(sent) == 303
    assert header(sent, b"location") == location


def test_a_non_latin1_path_redirects_instead_of_failing():
    expected = b"/%E0%A4%AE%E0%A5%88%E0%A4%9A/%E0%A5%A7"  # /मैच/१ in UTF-8, percent-quoted
    sent = join("/मैच/१", raw_path=expected)  # as uvicorn passes it: raw_path as sent, path decoded
    assert (
        status(sent) == 303 and header(sent, b"location") == expected
    )  # escapes kept, not doubled
    sent = join("/मैच/१", raw_path="/मैच/१".encode("utf-8"))  # raw bytes on the request line
    assert status(sent) == 303 and header(sent, b"location") == expected
    scope = make_scope(path="/मैच/१", query=f"token={TOKEN}".encode())
    del scope["raw_path"]  # optional in ASGI
    sent = call(gate()[0], scope)
    assert status(sent) == 303 and header(sent, b"location") == expected


@given(st.text(max_size=40), st.binary(max_size=40))
def test_any_path_gives_a_same_site_ascii_location(path, raw_path):
    for scope_raw in (None, raw_path, b"/" + raw_path, b"//" + raw_path):
        sent = join("/" + path, raw_path=scope_raw)
        location = header(sent, b"location")
        assert status(sent) == 303 and location.isascii()
        assert location.startswith(b"/") and not location.startswith((b"//", b"/\\"))
        assert not any(c in location for c in b"\\\t\r\n ")
