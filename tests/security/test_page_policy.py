"""The real server sends a Content-Security-Policy that allows scripts from itself only (plus the
hashes of the page's own inline scripts) and forbids framing, on the app, its files and the
token gate's refusal; the browser side (the app still boots, nothing leaves 127.0.0.1) is
tests/e2e/test_offline.py."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_support import Server  # noqa: E402
from test_real_server import exchange  # noqa: E402

from seep_scorer.server.pagepolicy import inline_script_hashes  # noqa: E402


@pytest.fixture(scope="module")
def loopback(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("policy") / "data").start()
    yield srv
    srv.stop()


def directives(headers: dict) -> dict[str, list[str]]:
    policy = headers.get("content-security-policy", "")
    parts = (p.split() for p in policy.split(";") if p.strip())
    return {p[0]: p[1:] for p in parts}


def check_policy(headers: dict, body: bytes = b"") -> None:
    found = directives(headers)
    assert "'self'" in found.get("script-src", []), headers
    assert "'unsafe-inline'" not in found["script-src"]
    assert "'unsafe-eval'" not in found["script-src"]
    assert not [s for s in found["script-src"] if "//" in s or s in ("*", "https:", "http:")]
    assert found.get("frame-ancestors") == ["'self'"]
    assert headers.get("x-frame-options") == "DENY"
    for expression in inline_script_hashes(body):  # every inline script of the page may run
        assert expression in found["script-src"]


def test_the_app_page_its_routes_and_files_carry_the_policy(loopback):
    own = {"Host": f"127.0.0.1:{loopback.port}"}
    status, headers, body = exchange(loopback.port, "/", own)
    assert status == 200 and b"<script>" in body
    check_policy(headers, body)
    assert len(inline_script_hashes(body)) >= 2  # Flet's configuration scripts
    for target in ("/match/abc", "/flutter_bootstrap.js", "/main.dart.mjs"):
        status, headers, body = exchange(loopback.port, target, own)
        assert status == 200, target
        check_policy(headers, body)


def test_the_hashes_are_those_of_the_inline_scripts_only():
    page = (
        b"<html><script>var a = 1;</script><script src='x.js'></script>"
        b"<SCRIPT type='module'>b()</SCRIPT ></html>"
    )
    assert len(inline_script_hashes(page)) == 2
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", h) for h in inline_script_hashes(page))


def test_lan_mode_refusal_carries_the_policy_too(tmp_path):
    srv = Server(tmp_path / "data", host="0.0.0.0").start()
    try:
        status, headers, body = exchange(srv.port, "/", {"Host": f"127.0.0.1:{srv.port}"})
    finally:
        srv.stop()
    assert status == 403
    check_policy(headers, body)


def test_a_revalidated_page_keeps_the_policy_of_the_page_the_browser_kept(loopback):
    """A 304 carries no policy: the browser keeps the full answer's, whose hashes match the body it
    keeps. One worked out from the 304's empty body held no hash, and a phone that came back stayed
    on the loading screen (tests/e2e/test_phone_comes_back.py sees it in Chromium)."""
    own = {"Host": f"127.0.0.1:{loopback.port}"}
    for target in ("/", "/match/abc", "/flutter_bootstrap.js"):
        status, headers, body = exchange(loopback.port, target, own)
        assert status == 200 and headers["etag"], target
        status, again, body = exchange(
            loopback.port, target, {**own, "If-None-Match": headers["etag"]}
        )
        assert status == 304 and body == b"", target
        assert "content-security-policy" not in again, (target, again)
        assert again.get("cache-control") == "no-cache", target


def test_every_page_and_file_is_revalidated_on_each_use(loopback):
    """`no-cache`: kept, but checked with the server on each use, so a phone that comes back after
    an upgrade gets every new file, never a mix of old and new ones."""
    own = {"Host": f"127.0.0.1:{loopback.port}"}
    for target in ("/", "/match/abc", "/flutter_bootstrap.js", "/main.dart.wasm", "/manifest.json"):
        status, headers, _ = exchange(loopback.port, target, own)
        assert status == 200 and headers.get("cache-control") == "no-cache", (target, headers)


def test_answers_that_must_not_be_kept_say_so(tmp_path):
    """The token gate's refusal and the join page keep their own `no-store`."""
    srv = Server(tmp_path / "data", host="0.0.0.0").start()
    try:
        own = {"Host": f"127.0.0.1:{srv.port}"}
        status, headers, _ = exchange(srv.port, "/", own)
        assert status == 403 and headers.get("cache-control") == "no-store", headers
    finally:
        srv.stop()


def test_pages_are_not_cross_origin_isolated_and_no_other_site_may_read_them(loopback):
    """Flet asks for isolation (COEP require-corp), on which Flutter draws with two threads, and a
    page was caught spinning in the renderer's malloc for a minute (issue 31, item 4); the answers
    say `unsafe-none`, a 304 too (it replaces what a phone kept), and allow no other origin."""
    own = {"Host": f"127.0.0.1:{loopback.port}"}
    for target in ("/", "/match/abc", "/flutter_bootstrap.js", "/main.dart.wasm"):
        status, headers, _ = exchange(loopback.port, target, own)
        assert status == 200, target
        assert headers.get("cross-origin-embedder-policy") == "unsafe-none", (target, headers)
        assert headers.get("cross-origin-opener-policy") == "same-origin", (target, headers)
        assert "access-control-allow-origin" not in headers, (target, headers)
        status, again, _ = exchange(
            loopback.port, target, {**own, "If-None-Match": headers["etag"]}
        )
        assert status == 304 and again.get("cross-origin-embedder-policy") == "unsafe-none"
