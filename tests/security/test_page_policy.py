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

from seep_scorer.ui.pagepolicy import inline_script_hashes  # noqa: E402


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
