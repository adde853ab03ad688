"""Join addresses carry one-time codes, never the table's token (issue 18, item 19): the code,
handed in by the join page's POST, earns the token's cookie once; spent, it lets nobody in, so an
address left in a browser's history is worthless (the browser's own: e2e/test_join_history.py)."""

import re
import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_support import Server  # noqa: E402
from test_real_server import exchange  # noqa: E402

from seep_scorer.server.access import JoinCodes  # noqa: E402
from seep_scorer.server.app import COOKIE_NAME  # noqa: E402


def post(port: int, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    """One raw POST to 127.0.0.1:port: (status, the whole answer)."""
    lines = [f"POST {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in headers.items()]
    lines += [f"Content-Length: {len(body)}", "Connection: close"]
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


def printed_codes(srv: Server) -> list[str]:
    return re.findall(r"#join=(\S+)", srv.log.read_text(errors="replace"))


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("join") / "data", host="0.0.0.0").start()
    yield srv
    srv.stop()


def test_a_code_works_once_and_the_terminal_then_prints_the_next(lan):
    own = {"Host": f"127.0.0.1:{lan.port}"}
    first = printed_codes(lan)[-1]
    status, answer = post(lan.port, "/seep-join", first.encode(), own)
    assert status == 204
    cookie = re.search(rb"set-cookie: *([^\r\n]+)", answer, re.I).group(1).decode()
    assert cookie.startswith(f"{COOKIE_NAME}=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    token = cookie.split(";", 1)[0].split("=", 1)[1]
    assert token != first and token not in lan.log.read_text(errors="replace")  # never printed
    assert exchange(lan.port, "/", {**own, "Cookie": f"{COOKIE_NAME}={token}"})[0] == 200
    assert post(lan.port, "/seep-join", first.encode(), own)[0] == 403  # spent
    codes = printed_codes(lan)
    assert codes[-1] != first and len(set(codes)) == len(codes)
    assert post(lan.port, "/seep-join", codes[-1].encode(), own)[0] == 204


def test_wrong_odd_or_foreign_attempts_get_nothing(lan):
    own = {"Host": f"127.0.0.1:{lan.port}"}
    code = printed_codes(lan)[-1]
    for body in (b"", b"x", code.encode() + b"x", b"\xff" * 40, code.encode() * 20):
        status, answer = post(lan.port, "/seep-join", body, own)
        assert status == 403 and b"set-cookie" not in answer.lower(), body[:20]
    # a page of another site cannot spend a code it somehow learnt
    foreign = {**own, "Origin": "http://evil.example"}
    assert post(lan.port, "/seep-join", code.encode(), foreign)[0] == 403
    assert exchange(lan.port, "/seep-join", own)[0] == 405  # only POST
    assert post(lan.port, "/seep-join", code.encode(), own)[0] == 204  # still live after all that


def test_the_join_page_and_its_script_need_no_cookie(lan):
    own = {"Host": f"127.0.0.1:{lan.port}"}
    status, _, page = exchange(lan.port, "/match/abc", own)
    assert status == 403 and b"Not authorised" in page and b"src='/seep-join.js'" in page
    status, headers, script = exchange(lan.port, "/seep-join.js", own)
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert b"#|&)join=" in script and b"history.replaceState" in script


def test_codes_are_spent_once_bounded_and_the_printed_one_is_never_dropped():
    codes = JoinCodes(limit=3)
    spent = []
    kept = codes.mint(keep=True, on_redeem=lambda: spent.append(1))
    minted = [codes.mint() for _ in range(5)]
    assert len(codes) == 4  # the three newest and the kept one
    assert not codes.redeem(minted[0]) and not codes.redeem(minted[1])  # forgotten
    assert codes.redeem(minted[-1]) and not codes.redeem(minted[-1])
    assert codes.redeem(kept.encode()) and spent == [1] and not codes.redeem(kept)
    assert not codes.redeem(b"\xff\xfe") and not codes.redeem("") and not codes.redeem("a" * 500)


def test_an_invitation_expires_after_an_hour_the_printed_code_does_not():
    now = [0.0]
    codes = JoinCodes(clock=lambda: now[0])
    printed, invite, fresh = codes.mint(keep=True), codes.mint(), codes.mint()
    now[0] += 3_000
    assert codes.redeem(fresh)
    late = codes.mint()
    now[0] += 700
    assert not codes.redeem(invite) and codes.redeem(printed) and codes.redeem(late)


def test_a_failing_announcement_does_not_cost_the_phone_its_join():
    def terminal_gone():
        raise BrokenPipeError

    codes = JoinCodes()
    assert codes.redeem(codes.mint(keep=True, on_redeem=terminal_gone))
